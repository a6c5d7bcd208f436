// Importing records from a spreadsheet, for any module: read the file in the
// browser (readSpreadsheet), show it in the shared grid (as /preview does),
// match the header row to the import fields by name (accents, case and
// punctuation ignored), send every row; the server validates them all and
// answers per row ("rows.3.rfc") or imports all of them.
import { useState } from 'react';
import { Alert, Button, FileInput, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconFileSpreadsheet } from '@tabler/icons-react';
import { SpreadsheetGrid } from './SpreadsheetGrid';
import { notifySuccess } from './notify';
import { readSpreadsheet } from './spreadsheet';
import { asAppError } from './serverErrors';

export const IMPORT_TEXTS = {
  file: 'Archivo',
  rows: (n: number) => `${n} ${n === 1 ? 'fila' : 'filas'} para importar`,
  run: 'Importar',
  cancel: 'Cancelar',
  rowError: (row: number, message: string, column?: string) => (column ? `Fila ${row} · ${column}: ${message}` : `Fila ${row}: ${message}`),
} as const;

export const foldHeader = (text: string): string =>
  text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9 ]+/g, ' ').replace(/\s+/g, ' ').trim();

/**
 * Rows of a sheet as import rows: `headers` maps folded header texts to
 * fields; null when a field of `required` has no column.
 */
export function toImportRows<K extends string>(grid: string[][], headers: Readonly<Record<string, K>>, required: readonly K[]): Partial<Record<K, string>>[] | null {
  const [header, ...body] = grid;
  if (!header) return null;
  const fields = header.map((h) => headers[foldHeader(h)] ?? null);
  if (required.some((k) => !fields.includes(k))) return null;
  return body
    .filter((cells) => cells.some((c) => (c ?? '').trim() !== ''))
    .map((cells) => {
      const row: Partial<Record<K, string>> = {};
      fields.forEach((field, i) => {
        if (field) row[field] = (cells[i] ?? '').trim();
      });
      return row;
    });
}

/**
 * "rows.<index>.<field>" messages as "Fila N: …" (N is the spreadsheet row: header + 1-based),
 * or "Fila N · Columna: …" when `fieldLabels` names the field's column.
 */
export function rowMessages(fields: Record<string, string>, fieldLabels: Readonly<Record<string, string>> = {}): string[] {
  return Object.entries(fields)
    .map(([key, message]) => {
      const m = /^rows\.(\d+)\.(.*)$/.exec(key);
      return m ? { row: Number(m[1]) + 2, column: fieldLabels[m[2]], message } : { row: 0, column: undefined, message };
    })
    .sort((a, b) => a.row - b.row)
    .map((e) => (e.row ? IMPORT_TEXTS.rowError(e.row, e.message, e.column) : e.message));
}

type Props<K extends string> = {
  opened: boolean;
  onClose: () => void;
  title: string;
  help: string;
  headers: Readonly<Record<string, K>>;
  required: readonly K[];
  missingColumns: string;
  /** Sends the rows; resolves to how many records were created. */
  run: (rows: Partial<Record<K, string>>[]) => Promise<number>;
  done: (created: number) => string;
  onImported: () => void;
  /** Column names for the per-row messages ("Fila 3 · SKU: …"). */
  fieldLabels?: Readonly<Record<string, string>>;
};

export function ImportDialog<K extends string>({ opened, onClose, title, help, headers, required, missingColumns, run, done, onImported, fieldLabels }: Props<K>) {
  const [file, setFile] = useState<File | null>(null);
  const [grid, setGrid] = useState<string[][]>([]);
  const [rows, setRows] = useState<Partial<Record<K, string>>[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [rowErrors, setRowErrors] = useState<string[]>([]);
  const [loading, setLoading] = useState(false);

  const reset = () => {
    setFile(null);
    setGrid([]);
    setRows(null);
    setProblem(null);
    setRowErrors([]);
  };
  const close = () => {
    reset();
    onClose();
  };

  const pick = async (chosen: File | null) => {
    reset();
    setFile(chosen);
    if (!chosen) return;
    try {
      const first = (await readSpreadsheet(chosen)).sheets[0]?.rows ?? [];
      setGrid(first);
      const parsed = toImportRows(first, headers, required);
      if (!parsed) setProblem(missingColumns);
      setRows(parsed);
    } catch (caught) {
      setProblem(caught instanceof Error ? caught.message : String(caught));
    }
  };

  const submit = async () => {
    if (!rows?.length) return;
    setProblem(null);
    setRowErrors([]);
    setLoading(true);
    try {
      const created = await run(rows);
      notifySuccess(done(created));
      onImported();
      close();
    } catch (caught) {
      const error = asAppError(caught);
      setProblem(error.message);
      setRowErrors(rowMessages(error.fields, fieldLabels));
    } finally {
      setLoading(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={title} size="xl" centered>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {help}
        </Text>
        <FileInput label={IMPORT_TEXTS.file} accept=".xlsx,.csv" value={file} onChange={(f) => void pick(f)} leftSection={<IconFileSpreadsheet size={16} />} clearable />
        {problem ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
            {problem}
            {rowErrors.length ? (
              <List size="sm" mt="xs">
                {rowErrors.slice(0, 50).map((e) => (
                  <List.Item key={e}>{e}</List.Item>
                ))}
              </List>
            ) : null}
          </Alert>
        ) : null}
        {grid.length ? <SpreadsheetGrid rows={grid} firstRowIsHeader maxHeight={320} maxRows={200} /> : null}
        <Group justify="space-between">
          <Text size="sm">{rows ? IMPORT_TEXTS.rows(rows.length) : ''}</Text>
          <Group gap="xs">
            <Button variant="default" onClick={close}>
              {IMPORT_TEXTS.cancel}
            </Button>
            <Button onClick={() => void submit()} loading={loading} disabled={!rows?.length}>
              {IMPORT_TEXTS.run}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
