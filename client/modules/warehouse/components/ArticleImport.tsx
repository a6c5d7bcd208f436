// Imports articles from a spreadsheet: read it in the browser (the shared
// readSpreadsheet), preview it (SpreadsheetGrid), send every row to the
// server, which validates all of them and imports all or none. Row messages
// come back as "rows.<n>.<field>" and are listed by spreadsheet row.
import { useState } from 'react';
import { Alert, Button, FileInput, Group, List, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { useMutation } from '@apollo/client/react';
import { IconAlertCircle, IconFileSpreadsheet } from '@tabler/icons-react';
import { ArticleImportDocument, type ArticleImportRow } from '../../../../generated/graphql';
import { readSpreadsheet, SpreadsheetError } from '../../../components/spreadsheet';
import { SpreadsheetGrid } from '../../../components/SpreadsheetGrid';
import { notifySuccess } from '../../../components/notify';
import { texts } from '../texts';
import { asAppError } from './formErrors';

const t = texts.articles;

type Key = keyof ArticleImportRow;

const fold = (text: string) => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').trim().toLowerCase();

/** Header texts people write for each column. */
const HEADERS: Record<Key, string[]> = {
  sku: ['sku', 'clave', 'codigo'],
  name: ['nombre', 'descripcion', 'articulo'],
  line: ['linea', 'familia'],
  unit: ['unidad', 'unidad de medida', 'um'],
  minStock: ['minimo', 'min'],
  maxStock: ['maximo', 'max'],
  reorderPoint: ['punto de reorden', 'reorden'],
  barcode: ['codigo de barras', 'barras', 'ean'],
};

const FIELD_LABELS: Record<string, string> = {
  sku: t.sku,
  name: texts.common.name,
  line: t.line,
  unit: texts.common.unit,
  minStock: t.min,
  maxStock: t.max,
  reorderPoint: t.reorder,
  barcode: t.barcode,
};

/** Column index of each field, from the header row; null when a required one is missing. */
export function mapHeaders(header: string[]): Partial<Record<Key, number>> | null {
  const folded = header.map(fold);
  const out: Partial<Record<Key, number>> = {};
  for (const [key, names] of Object.entries(HEADERS) as [Key, string[]][]) {
    const index = folded.findIndex((h) => names.includes(h));
    if (index >= 0) out[key] = index;
  }
  return out.sku !== undefined && out.name !== undefined && out.line !== undefined && out.unit !== undefined ? out : null;
}

export function toImportRows(rows: string[][], columns: Partial<Record<Key, number>>): ArticleImportRow[] {
  return rows.map((row) => {
    const out: ArticleImportRow = {};
    for (const [key, index] of Object.entries(columns) as [Key, number][]) out[key] = row[index] ?? '';
    return out;
  });
}

/** "rows.3.sku" → "Fila 4 · SKU: message" (the file's row: the header is row 1). */
export function rowMessages(fields: Record<string, string>): string[] {
  return Object.entries(fields)
    .map(([path, message]) => {
      const [, n, field] = path.split('.');
      const row = Number(n);
      return { row, text: Number.isFinite(row) ? `${t.importRow(row + 1)} · ${FIELD_LABELS[field] ?? field}: ${message}` : message };
    })
    .sort((a, b) => a.row - b.row)
    .map((m) => m.text);
}

export function ArticleImport({ opened, onClose, onDone }: { opened: boolean; onClose: () => void; onDone: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [rows, setRows] = useState<string[][]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [run, { loading }] = useMutation(ArticleImportDocument);
  const columns = rows.length ? mapHeaders(rows[0]) : null;

  const pick = async (picked: File | null) => {
    setFile(picked);
    setRows([]);
    setErrors([]);
    setProblem(null);
    if (!picked) return;
    try {
      const data = await readSpreadsheet(picked);
      const sheet = data.sheets[0]?.rows ?? [];
      setRows(sheet);
      if (sheet.length && !mapHeaders(sheet[0])) setProblem(t.importMissingHeaders);
    } catch (caught) {
      setProblem(caught instanceof SpreadsheetError ? caught.message : texts.common.loadFailed);
    }
  };

  const submit = async () => {
    if (!columns) return;
    setErrors([]);
    try {
      const result = await run({ variables: { rows: toImportRows(rows.slice(1), columns) } });
      notifySuccess(t.importDone(result.data?.articleImport.created ?? 0));
      setFile(null);
      setRows([]);
      onDone();
    } catch (caught) {
      const e = asAppError(caught);
      setProblem(e.message);
      setErrors(rowMessages(e.fields));
    }
  };

  const dataRows = Math.max(0, rows.length - 1);
  return (
    <Modal opened={opened} onClose={onClose} title={t.importTitle} size="90%">
      <Stack gap="md">
        <Text size="sm" c="dimmed">{t.importHelp}</Text>
        <FileInput
          label={t.importFile}
          placeholder={t.importFilePlaceholder}
          accept=".xlsx,.csv"
          leftSection={<IconFileSpreadsheet size={16} />}
          value={file}
          onChange={(f) => void pick(f)}
          clearable
        />
        {problem ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={problem}>
            {errors.length ? (
              <ScrollArea.Autosize mah={220}>
                <Text size="sm" mb={4}>{t.importErrors}</Text>
                <List size="sm" spacing={2}>
                  {errors.map((m) => <List.Item key={m}>{m}</List.Item>)}
                </List>
              </ScrollArea.Autosize>
            ) : null}
          </Alert>
        ) : null}
        {rows.length ? (
          <>
            <Text fw={600} size="sm">{t.importPreview}</Text>
            <SpreadsheetGrid rows={rows} firstRowIsHeader maxHeight={320} />
          </>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{texts.common.cancel}</Button>
          <Button onClick={() => void submit()} loading={loading} disabled={!columns || dataRows === 0}>
            {t.importRun(dataRows)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
