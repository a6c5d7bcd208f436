// The files of a saved record with a photo and typed documents (employees,
// vehicles): the photo (an image, replaced at once) and one row per document
// type with its state badge (red vencido, amber por vencer, gray faltante,
// green vigente), the latest file, its expiry and an upload (with the expiry
// date first when the type expires). The module passes its mutations. A
// record that left service (a vehicle or an employee de baja) keeps its files
// but no longer warns: no state badges, no alert count.
import { useState } from 'react';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { AttachmentList, UploadButton, type AttachmentItem } from './Attachments';
import { DateField } from './DateField';
import { StatusBadge, type StatusLabels } from './StatusBadge';
import { formatDate } from './format';
import { notifyError, notifySuccess } from './notify';
import { asAppError } from './serverErrors';

/** Red vencido, amber por vencer, gray faltante, green vigente. */
export const DOCUMENT_BADGES: StatusLabels = {
  vencido: { label: 'Vencido', color: 'red' },
  por_vencer: { label: 'Por vencer', color: 'yellow' },
  faltante: { label: 'Faltante', color: 'gray' },
  vigente: { label: 'Vigente', color: 'green' },
};

export const RECORD_FILES_TEXTS = {
  photo: 'Foto',
  photoHint: 'PNG, JPG o WEBP. Se guarda al subirla.',
  photoEmpty: 'Sin foto.',
  photoSaved: 'Foto actualizada.',
  documents: 'Documentos',
  expiresOn: 'Vence',
  required: 'Requerido',
  optional: 'Opcional',
  upload: 'Subir',
  replace: 'Reemplazar',
  expiryLabel: 'Fecha de vencimiento',
  expiryHint: 'Este documento vence: indica la fecha antes de subir el archivo.',
  uploaded: 'Documento agregado.',
  removed: 'Documento quitado.',
  noneOptional: 'Sin archivo',
  alerts: (n: number) => (n === 1 ? '1 alerta' : `${n} alertas`),
} as const;

const t = RECORD_FILES_TEXTS;

const failed = (caught: unknown) => {
  const error = asAppError(caught);
  notifyError(Object.values(error.fields)[0] ?? error.message);
};

export function PhotoPanel({ photo, canEdit, onPhoto }: { photo: AttachmentItem | null; canEdit: boolean; onPhoto: (fileId: string) => Promise<unknown> }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="xs" gap="sm">
        <Text fw={600}>{t.photo}</Text>
        {canEdit ? (
          <UploadButton
            types={['png', 'jpg', 'webp']}
            label={photo ? t.replace : t.upload}
            onUploaded={async (file) => {
              try {
                await onPhoto(file.id);
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
      <AttachmentList files={photo ? [photo] : []} empty={t.photoEmpty} />
    </Paper>
  );
}

export type RecordDocument = {
  id: string | null;
  documentTypeId: string;
  documentTypeName: string;
  required: boolean;
  expires: boolean;
  state: string;
  expiresOn: string | null;
  file: AttachmentItem | null;
};

export type DocumentActions = {
  add: (input: { documentTypeId: string; fileId: string; expiresOn: string | null }) => Promise<unknown>;
  remove: (id: string) => Promise<unknown>;
};

function DocumentRow({ doc, canEdit, actions, tracked }: { doc: RecordDocument; canEdit: boolean; actions: DocumentActions; tracked: boolean }) {
  const [expiresOn, setExpiresOn] = useState('');
  const state = doc.state === 'faltante' && !doc.required ? null : doc.state;
  const badge = !tracked ? null : state ? <StatusBadge status={state} labels={DOCUMENT_BADGES} /> : <Badge color="gray" variant="light">{t.noneOptional}</Badge>;
  return (
    <Paper withBorder radius="sm" p="sm">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs" wrap="wrap">
            <Text fw={500} size="sm">
              {doc.documentTypeName}
            </Text>
            <Badge size="xs" variant="outline" color={doc.required ? 'blue' : 'gray'}>
              {doc.required ? t.required : t.optional}
            </Badge>
          </Group>
          {badge}
        </Group>
        {doc.expiresOn ? (
          <Text size="xs" c="dimmed">
            {t.expiresOn}: {formatDate(doc.expiresOn)}
          </Text>
        ) : null}
        {doc.file ? (
          <AttachmentList
            files={[doc.file]}
            onRemove={
              canEdit && doc.id
                ? async () => {
                    await actions.remove(doc.id ?? '');
                    notifySuccess(t.removed);
                  }
                : undefined
            }
          />
        ) : null}
        {canEdit ? (
          <Group gap="xs" align="flex-end" wrap="wrap">
            {doc.expires ? <DateField label={t.expiryLabel} size="xs" value={expiresOn} onChange={setExpiresOn} w={170} aria-label={`${t.expiryLabel} ${doc.documentTypeName}`} /> : null}
            <UploadButton
              types={['pdf', 'png', 'jpg', 'webp']}
              label={doc.file ? t.replace : t.upload}
              disabled={doc.expires && !expiresOn}
              onUploaded={async (file) => {
                try {
                  await actions.add({ documentTypeId: doc.documentTypeId, fileId: file.id, expiresOn: expiresOn || null });
                  setExpiresOn('');
                  notifySuccess(t.uploaded);
                } catch (caught) {
                  failed(caught);
                }
              }}
            />
            {doc.expires && !expiresOn ? (
              <Text size="xs" c="dimmed">
                {t.expiryHint}
              </Text>
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

export function DocumentsPanel({
  documents,
  documentAlerts,
  canEdit,
  actions,
  empty,
  untracked,
}: {
  documents: readonly RecordDocument[];
  documentAlerts: number;
  canEdit: boolean;
  actions: DocumentActions;
  /** Shown when no document type is active (where to add them). */
  empty: string;
  /** Why these documents no longer warn (the record is de baja): shown instead of the alerts and the state of each. */
  untracked?: string | null;
}) {
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="sm">
        <Text fw={600}>{t.documents}</Text>
        {untracked ? (
          <Text size="sm" c="dimmed">
            {untracked}
          </Text>
        ) : documentAlerts > 0 ? (
          <Badge color="red" variant="light">
            {t.alerts(documentAlerts)}
          </Badge>
        ) : null}
      </Group>
      {documents.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Stack gap="xs">
          {documents.map((doc) => (
            <DocumentRow key={doc.documentTypeId} doc={doc} canEdit={canEdit} actions={actions} tracked={!untracked} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}
