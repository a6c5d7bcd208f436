// «Actualización bimestral del SBC» (issue 27; LSS art. 30 fr. II): RH picks a closed bimester, sees each
// employee's variable part (perceptions that integrate ÷ days accrued) and the new SBC, and applies it once:
// every changed SBC becomes a modificación de salario (07) effective the first day of the next month, listed below.
import { useState } from 'react';
import { Button, Group, Paper, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { useLazyQuery, useMutation } from '@apollo/client/react';
import { RhSbcVariableApplyDocument, RhSbcVariablePreviewDocument, type RhSbcVariablePreviewQuery } from '../../../../generated/modules/human-resources/graphql';
import { useConfirm } from '../../../components/confirm';
import { formatDate, formatMoney } from '../../../components/format';
import type { ListColumn } from '../../../components/ListPage';
import { notifySuccess } from '../../../components/notify';
import { ReportTable } from '../../../components/ReportTable';
import { readGraphQLError } from '../../../components/graphqlErrors';
import { BIMESTER_OPTIONS, lastClosedBimester, YEAR_OPTIONS } from '../bimesters';

type Row = RhSbcVariablePreviewQuery['rhSbcVariablePreview']['employees'][number];


const COLUMNS: ListColumn<Row>[] = [
  { key: 'employee', header: 'Empleado', render: (r) => `${r.number} · ${r.name}` },
  { key: 'days', header: 'Días devengados', align: 'right' },
  { key: 'integrable', header: 'Variables que integran', align: 'right', render: (r) => formatMoney(r.integrable) },
  { key: 'variableDaily', header: 'Parte variable diaria', align: 'right', render: (r) => formatMoney(r.variableDaily) },
  { key: 'currentSbc', header: 'SBC actual', align: 'right', render: (r) => formatMoney(r.currentSbc) },
  { key: 'sbc', header: 'SBC nuevo', align: 'right', render: (r) => `${formatMoney(r.sbc)}${r.capped ? ' (tope 25 UMA)' : ''}` },
  { key: 'changes', header: 'Movimiento', render: (r) => (r.changes ? '07 Modificación' : 'Sin cambio') },
];

export function SbcVariableSection({ canApply }: { canApply: boolean }) {
  const initial = lastClosedBimester();
  const [year, setYear] = useState<string>(String(initial.year));
  const [onlyChanged, setOnlyChanged] = useState(true);
  const [bimester, setBimester] = useState<string>(String(initial.bimester));
  const [load, { data, loading, error, refetch }] = useLazyQuery(RhSbcVariablePreviewDocument, { fetchPolicy: 'network-only' });
  const [apply, applying] = useMutation(RhSbcVariableApplyDocument, { refetchQueries: ['RhImssMovementList'] });
  const confirm = useConfirm();
  const preview = data?.rhSbcVariablePreview;
  const changed = preview?.employees.filter((e) => e.changes).length ?? 0;
  // The API refuses applying a bimester where nobody changes (no 07 to present): the button says why first.
  const nothingToApply = Boolean(preview && !preview.applied && changed === 0);

  return (
    <Paper withBorder p="md" mb="md">
      <Stack gap="sm">
        <Title order={4}>Actualización bimestral del SBC (parte variable)</Title>
        <Text size="sm" c="dimmed">
          Percepciones variables que integran (comisiones, prima dominical, descanso laborado, horas triples, premios arriba del 10 % y despensa arriba del 40 % UMA) de las nóminas cerradas del bimestre ÷ días devengados, más el SDI fijo; tope 25 UMA (arts. 27, 30 y 34 LSS).
        </Text>
        <Group align="flex-end">
          <Select label="Año" data={YEAR_OPTIONS} value={year} onChange={(v) => setYear(v ?? String(initial.year))} allowDeselect={false} w={110} />
          <Select label="Bimestre" data={BIMESTER_OPTIONS} value={bimester} onChange={(v) => setBimester(v ?? '1')} w={230} allowDeselect={false} />
          <Button variant="light" loading={loading} onClick={() => void load({ variables: { year: Number(year), bimester: Number(bimester) } })}>
            Calcular
          </Button>
          {preview && canApply ? (
            <Button
              disabled={preview.applied || nothingToApply}
              aria-describedby={nothingToApply ? 'sbc-variable-nothing' : undefined}
              loading={applying.loading}
              onClick={async () => {
                const ok = await confirm({
                  title: 'Aplicar la actualización del SBC',
                  message: `Se registrarán ${changed} modificaciones de salario (07) con fecha ${formatDate(preview.effectiveDate)}; preséntalas en IDSE a más tardar el ${formatDate(preview.deadline)}. Solo se aplica una vez por bimestre.`,
                  confirmLabel: 'Aplicar',
                });
                if (!ok) return;
                const r = await apply({ variables: { year: preview.year, bimester: preview.bimester } });
                if (r.data) notifySuccess(`${r.data.rhSbcVariableApply.movements} modificaciones registradas.`, 'SBC actualizado');
                await refetch();
              }}
            >
              {preview.applied ? 'Ya aplicado' : 'Aplicar'}
            </Button>
          ) : null}
          {preview && canApply && nothingToApply ? (
            <Text id="sbc-variable-nothing" size="sm" c="dimmed" pb={6}>
              Nada que aplicar: nadie cambia de SBC en este bimestre.
            </Text>
          ) : null}
        </Group>
        {error ? (
          <Text c="red" size="sm">
            {readGraphQLError(error)?.message}
          </Text>
        ) : null}
        {preview ? (
          <>
            <Text size="sm">
              {formatDate(preview.from)} al {formatDate(preview.to)} ({preview.calendarDays} días) · fecha de efecto {formatDate(preview.effectiveDate)} · fecha límite IDSE {formatDate(preview.deadline)}
              {preview.applied ? ' · ya aplicado' : ''}
            </Text>
            <Switch label={`Solo quienes cambian de SBC (${changed} de ${preview.employees.length})`} checked={onlyChanged} onChange={(e) => setOnlyChanged(e.currentTarget.checked)} />
            <ReportTable
              columns={COLUMNS}
              rows={onlyChanged ? preview.employees.filter((e) => e.changes) : preview.employees}
              rowKey={(r) => r.employeeId}
              emptyText={onlyChanged && preview.employees.length ? 'Nadie cambia de SBC en el bimestre: no hay modificaciones que presentar.' : 'Ningún empleado con empleo en el bimestre.'}
            />
          </>
        ) : (
          <Text size="sm" c="dimmed">
            Elige un bimestre cerrado y pulsa «Calcular» para ver la parte variable de cada empleado.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
