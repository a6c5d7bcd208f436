// The files of a saved employee: the photo (an image, replaced at once) and
// one row per document type with its state badge, the latest file, its
// expiry and an upload (with the expiry date first when the type expires).
import { useState } from 'react';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useMutation } from '@apollo/client/react';
import { RhEmployeeDocumentAddDocument, RhEmployeeDocumentRemoveDocument, RhEmployeePhotoSetDocument } from '../../../../generated/graphql';
import { AttachmentList, UploadButton } from '../../../components/Attachments';
import { DateField } from '../../../components/DateField';
import { StatusBadge } from '../../../components/StatusBadge';
import { formatDate } from '../../../components/format';
import { notifyError, notifySuccess } from '../../../components/notify';
import { asAppError } from '../../../components/serverErrors';
import type { Employee } from './EmployeeFormPage';
import { DOCUMENT_BADGES, texts } from './texts';

const t = texts.form;
const d = t.documents;

const failed = (caught: unknown) => {
  const error = asAppError(caught);
  notifyError(Object.values(error.fields)[0] ?? error.message);
};

export function PhotoPanel({ employee, canEdit }: { employee: Employee; canEdit: boolean }) {
  const [setPhoto] = useMutation(RhEmployeePhotoSetDocument);
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="xs" gap="sm">
        <Text fw={600}>{t.sections.photo}</Text>
        {canEdit ? (
          <UploadButton
            types={['png', 'jpg', 'webp']}
            label={employee.photo ? d.replace : d.upload}
            onUploaded={async (file) => {
              try {
                await setPhoto({ variables: { employeeId: employee.id, fileId: file.id } });
                notifySuccess(t.photoSaved);
              } catch (caught) {
                failed(caught);
              }
            }}
          />
        ) : null}
      </Group>
      <Text size="xs" c="dimmed" mb="xs">
        {t.photoHint}
      </Text>
      <AttachmentList files={employee.photo ? [employee.photo] : []} empty={t.photoEmpty} />
    </Paper>
  );
}

type DocumentEntry = Employee['documents'][number];

function DocumentRow({ employee, doc, canEdit }: { employee: Employee; doc: DocumentEntry; canEdit: boolean }) {
  const [expiresOn, setExpiresOn] = useState('');
  const [add] = useMutation(RhEmployeeDocumentAddDocument);
  const [remove] = useMutation(RhEmployeeDocumentRemoveDocument);
  const state = doc.state === 'faltante' && !doc.required ? null : doc.state;
  return (
    <Paper withBorder radius="sm" p="sm">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs" wrap="wrap">
            <Text fw={500} size="sm">
              {doc.documentTypeName}
            </Text>
            <Badge size="xs" variant="outline" color={doc.required ? 'blue' : 'gray'}>
              {doc.required ? d.required : d.optional}
            </Badge>
          </Group>
          {state ? <StatusBadge status={state} labels={DOCUMENT_BADGES} /> : <Badge color="gray" variant="light">{d.noneOptional}</Badge>}
        </Group>
        {doc.expiresOn ? (
          <Text size="xs" c="dimmed">
            {d.expiresOn}: {formatDate(doc.expiresOn)}
          </Text>
        ) : null}
        {doc.file ? (
          <AttachmentList
            files={[doc.file]}
            onRemove={
              canEdit && doc.id
                ? async () => {
                    await remove({ variables: { id: doc.id ?? '' } });
                    notifySuccess(d.removed);
                  }
                : undefined
            }
          />
        ) : null}
        {canEdit ? (
          <Group gap="xs" align="flex-end" wrap="wrap">
            {doc.expires ? <DateField label={d.expiryLabel} size="xs" value={expiresOn} onChange={setExpiresOn} w={170} aria-label={`${d.expiryLabel} ${doc.documentTypeName}`} /> : null}
            <UploadButton
              types={['pdf', 'png', 'jpg', 'webp']}
              label={doc.file ? d.replace : d.upload}
              disabled={doc.expires && !expiresOn}
              onUploaded={async (file) => {
                try {
                  await add({ variables: { employeeId: employee.id, input: { documentTypeId: doc.documentTypeId, fileId: file.id, expiresOn: expiresOn || null } } });
                  setExpiresOn('');
                  notifySuccess(d.uploaded);
                } catch (caught) {
                  failed(caught);
                }
              }}
            />
            {doc.expires && !expiresOn ? (
              <Text size="xs" c="dimmed">
                {d.expiryHint}
              </Text>
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

export function DocumentsPanel({ employee, canEdit }: { employee: Employee; canEdit: boolean }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="sm">
        <Text fw={600}>{t.sections.documents}</Text>
        {employee.documentAlerts > 0 ? (
          <Badge color="red" variant="light">
            {texts.list.alerts(employee.documentAlerts)}
          </Badge>
        ) : null}
      </Group>
      {employee.documents.length === 0 ? (
        <Text size="sm" c="dimmed">
          {d.empty}
        </Text>
      ) : (
        <Stack gap="xs">
          {employee.documents.map((doc) => (
            <DocumentRow key={doc.documentTypeId} employee={employee} doc={doc} canEdit={canEdit} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}
