// Attachments, written once for every module: a list of files (image
// thumbnails, download by click, remove with confirmation) and an upload
// button that streams to /api/files with a progress bar and a cancel button.
// `AttachmentsPanel` attaches each upload to a saved record at once;
// `PendingUploads` collects uploaded ids for a form that is not saved yet.
import { ActionIcon, Anchor, Button, CloseButton, FileButton, Group, Image, Paper, Progress, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { AttachmentFieldsFragment } from '../../generated/components/graphql';
import {
  acceptFor,
  downloadFile,
  fetchFile,
  FileTransferError,
  formatFileSize,
  uploadFile,
  type FileType,
  type UploadedFile,
} from './attachments';
import { confirmAction } from './confirm';
import { IconDownload, IconPaperclip, IconTrash } from '@tabler/icons-react';
import { notifyError } from './notify';

export type AttachmentItem = Pick<AttachmentFieldsFragment, 'id' | 'fileName' | 'size' | 'url' | 'previewUrl'>;

const messageOf = (caught: unknown): string => (caught instanceof Error ? caught.message : 'Ocurrió un error inesperado.');

/** An image preview fetched with the session token (an <img src> could not send it). */
function Thumbnail({ url, alt }: { url: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    let objectUrl: string | null = null;
    fetchFile(url, abort.signal).then(
      (blob) => {
        objectUrl = URL.createObjectURL(blob);
        setSrc(objectUrl);
      },
      () => undefined,
    );
    return () => {
      abort.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return <Image src={src} alt={alt} w={48} h={48} radius="sm" fit="cover" bg="gray.1" />;
}

export function AttachmentList({ files, onRemove, empty = 'Sin archivos adjuntos.' }: { files: readonly AttachmentItem[]; onRemove?: (file: AttachmentItem) => Promise<void> | void; empty?: ReactNode }) {
  const download = async (f: AttachmentItem) => {
    try {
      await downloadFile(f.url, f.fileName);
    } catch (caught) {
      notifyError(messageOf(caught), 'No se pudo descargar');
    }
  };
  if (files.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  return (
    <Stack gap={6}>
      {files.map((f) => (
        <Group key={f.id} justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" miw={0}>
            {f.previewUrl ? <Thumbnail url={f.previewUrl} alt={f.fileName} /> : null}
            <Anchor component="button" type="button" size="sm" onClick={() => void download(f)} style={{ overflowWrap: 'anywhere', textAlign: 'left' }}>
              <IconDownload size={14} /> {f.fileName}
            </Anchor>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Text size="xs" c="dimmed">
              {formatFileSize(f.size)}
            </Text>
            {onRemove ? (
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Quitar ${f.fileName}`}
                onClick={() =>
                  confirmAction({
                    title: 'Quitar archivo',
                    message: `¿Quitar «${f.fileName}»? El archivo se borra.`,
                    confirmLabel: 'Quitar',
                    onConfirm: () => void Promise.resolve().then(() => onRemove(f)).catch((c: unknown) => notifyError(messageOf(c), 'No se pudo quitar')),
                  })
                }
              >
                <IconTrash size={16} />
              </ActionIcon>
            ) : null}
          </Group>
        </Group>
      ))}
    </Stack>
  );
}

/** A file picker that uploads the chosen file at once, showing progress and a cancel button. */
export function UploadButton({
  types,
  label = 'Adjuntar archivo',
  onUploaded,
  disabled,
  size = 'xs',
  onBusyChange,
  accept,
  capture,
  icon,
}: {
  types: readonly FileType[];
  label?: string;
  onUploaded: (file: UploadedFile) => Promise<void> | void;
  disabled?: boolean;
  size?: 'xs' | 'sm';
  /** Told when an upload starts and ends, so a form can wait for it before saving. */
  onBusyChange?: (busy: boolean) => void;
  /** Overrides the picker's accept list (e.g. `image/*` so a phone offers its camera). */
  accept?: string;
  /** On a phone, opens the camera directly (`environment` = the rear one). */
  capture?: 'user' | 'environment';
  icon?: ReactNode;
}) {
  const [progress, setProgress] = useState<{ name: string; fraction: number } | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);
  const busy = progress !== null;
  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);
  const start = async (file: File | null) => {
    if (!file) return;
    const controller = new AbortController();
    abort.current = controller;
    setProgress({ name: file.name, fraction: 0 });
    try {
      const uploaded = await uploadFile(file, { signal: controller.signal, onProgress: (fraction) => setProgress({ name: file.name, fraction }) });
      await onUploaded(uploaded);
    } catch (caught) {
      if (!(caught instanceof FileTransferError && caught.code === 'canceled')) notifyError(messageOf(caught), `No se pudo adjuntar ${file.name}`);
    } finally {
      abort.current = null;
      setProgress(null);
    }
  };
  if (progress) {
    const percent = Math.round(progress.fraction * 100);
    return (
      <Group gap="xs" wrap="nowrap" miw={220} style={{ flex: 1 }}>
        <Stack gap={2} style={{ flex: 1 }}>
          <Text size="xs" truncate>
            Subiendo {progress.name}… {percent} %
          </Text>
          <Progress value={percent} size="sm" animated={percent >= 100} aria-label={`Avance de la subida de ${progress.name}`} />
        </Stack>
        <CloseButton size="sm" aria-label="Cancelar la subida" title="Cancelar la subida" onClick={() => abort.current?.abort()} />
      </Group>
    );
  }
  return (
    <FileButton onChange={(f) => void start(f)} accept={accept ?? acceptFor(types)} capture={capture} disabled={disabled}>
      {(props) => (
        <Button {...props} size={size} variant="light" leftSection={icon ?? <IconPaperclip size={14} />} disabled={disabled}>
          {label}
        </Button>
      )}
    </FileButton>
  );
}

/** The attachments of a saved record: upload attaches at once, remove asks first. */
export function AttachmentsPanel({
  title,
  files,
  types,
  canEdit,
  onAttach,
  onRemove,
  hint,
}: {
  title: ReactNode;
  files: readonly AttachmentItem[];
  types: readonly FileType[];
  canEdit: boolean;
  onAttach: (file: UploadedFile) => Promise<void>;
  onRemove?: (file: AttachmentItem) => Promise<void>;
  hint?: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="xs" gap="sm">
        <Text fw={600} size="sm">
          {title}
        </Text>
        {canEdit ? <UploadButton types={types} onUploaded={onAttach} /> : null}
      </Group>
      {hint ? (
        <Text size="xs" c="dimmed" mb="xs">
          {hint}
        </Text>
      ) : null}
      <AttachmentList files={files} onRemove={canEdit ? onRemove : undefined} />
    </Paper>
  );
}

/** Files for a record that is not saved yet: each is uploaded when picked; the form sends the ids (and waits while one is still uploading). */
export function PendingUploads({
  files,
  onChange,
  types,
  max = 10,
  label = 'Adjuntar archivo',
  hint,
  error,
  onBusyChange,
}: {
  files: readonly UploadedFile[];
  onChange: (files: UploadedFile[]) => void;
  types: readonly FileType[];
  max?: number;
  label?: string;
  hint?: ReactNode;
  error?: ReactNode;
  onBusyChange?: (busy: boolean) => void;
}) {
  return (
    <Stack gap={6}>
      <Group gap="sm">
        <UploadButton types={types} label={label} disabled={files.length >= max} onUploaded={(f) => onChange([...files, f])} onBusyChange={onBusyChange} />
        {hint ? (
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        ) : null}
      </Group>
      {files.map((f) => (
        <Group key={f.id} gap="xs" justify="space-between" wrap="nowrap">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {f.fileName}{' '}
            <Text span size="xs" c="dimmed">
              {formatFileSize(f.size)}
            </Text>
          </Text>
          <CloseButton size="sm" aria-label={`Quitar ${f.fileName}`} onClick={() => onChange(files.filter((x) => x.id !== f.id))} />
        </Group>
      ))}
      {error ? (
        <Text size="xs" c="red">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}

/** File names as download links on one line (list cells). */
export function AttachmentLinks({ files }: { files: readonly AttachmentItem[] }) {
  const download = (f: AttachmentItem) => downloadFile(f.url, f.fileName).catch((caught: unknown) => notifyError(messageOf(caught), 'No se pudo descargar'));
  return (
    <Group gap={6} onClick={(e) => e.stopPropagation()}>
      {files.map((f) => (
        <Anchor key={f.id} component="button" type="button" size="sm" onClick={() => void download(f)}>
          {f.fileName}
        </Anchor>
      ))}
    </Group>
  );
}

/** The Spanish message a form shows when Guardar is pressed while a file is still uploading. */
export const UPLOAD_IN_PROGRESS = 'Espera a que termine de subir el archivo (o cancela la subida) antes de guardar.';
