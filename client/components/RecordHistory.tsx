// Historial of a record, written once for every form: who created, changed,
// sent, authorised, emitted, paid or cancelled it and when, with the fields
// that changed (from the audit log), and the notes people leave. FormPage
// shows the button on every saved record that names its audit entity.
import { useState } from 'react';
import { Alert, Badge, Button, Drawer, Group, Loader, Stack, Text, Textarea, Timeline } from '@mantine/core';
import { IconAlertCircle, IconHistory, IconMessage, IconPencil } from '@tabler/icons-react';
import { useMutation, useQuery } from '@apollo/client/react';
import { RecordHistoryViewDocument, RecordNoteAddDocument, type RecordHistoryViewQuery } from '../../generated/components/graphql';
import { auditActionLabel, auditFieldLabel } from '../app/texts';
import { formatDateTime } from './format';
import { readGraphQLError } from './graphqlErrors';
import { notifyError, notifySuccess } from './notify';

export const HISTORY_TEXTS = {
  button: 'Historial',
  title: 'Historial',
  empty: 'Sin movimientos registrados.',
  noteLabel: 'Agregar una nota',
  notePlaceholder: 'Escribe una nota para quienes vean este registro',
  noteAdd: 'Agregar nota',
  noteAdded: 'Nota agregada',
  note: 'Nota',
  by: 'por',
  system: 'Sistema',
  empty_value: '(vacío)',
  loadError: 'No se pudo cargar el historial',
} as const;

type History = RecordHistoryViewQuery['recordHistory'];
type Item =
  | { kind: 'entry'; at: string; key: string; entry: History['entries'][number] }
  | { kind: 'note'; at: string; key: string; note: History['notes'][number] };

/** Entries and notes in one timeline, newest first (ties: notes after the change they comment). */
export function historyItems(history: Pick<History, 'entries' | 'notes'>): Item[] {
  const items: Item[] = [
    ...history.entries.map((entry) => ({ kind: 'entry' as const, at: String(entry.at), key: `e${entry.id}`, entry })),
    ...history.notes.map((note) => ({ kind: 'note' as const, at: String(note.at), key: `n${note.id}`, note })),
  ];
  return items.sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
}

const who = (x: { userName?: string | null; serviceAccountName?: string | null }) =>
  x.userName ?? (x.serviceAccountName ? `${x.serviceAccountName} (cuenta de servicio)` : HISTORY_TEXTS.system);

function HistoryTimeline({ entity, entityId }: { entity: string; entityId: string }) {
  const { data, loading, error, refetch } = useQuery(RecordHistoryViewDocument, { variables: { entity, entityId }, fetchPolicy: 'network-only' });
  const [body, setBody] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const [addNote, { loading: saving }] = useMutation(RecordNoteAddDocument);

  const submit = async () => {
    setNoteError(null);
    try {
      await addNote({ variables: { entity, entityId, body } });
      setBody('');
      notifySuccess(HISTORY_TEXTS.noteAdded);
      await refetch();
    } catch (caught) {
      const e = readGraphQLError(caught);
      if (e?.fields?.body) setNoteError(e.fields.body);
      else notifyError(e?.message ?? HISTORY_TEXTS.loadError);
    }
  };

  if (loading && !data) return <Loader size="sm" aria-label="Cargando historial" />;
  if (error && !data) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={HISTORY_TEXTS.loadError}>
        {readGraphQLError(error)?.message ?? error.message}
      </Alert>
    );
  }
  const history = data!.recordHistory;
  const items = historyItems(history);
  return (
    <Stack gap="md">
      <Stack gap={6}>
        <Textarea
          label={HISTORY_TEXTS.noteLabel}
          placeholder={HISTORY_TEXTS.notePlaceholder}
          autosize
          minRows={2}
          maxRows={6}
          value={body}
          error={noteError}
          onChange={(event) => setBody(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button size="xs" onClick={() => void submit()} loading={saving} leftSection={<IconMessage size={14} />}>
            {HISTORY_TEXTS.noteAdd}
          </Button>
        </Group>
      </Stack>
      {items.length === 0 ? (
        <Text c="dimmed" size="sm">{HISTORY_TEXTS.empty}</Text>
      ) : (
        <Timeline bulletSize={22} lineWidth={2}>
          {items.map((item) =>
            item.kind === 'note' ? (
              <Timeline.Item key={item.key} bullet={<IconMessage size={12} />} title={HISTORY_TEXTS.note}>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{item.note.body}</Text>
                <Text size="xs" c="dimmed">{who(item.note)} · {formatDateTime(item.at)}</Text>
              </Timeline.Item>
            ) : (
              <Timeline.Item key={item.key} bullet={<IconPencil size={12} />} title={auditActionLabel(item.entry.action)}>
                <Text size="xs" c="dimmed">{HISTORY_TEXTS.by} {who(item.entry)} · {formatDateTime(item.at)}</Text>
                {item.entry.changes.length > 0 ? (
                  <Stack gap={2} mt={4}>
                    {item.entry.changes.map((c) => (
                      <Text key={c.field} size="sm">
                        <Text span fw={600}>{auditFieldLabel(c.field)}:</Text>{' '}
                        <Text span c="dimmed" td="line-through">{c.before ?? HISTORY_TEXTS.empty_value}</Text> → {c.after ?? HISTORY_TEXTS.empty_value}
                      </Text>
                    ))}
                  </Stack>
                ) : null}
              </Timeline.Item>
            ),
          )}
        </Timeline>
      )}
    </Stack>
  );
}

/** The header button and its drawer; the history is read when the drawer opens. */
export function RecordHistoryButton({ entity, entityId, reference }: { entity: string; entityId: string; reference?: string | null }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="default" leftSection={<IconHistory size={16} />} onClick={() => setOpened(true)}>
        {HISTORY_TEXTS.button}
      </Button>
      <Drawer
        opened={opened}
        onClose={() => setOpened(false)}
        position="right"
        size="md"
        title={
          <Group gap="xs">
            <Text fw={600}>{HISTORY_TEXTS.title}</Text>
            {reference ? <Badge variant="light" tt="none">{reference}</Badge> : null}
          </Group>
        }
      >
        {opened ? <HistoryTimeline entity={entity} entityId={entityId} /> : null}
      </Drawer>
    </>
  );
}
