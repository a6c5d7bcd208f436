// The company's CSD (Certificado de Sello Digital), with which every emitted
// invoice is sealed before the PAC stamps it: its public data and how long it
// is still valid; a user with "editar" on Configuración-Empresa uploads a new one (.cer,
// .key and the key's password). The files travel over /api/files and only
// their ids reach companyCsdUpload; the private key never comes back.
import { Alert, Badge, FileInput, Group, Paper, PasswordInput, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@apollo/client/react';
import { IconAlertTriangle, IconCertificate } from '@tabler/icons-react';
import { CompanyCsdDetailDocument, CompanyCsdUploadDocument, type CompanyCsdFieldsFragment } from '../../../../generated/modules/settings/graphql';
import { csdExpiry, type CsdExpiry } from '../../../../schema/sales/csd';
import { FileTransferError, uploadFile } from '../../../components/attachments';
import { FormDialog } from '../../../components/EditDialog';
import { formatDate } from '../../../components/format';
import { ERROR_MESSAGES, type AppError } from '../../../components/graphqlErrors';
import { InfoField } from '../../../components/InfoField';
import { errorForForm, placedFields, unplacedMessages } from '../../../components/serverErrors';
import { useFormSave } from '../../../components/useFormSave';
import { texts } from './texts';

const t = texts.csd;
/** The server names the upload's inputs by the ids it receives. */
const FIELDS = ['cerFileId', 'keyFileId', 'password'];
const EXPIRY_COLOR: Record<CsdExpiry, string> = { vigente: 'teal', por_vencer: 'orange', vencido: 'red' };

type Values = { cer: File | null; key: File | null; password: string };

/** A file /api/files refused (not a DER file, too large…) is said under the input it came from. */
async function uploadOn(file: File, field: 'cerFileId' | 'keyFileId'): Promise<string> {
  try {
    return (await uploadFile(file)).id;
  } catch (caught) {
    const message = caught instanceof FileTransferError ? caught.message : String(caught);
    const error: AppError = { code: 'BAD_USER_INPUT', message, fields: { [field]: message } };
    throw error;
  }
}

export function CsdSummary({ csd }: { csd: CompanyCsdFieldsFragment | null }) {
  if (!csd) {
    return (
      <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
        {t.none}
      </Alert>
    );
  }
  const expiry = csdExpiry(csd.daysToExpiry);
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <InfoField label={t.rfc} value={csd.rfc} />
          <InfoField label={t.holder} value={csd.holderName} />
          <InfoField label={t.number} value={<Text ff="monospace" size="sm">{csd.noCertificado}</Text>} />
          <InfoField
            label={t.validity}
            value={
              <Group gap="xs">
                <span>{t.validityRange(formatDate(csd.validFrom), formatDate(csd.validTo))}</span>
                <Badge color={EXPIRY_COLOR[expiry]} variant="light" data-testid="csd-days">
                  {t.daysLeft(csd.daysToExpiry)}
                </Badge>
              </Group>
            }
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {t.uploadedAt} {formatDate(csd.uploadedAt)}
        </Text>
        {expiry === 'vigente' ? null : (
          <Alert color={EXPIRY_COLOR[expiry]} variant="light" icon={<IconAlertTriangle size={18} />}>
            {expiry === 'vencido' ? t.expired : t.expiring}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

function Editor({ csd, loading, readOnly, onClose }: { csd: CompanyCsdFieldsFragment | null; loading: boolean; readOnly: boolean; onClose: () => void }) {
  const [upload] = useMutation(CompanyCsdUploadDocument);
  const required = (value: unknown) => (value ? null : t.required);
  const form = useForm<Values>({ mode: 'controlled', initialValues: { cer: null, key: null, password: '' }, validate: { cer: required, key: required, password: required } });
  const { save: runSave, saving, error } = useFormSave({
    form,
    fields: FIELDS,
    readOnly,
    onSaved: onClose,
    // The server says the whole refusal on the field it is about: above the form only "revisa los datos", not the same sentence twice.
    errorForForm: (appError, placed) =>
      appError.code === 'BAD_USER_INPUT' && Object.keys(appError.fields).length > 0 && unplacedMessages(appError, placed).length === 0
        ? { ...appError, message: ERROR_MESSAGES.BAD_USER_INPUT }
        : errorForForm(appError, placed),
    mapError: (appError) => {
      const placed = placedFields(appError, FIELDS);
      return { ...(placed.cerFileId ? { cer: placed.cerFileId } : {}), ...(placed.keyFileId ? { key: placed.keyFileId } : {}) };
    },
  });
  const save = () =>
    runSave(async (values) => {
      if (!values.cer || !values.key) throw new Error(t.required);
      const cerFileId = await uploadOn(values.cer, 'cerFileId');
      const keyFileId = await uploadOn(values.key, 'keyFileId');
      const r = await upload({ variables: { input: { cerFileId, keyFileId, password: values.password } } });
      return t.saved(r.data?.companyCsdUpload.noCertificado ?? '');
    });
  return (
    <FormDialog
      title={
        <Group gap="xs">
          <IconCertificate size={20} />
          <span>{t.title}</span>
        </Group>
      }
      opened
      onClose={onClose}
      onSubmit={save}
      saving={saving}
      error={error}
      readOnly={readOnly}
      submitLabel={t.submit}
    >
      <Stack gap="md">
        {loading ? <Skeleton height={120} radius="md" /> : <CsdSummary csd={csd} />}
        {readOnly ? null : (
          <Stack gap="sm">
            <div>
              <Text fw={600}>{csd ? t.replaceTitle : t.uploadTitle}</Text>
              <Text size="xs" c="dimmed">
                {t.uploadHelp}
              </Text>
            </div>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <FileInput label={t.cer} placeholder={t.pick} accept=".cer" required clearable {...form.getInputProps('cer')} />
              <FileInput label={t.key} placeholder={t.pick} accept=".key" required clearable {...form.getInputProps('key')} />
            </SimpleGrid>
            <PasswordInput label={t.password} required autoComplete="off" {...form.getInputProps('password')} />
          </Stack>
        )}
      </Stack>
    </FormDialog>
  );
}

export function CompanyCsdDialog({ opened, readOnly, onClose }: { opened: boolean; readOnly: boolean; onClose: () => void }) {
  const query = useQuery(CompanyCsdDetailDocument, { skip: !opened, fetchPolicy: 'network-only' });
  if (!opened) return null;
  return <Editor csd={query.data?.companyCsd ?? null} loading={query.loading && !query.data} readOnly={readOnly} onClose={onClose} />;
}
