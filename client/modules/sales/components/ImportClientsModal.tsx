// Importing clients from a spreadsheet: read the file in the browser (shared
// readSpreadsheet), show it in the shared grid, match the header row to the
// fields, send every row; the server validates them all and answers per row
// ("rows.3.rfc") or imports all of them.
import { useState } from 'react';
import { Alert, Button, FileInput, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconFileSpreadsheet } from '@tabler/icons-react';
import { useMutation } from '@apollo/client/react';
import { ClientImportDocument, type ClientImportRow } from '../../../../generated/graphql';
import { SpreadsheetGrid } from '../../../components/SpreadsheetGrid';
import { notifySuccess } from '../../../components/notify';
import { readSpreadsheet } from '../../../components/spreadsheet';
import { texts } from '../texts';
import { asAppError } from '../../../components/serverErrors';
import { toImportRows } from './importRows';

const t = texts.clients;

type Props = { opened: boolean; onClose: () => void; onImported: () => void };

export function ImportClientsModal({ opened, onClose, onImported }: Props) {
  const [file, setFile] = useState<File | null>(null);
  const [grid, setGrid] = useState<string[][]>([]);
  const [rows, setRows] = useState<ClientImportRow[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [rowErrors, setRowErrors] = useState<string[]>([]);
  const [run, { loading }] = useMutation(ClientImportDocument);

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
      const data = await readSpreadsheet(chosen);
      const first = data.sheets[0]?.rows ?? [];
      setGrid(first);
      const parsed = toImportRows(first);
      if (!parsed) setProblem(t.importMissingColumns);
      setRows(parsed);
    } catch (caught) {
      setProblem(caught instanceof Error ? caught.message : String(caught));
    }
  };

  const submit = async () => {
    if (!rows?.length) return;
    setProblem(null);
    setRowErrors([]);
    try {
      const result = await run({ variables: { rows } });
      notifySuccess(t.importDone(result.data?.clientImport.created ?? 0));
      onImported();
      close();
    } catch (caught) {
      const error = asAppError(caught);
      setProblem(error.message);
      // rows.<index>.<field>: the spreadsheet row is index + 2 (header + 1-based).
      setRowErrors(
        Object.entries(error.fields)
          .map(([path, message]) => {
            const m = /^rows\.(\d+)\./.exec(path);
            return m ? { row: Number(m[1]) + 2, message } : { row: 0, message };
          })
          .sort((a, b) => a.row - b.row)
          .map((e) => (e.row ? t.importRowError(e.row, e.message) : e.message)),
      );
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={t.importTitle} size="xl" centered>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t.importHelp}
        </Text>
        <FileInput label={t.importFile} accept=".xlsx,.csv" value={file} onChange={(f) => void pick(f)} leftSection={<IconFileSpreadsheet size={16} />} clearable />
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
          <Text size="sm">{rows ? t.importRows(rows.length) : ''}</Text>
          <Group gap="xs">
            <Button variant="default" onClick={close}>
              {texts.common.cancel}
            </Button>
            <Button onClick={() => void submit()} loading={loading} disabled={!rows?.length}>
              {t.importRun}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
