// Edición de Inspecciones (`?id=`): one card per checklist point — cumple /
// no cumple / N/A, a note and a photo (on a phone the file input opens the
// rear camera) — with the weighted score computed live by the same function
// the server uses. A saved "no cumple" raises a Mantenimiento report in one
// click. "Cerrar inspección" checks the required photos, asks (it cannot be
// undone), saves and leaves the inspection read-only. Laid out for a 390 px wide phone first.
import { useMemo, useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, Paper, SegmentedControl, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@apollo/client/react';
import { IconAlertCircle, IconCamera, IconLock, IconTool } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import {
  SecInspectionAnswerPhotoDocument,
  SecInspectionCloseDocument,
  SecInspectionDetailDocument,
  SecInspectionRaiseReportDocument,
  SecInspectionSaveDocument,
  type SecInspectionAnswerValue,
  type SecInspectionDetailQuery,
} from '../../../../generated/modules/security/graphql';
import { closeProblems, formatInspectionFolio, inspectionResult, inspectionScore } from '../../../../schema/security/inspections';
import { useScreenAccess } from '../../../components/access';
import { AttachmentList, UploadButton } from '../../../components/Attachments';
import { idParam } from '../../../components/dates';
import { DocumentActions, type DocumentAction } from '../../../components/DocumentActions';
import { FormPage } from '../../../components/FormPage';
import { formatDate, formatNumber } from '../../../components/format';
import { readGraphQLError } from '../../../components/graphqlErrors';
import { notifyError, notifySuccess } from '../../../components/notify';
import { asAppError } from '../../../components/serverErrors';
import { StatusBadge } from '../../../components/StatusBadge';
import { useFormSave } from '../../../components/useFormSave';
import { BADGES, MODULE, OPTIONS, PRIORITY_LABELS, SECURITY_PATHS, common } from '../texts';

type Inspection = NonNullable<SecInspectionDetailQuery['secInspection']>;
type Answer = Inspection['answers'][number];
type Local = Record<string, { answer: SecInspectionAnswerValue | null; note: string }>;

const t = {
  title: (i: Inspection) => `${formatInspectionFolio(i.folio)} · ${i.typeName}`,
  score: 'Calificación',
  noScore: 'Sin puntos aplicables contestados',
  answered: (a: number, n: number) => `${a} de ${n} puntos contestados`,
  passing: (p: string) => `Mínima aprobatoria: ${formatNumber(p, 2)} %`,
  criticalFailure: 'Un punto crítico no cumple: la inspección queda reprobada sea cual sea la calificación.',
  critical: 'Crítico',
  evidence: 'Foto requerida',
  weight: (w: string) => `Peso ${formatNumber(w, 2)}`,
  note: 'Nota',
  photo: 'Tomar foto',
  replacePhoto: 'Cambiar foto',
  photoSaved: 'Foto guardada.',
  raise: 'Levantar reporte de mantenimiento',
  raised: 'Reporte levantado: aparece en Mantenimiento › Gestión de reportes.',
  saveFirst: 'Guarda la respuesta «no cumple» para levantar el reporte.',
  report: 'Reporte',
  saved: 'Inspección guardada.',
  close: 'Cerrar inspección',
  closed: (folio: string) => `Inspección ${folio} cerrada.`,
  closedNotice: 'Inspección cerrada: es de solo lectura.',
  notes: 'Notas generales',
  info: { area: 'Área', inspector: 'Inspector', date: 'Fecha' },
};

function ScoreCard({ inspection, local }: { inspection: Inspection; local: Local }) {
  const s = inspectionScore(inspection.answers.map((a) => ({ weight: a.weight, critical: a.critical, answer: local[a.id]?.answer ?? null })));
  const result = inspectionResult(s, inspection.passingScore);
  const shownResult = inspection.result ?? (s.answered === s.total ? result : null);
  return (
    <Paper withBorder radius="md" p="md" data-testid="score-card">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            {t.score}
          </Text>
          <Text fz={30} fw={700} lh={1.1} data-testid="live-score" c={s.criticalFailure ? 'red' : undefined} style={{ whiteSpace: 'nowrap' }}>
            {s.score === null ? '—' : `${formatNumber(s.score, 2)} %`}
          </Text>
          <Text size="xs" c="dimmed">
            {s.score === null ? t.noScore : t.passing(inspection.passingScore)}
          </Text>
        </Stack>
        <Stack gap={4} align="flex-end">
          {shownResult ? <StatusBadge status={shownResult} labels={BADGES.result} /> : null}
          <Text size="xs" c="dimmed" ta="right">
            {t.answered(s.answered, s.total)}
          </Text>
        </Stack>
      </Group>
      {s.criticalFailure ? (
        <Alert mt="sm" color="red" variant="light" icon={<IconAlertCircle size={18} />} p="xs">
          <Text size="sm">{t.criticalFailure}</Text>
        </Alert>
      ) : null}
    </Paper>
  );
}

function AnswerCard({
  answer,
  value,
  editable,
  canRaise,
  savedAnswer,
  onChange,
  onPhoto,
  onRaise,
  problem,
}: {
  answer: Answer;
  value: Local[string];
  editable: boolean;
  canRaise: boolean;
  savedAnswer: SecInspectionAnswerValue | null;
  onChange: (v: Local[string]) => void;
  onPhoto: (fileId: string | null) => Promise<void>;
  onRaise: () => Promise<void>;
  problem?: string;
}) {
  const [raising, setRaising] = useState(false);
  const failing = value.answer === 'no_cumple';
  return (
    <Paper withBorder radius="md" p="sm" data-testid={`point-${answer.position}`} style={problem ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}>
      <Stack gap={8}>
        <Text fw={600} size="sm">
          {answer.position}. {answer.text}
        </Text>
        <Group gap={6}>
          {answer.critical ? <Badge color="red" variant="light" size="sm">{t.critical}</Badge> : null}
          {answer.evidenceRequired ? <Badge color="blue" variant="light" size="sm">{t.evidence}</Badge> : null}
          <Badge color="gray" variant="outline" size="sm">
            {t.weight(answer.weight)}
          </Badge>
        </Group>
        <SegmentedControl
          fullWidth
          aria-label={`Respuesta del punto ${answer.position}`}
          data={OPTIONS.answers}
          value={value.answer ?? ''}
          onChange={(v) => onChange({ ...value, answer: v as SecInspectionAnswerValue })}
          disabled={!editable}
          color={value.answer === 'no_cumple' ? 'red' : value.answer === 'cumple' ? 'teal' : 'gray'}
        />
        {editable || value.note ? (
          <Textarea
            aria-label={`${t.note} del punto ${answer.position}`}
            placeholder={t.note}
            autosize
            minRows={1}
            maxLength={500}
            value={value.note}
            readOnly={!editable}
            onChange={(e) => onChange({ ...value, note: e.currentTarget.value })}
          />
        ) : null}
        <AttachmentList files={answer.photo ? [answer.photo] : []} empty={null} onRemove={editable ? () => onPhoto(null) : undefined} />
        {editable ? (
          <Group gap="xs" wrap="wrap">
            <UploadButton
              types={['png', 'jpg', 'webp']}
              accept="image/*"
              capture="environment"
              icon={<IconCamera size={14} />}
              label={answer.photo ? t.replacePhoto : t.photo}
              size="sm"
              onUploaded={(file) => onPhoto(file.id)}
            />
          </Group>
        ) : null}
        {answer.failureReport ? (
          <Group gap="xs">
            <Text size="sm">
              {t.report} <b>{answer.failureReport.folio}</b>
            </Text>
            <StatusBadge status={answer.failureReport.status} labels={BADGES.report} />
            {answer.failureReport.priority ? <Badge variant="outline" size="sm">{PRIORITY_LABELS[answer.failureReport.priority] ?? answer.failureReport.priority}</Badge> : null}
          </Group>
        ) : failing && canRaise ? (
          <Button
            variant="light"
            color="orange"
            leftSection={<IconTool size={16} />}
            loading={raising}
            onClick={() => {
              setRaising(true);
              void onRaise().finally(() => setRaising(false));
            }}
            title={savedAnswer === 'no_cumple' ? undefined : t.saveFirst}
          >
            {t.raise}
          </Button>
        ) : null}
        {problem ? (
          <Text size="xs" c="red">
            {problem}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

function InspectionEditor({ inspection, onReload }: { inspection: Inspection; onReload: () => Promise<unknown> }) {
  const navigate = useNavigate();
  const access = useScreenAccess(MODULE, 'Inspecciones');
  const reportAccess = useScreenAccess(MODULE, 'Reportes de Mantenimiento');
  const [saveAnswers] = useMutation(SecInspectionSaveDocument);
  const [close] = useMutation(SecInspectionCloseDocument);
  const [setPhoto] = useMutation(SecInspectionAnswerPhotoDocument);
  const [raise] = useMutation(SecInspectionRaiseReportDocument);
  const initial = useMemo<Local>(() => Object.fromEntries(inspection.answers.map((a) => [a.id, { answer: a.answer ?? null, note: a.note }])), [inspection]);
  const form = useForm<{ notes: string; answers: Local }>({ mode: 'controlled', initialValues: { notes: inspection.notes, answers: initial } });
  const { notes, answers: local } = form.values;
  const editable = inspection.status === 'borrador' && access.editar;
  const dirty = editable && form.isDirty();
  const folio = formatInspectionFolio(inspection.folio);
  // Saving, closing and raising a report all save the answers first; a point's
  // problem goes on its card (answers.<id>) and, on this long phone screen, in a notice.
  const { save, saving, error } = useFormSave({
    form,
    fields: ['notes', 'answers.'],
    onSaved: () => void onReload(),
    asNotice: (e) => e.code === 'BAD_USER_INPUT' && Object.keys(e.fields).some((k) => k.startsWith('answers.')),
  });
  const problem = (answerId: string) => form.errors[`answers.${answerId}`] as string | undefined;

  /** Saves when something changed; returns the version to use next. */
  const persist = async (): Promise<number> => {
    if (!dirty) return inspection.version;
    const r = await saveAnswers({ variables: { id: inspection.id, version: inspection.version, input: { notes, answers: inspection.answers.map((a) => ({ id: a.id, answer: local[a.id].answer, note: local[a.id].note })) } } });
    return r.data?.secInspectionSave.version ?? inspection.version;
  };
  const submit = () =>
    save(async () => {
      await persist();
      return t.saved;
    });
  /** Unanswered points and missing photos are marked before asking to close. */
  const closable = () => {
    const byPosition = new Map(inspection.answers.map((a) => [a.position, a.id]));
    const found = closeProblems(inspection.answers.map((a) => ({ position: a.position, text: a.text, answer: local[a.id].answer, evidenceRequired: a.evidenceRequired, hasPhoto: Boolean(a.photo) })));
    if (!found.length) return true;
    form.setErrors(Object.fromEntries(found.map((p) => [`answers.${byPosition.get(p.position) ?? ''}`, p.message])));
    notifyError(found[0].message, 'No se puede cerrar');
    return false;
  };
  // Closing saves the answers as shown first, so it needs no «Guardar» before it.
  const closeAction: DocumentAction = {
    key: 'close',
    label: t.close,
    verb: 'cerrar',
    icon: <IconLock size={16} />,
    color: 'teal',
    variant: 'light',
    show: editable,
    irreversible: true,
    sendsForm: true,
    check: closable,
    run: () =>
      save(async () => {
        const version = await persist();
        await close({ variables: { id: inspection.id, version } });
        return t.closed(folio);
      }),
  };

  return (
    <FormPage
      entity="sec_inspection"
      title={t.title(inspection)}
      headerActions={<StatusBadge status={inspection.status} labels={BADGES.inspection} />}
      onSubmit={submit}
      onCancel={() => void navigate(SECURITY_PATHS.inspections)}
      dirty={dirty}
      saving={saving}
      error={error}
      onReload={() => void onReload()}
      readOnly={!editable}
      record={{ noun: 'la inspección', reference: folio }}
      extraActions={editable ? <DocumentActions actions={[closeAction]} collapse={false} /> : null}
    >
      <Stack gap="sm">
        {inspection.status === 'cerrada' ? (
          <Alert color="gray" variant="light" icon={<IconLock size={18} />}>
            {t.closedNotice}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <ScoreCard inspection={inspection} local={local} />
          <Paper withBorder radius="md" p="md">
            <Stack gap={4}>
              <Text size="sm">
                <b>{t.info.area}:</b> {inspection.area}
              </Text>
              <Text size="sm">
                <b>{t.info.inspector}:</b> {inspection.inspectorName}
              </Text>
              <Text size="sm">
                <b>{t.info.date}:</b> {formatDate(inspection.inspectedOn)}
              </Text>
            </Stack>
          </Paper>
        </SimpleGrid>
        {inspection.answers.map((a) => (
          <AnswerCard
            key={a.id}
            answer={a}
            value={local[a.id]}
            editable={editable}
            canRaise={reportAccess.crear}
            savedAnswer={a.answer ?? null}
            problem={problem(a.id)}
            onChange={(v) => form.setFieldValue(`answers.${a.id}`, v)}
            onPhoto={async (fileId) => {
              try {
                await setPhoto({ variables: { answerId: a.id, fileId } });
                form.setFieldError(`answers.${a.id}`, null);
                if (fileId) notifySuccess(t.photoSaved);
                await onReload();
              } catch (caught) {
                const e = asAppError(caught);
                notifyError(Object.values(e.fields)[0] ?? e.message);
              }
            }}
            onRaise={() =>
              save(async () => {
                await persist();
                await raise({ variables: { answerId: a.id } });
                return t.raised;
              })
            }
          />
        ))}
        <Textarea label={t.notes} autosize minRows={2} maxLength={1000} readOnly={!editable} {...form.getInputProps('notes')} />
      </Stack>
    </FormPage>
  );
}

export function InspectionDetailPage() {
  const [searchParams] = useSearchParams();
  const rawId = searchParams.get('id');
  const id = idParam(rawId);
  const detail = useQuery(SecInspectionDetailDocument, { variables: { id: id ?? '' }, skip: id === null, fetchPolicy: 'network-only' });
  const inspection = detail.data?.secInspection ?? null;
  const loadError = readGraphQLError(detail.error);
  if (id === null || (detail.data && !inspection) || loadError) {
    return (
      <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} />} title={loadError?.message ?? common.notFound('La inspección')}>
        <Anchor component={Link} to={SECURITY_PATHS.inspections}>
          {common.backTo('Inspecciones')}
        </Anchor>
      </Alert>
    );
  }
  if (!inspection) {
    return <FormPage onSubmit={async () => undefined} onCancel={() => undefined} dirty={false} saving={false} loading>{null}</FormPage>;
  }
  return <InspectionEditor key={`${inspection.id}:${inspection.version}`} inspection={inspection} onReload={() => detail.refetch()} />;
}
