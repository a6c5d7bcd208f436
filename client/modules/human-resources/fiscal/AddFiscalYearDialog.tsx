// "Agregar año": the next year's fiscal set, started from a copy of the latest
// year (dates moved one year) or read from a spreadsheet the same way every
// import reads files (readSpreadsheet + SpreadsheetGrid); either way it lands
// in the editable grid and is sent whole to rhFiscalYearCreate. The server's
// per-row messages show under their cells and, in Spanish, in a list on top.
import { useRef, useState } from 'react';
import { Alert, Button, FileInput, Group, List, Modal, ScrollArea, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMutation } from '@apollo/client/react';
import { IconAlertCircle, IconDeviceFloppy, IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { RhFiscalYearCreateDocument, type RhFiscalYearFieldsFragment } from '../../../../generated/modules/human-resources/graphql';
import { buildXlsx, downloadBlob, exportFileName, type ExportColumn } from '../../../components/exportRows';
import { notifyError, notifySuccess } from '../../../components/notify';
import { focusRefusedNumber, NumberField } from '../../../components/NumberField';
import { asAppError } from '../../../components/serverErrors';
import { readSpreadsheet, SpreadsheetError } from '../../../components/spreadsheet';
import { SpreadsheetGrid } from '../../../components/SpreadsheetGrid';
import { describeField, draftFromSheet, draftFromYear, inputFromDraft, sheetFromDraft, type YearDraft } from './fiscalYearSheet';
import { FiscalYearView, type YearEdit } from './FiscalYearView';
import { texts } from './texts';

const t = texts.addYear;

/** Empty row of each list a grid can add to. */
const EMPTY_ROWS: Record<string, () => Record<string, string>> = {
  subsidies: () => ({ validFrom: '', umaPercent: '', monthlyUma: '', monthlyAmount: '', monthlyCap: '', note: '' }),
  uma: () => ({ validFrom: '', daily: '', monthly: '', note: '' }),
  imssRates: () => ({ code: '', label: '', rate: '', base: 'SBC' }),
  vacationDays: () => ({ fromYear: '', toYear: '', days: '' }),
  rows: () => ({ lowerLimit: '', fixedFee: '', rate: '' }),
};

type Container = Record<string, unknown> | unknown[];

/** Walks a cloned draft to the container of the last path segment. */
function parentOf(draft: YearDraft, path: string): { parent: Container; key: string } {
  const parts = path.split('.');
  let node: unknown = draft;
  for (const part of parts.slice(0, -1)) node = (node as Record<string, unknown>)[part];
  return { parent: node as Container, key: parts[parts.length - 1] };
}

/** Moves the messages of rows after `index` in `listPath` one row up (a row was removed). */
function shiftErrors(errors: Record<string, string>, listPath: string, index: number): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    if (!path.startsWith(`${listPath}.`)) {
      out[path] = message;
      continue;
    }
    const [n, ...rest] = path.slice(listPath.length + 1).split('.');
    const i = Number(n);
    if (i === index) continue;
    out[[listPath, i > index ? i - 1 : i, ...rest].join('.')] = message;
  }
  return out;
}

async function downloadTemplate(draft: YearDraft, year: number) {
  const [header, ...rows] = sheetFromDraft(draft);
  // Figures go as numbers so the sheet can be edited as one; names and dates as text.
  const columns: ExportColumn<string[]>[] = header.map((h, i) => ({
    key: h,
    header: h,
    exportValue: (r) => (i >= 2 && i !== 5 && /^\d+(\.\d+)?$/.test(r[i]) && !(r[0] === 'parametro' && r[1] === 'vigencia_salario_minimo') ? Number(r[i]) : r[i]),
  }));
  const name = t.templateName(year);
  const data = await buildXlsx(columns, rows, 'Tablas fiscales');
  downloadBlob(new Blob([data], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), exportFileName(name, 'xlsx'));
}

export function AddFiscalYearDialog({ latest, onClose, onSaved }: { latest: RhFiscalYearFieldsFragment; onClose: () => void; onSaved: (year: number) => void }) {
  const nextYear = latest.year + 1;
  const [mode, setMode] = useState<'copy' | 'sheet'>('copy');
  const [draft, setDraft] = useState<YearDraft>(() => draftFromYear(latest, nextYear));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [origin, setOrigin] = useState<Record<string, number>>({});
  const [file, setFile] = useState<File | null>(null);
  const [sheet, setSheet] = useState<string[][]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [create, { loading }] = useMutation(RhFiscalYearCreateDocument);
  const body = useRef<HTMLDivElement>(null);

  const update = (change: (d: YearDraft) => void) =>
    setDraft((previous) => {
      const next = structuredClone(previous);
      change(next);
      return next;
    });
  const clearError = (path: string) =>
    setErrors((previous) => {
      if (!(path in previous)) return previous;
      const next = { ...previous };
      delete next[path];
      return next;
    });
  const edit: YearEdit = {
    errors,
    set: (path, value) => {
      update((d) => {
        if (path === 'notes') {
          d.notes = String(value).split('\n');
          return;
        }
        const { parent, key } = parentOf(d, path);
        (parent as Record<string, unknown>)[key] = value;
      });
      clearError(path);
    },
    addRow: (listPath) =>
      update((d) => {
        const { parent, key } = parentOf(d, listPath);
        const list = (parent as Record<string, unknown[]>)[key];
        list.push(EMPTY_ROWS[key]());
      }),
    removeRow: (listPath, index) => {
      update((d) => {
        const { parent, key } = parentOf(d, listPath);
        (parent as Record<string, unknown[]>)[key].splice(index, 1);
      });
      setErrors((previous) => shiftErrors(previous, listPath, index));
    },
  };

  const pickSheet = async (picked: File | null) => {
    setFile(picked);
    setSheet([]);
    setProblems([]);
    setMessage(null);
    setErrors({});
    if (!picked) return;
    try {
      const data = await readSpreadsheet(picked);
      const rows = data.sheets[0]?.rows ?? [];
      setSheet(rows);
      const read = draftFromSheet(rows, nextYear);
      if (!read) {
        setMessage(t.sheetProblem);
        return;
      }
      setDraft(read.draft);
      setOrigin(read.origin);
      setProblems(read.problems);
    } catch (caught) {
      setMessage(caught instanceof SpreadsheetError ? caught.message : texts.common.loadFailed);
    }
  };

  const save = async () => {
    setMessage(null);
    // A figure a field refused ("1,5", a fraction of a day) is not sent as something else.
    if (focusRefusedNumber(body.current)) {
      setMessage('Revisa los datos capturados.');
      return;
    }
    const { input, fields } = inputFromDraft(draft);
    if (!input) {
      setErrors(fields);
      setMessage('Revisa los datos capturados.');
      return;
    }
    try {
      const r = await create({ variables: { input } });
      const year = r.data?.rhFiscalYearCreate.year ?? input.year;
      notifySuccess(t.saved(year));
      onSaved(year);
    } catch (caught) {
      const e = asAppError(caught);
      setErrors(e.fields);
      setMessage(e.message);
    }
  };

  const year = Number(draft.year) || nextYear;
  const messages = Object.entries(errors).map(([path, text]) => `${describeField(path, draft, origin)}: ${text}`);
  return (
    <Modal opened onClose={onClose} title={t.title(year)} size="90%" centered>
      <Stack gap="md" ref={body}>
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <SegmentedControl
            value={mode}
            onChange={(v) => setMode(v as 'copy' | 'sheet')}
            data={[
              { value: 'copy', label: t.fromCopy },
              { value: 'sheet', label: t.fromSheet },
            ]}
          />
          <NumberField label={t.year} precision={0} min={2000} max={2100} w={120} value={draft.year} error={errors.year} onChange={(v) => edit.set('year', v)} />
        </Group>

        {mode === 'copy' ? (
          <Text size="sm" c="dimmed">
            {t.copyHelp(latest.year)}
          </Text>
        ) : (
          <Stack gap="xs">
            <Stack gap={2}>
              {t.sheetLayout.map((line) => (
                <Text key={line} size="sm" c={line.startsWith('tabla ·') ? undefined : 'dimmed'} ff={line.startsWith('tabla ·') ? 'monospace' : undefined}>
                  {line}
                </Text>
              ))}
            </Stack>
            <Group align="flex-end" wrap="wrap">
              <FileInput
                label={t.sheetFile}
                placeholder={t.sheetPlaceholder}
                accept=".xlsx,.csv"
                leftSection={<IconFileSpreadsheet size={16} />}
                value={file}
                onChange={(f) => void pickSheet(f)}
                clearable
                style={{ flex: '1 1 20rem' }}
              />
              <Button
                variant="default"
                leftSection={<IconDownload size={16} />}
                onClick={() => void downloadTemplate(draftFromYear(latest, nextYear), nextYear).catch(() => notifyError('No se pudo generar la plantilla.'))}
              >
                {t.template}
              </Button>
            </Group>
            {sheet.length ? (
              <>
                <Text size="sm">{t.sheetRead(Math.max(0, sheet.length - 1))}</Text>
                <SpreadsheetGrid rows={sheet} firstRowIsHeader maxHeight={200} maxRows={300} />
              </>
            ) : null}
            {problems.length ? (
              <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} />}>
                <List size="sm">
                  {problems.map((p) => (
                    <List.Item key={p}>{p}</List.Item>
                  ))}
                </List>
              </Alert>
            ) : null}
          </Stack>
        )}

        {message ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={messages.length ? t.errorsTitle : message}>
            {messages.length ? (
              <ScrollArea.Autosize mah={180}>
                <List size="sm" spacing={2}>
                  {messages.map((m) => (
                    <List.Item key={m}>{m}</List.Item>
                  ))}
                </List>
              </ScrollArea.Autosize>
            ) : null}
          </Alert>
        ) : null}

        <FiscalYearView draft={draft} edit={edit} />

        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={loading}>
            {texts.common.cancel}
          </Button>
          <Button leftSection={<IconDeviceFloppy size={16} />} loading={loading} onClick={() => void save()}>
            {t.save}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
