// Public /preview: open an .xlsx or .csv and look at it as a grid before
// importing it. Nothing leaves the browser; the file is read locally.
import { useRef, useState } from 'react';
import { Alert, Container, FileInput, Group, Paper, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconFileSpreadsheet } from '@tabler/icons-react';
import { formatNumber } from '../../components/format';
import { SpreadsheetGrid } from '../../components/SpreadsheetGrid';
import { readSpreadsheet, SpreadsheetError, type SpreadsheetData } from '../../components/spreadsheet';

type PreviewState =
  | { status: 'idle' }
  | { status: 'reading' }
  | { status: 'ready'; data: SpreadsheetData }
  | { status: 'failed'; message: string };

function rowCount(count: number): string {
  return `${formatNumber(count, 0)} ${count === 1 ? 'fila' : 'filas'}`;
}

export function SpreadsheetPreview() {
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<PreviewState>({ status: 'idle' });
  const [sheetIndex, setSheetIndex] = useState(0);
  const [firstRowIsHeader, setFirstRowIsHeader] = useState(true);
  // Picking a second file while the first is still being read must not let
  // the first one's result win.
  const latestRead = useRef(0);

  const open = async (picked: File | null) => {
    setFile(picked);
    setSheetIndex(0);
    if (!picked) {
      latestRead.current += 1;
      setState({ status: 'idle' });
      return;
    }
    const ticket = ++latestRead.current;
    setState({ status: 'reading' });
    try {
      const data = await readSpreadsheet(picked);
      if (ticket === latestRead.current) setState({ status: 'ready', data });
    } catch (error) {
      const message =
        error instanceof SpreadsheetError ? error.message : 'No se pudo leer el archivo. Intenta de nuevo.';
      if (ticket === latestRead.current) setState({ status: 'failed', message });
    }
  };

  const sheets = state.status === 'ready' ? state.data.sheets : [];
  const sheet = sheets[sheetIndex];
  const dataRows = sheet ? Math.max(0, sheet.rows.length - (firstRowIsHeader ? 1 : 0)) : 0;

  return (
    <Container size="xl" py="xl">
      <Stack gap="md">
        <div>
          <Title order={2}>Vista previa de hoja de cálculo</Title>
          <Text c="dimmed" size="sm">
            Abre un archivo de Excel (.xlsx) o CSV para revisar su contenido antes de importarlo. El archivo no se
            envía al servidor.
          </Text>
        </div>

        <Group align="flex-end" gap="md" wrap="wrap">
          <FileInput
            label="Archivo"
            placeholder="Selecciona un archivo .xlsx o .csv"
            accept=".xlsx,.csv"
            leftSection={<IconFileSpreadsheet size={18} />}
            value={file}
            onChange={(picked) => void open(picked)}
            clearable
            disabled={state.status === 'reading'}
            w={{ base: '100%', sm: 380 }}
          />
          {sheets.length > 1 ? (
            <Select
              label="Hoja"
              data={sheets.map((item, index) => ({ value: String(index), label: item.name }))}
              value={String(sheetIndex)}
              onChange={(value) => setSheetIndex(Number(value ?? 0))}
              allowDeselect={false}
              w={220}
            />
          ) : null}
          <Switch
            label="Primera fila como encabezado"
            checked={firstRowIsHeader}
            onChange={(event) => setFirstRowIsHeader(event.currentTarget.checked)}
            mb={8}
          />
        </Group>

        {state.status === 'failed' ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="No se pudo abrir el archivo">
            {state.message}
          </Alert>
        ) : null}

        {state.status === 'reading' ? <Text c="dimmed">Leyendo el archivo…</Text> : null}

        {sheet ? (
          <Paper withBorder radius="md" p="sm">
            <Group justify="space-between" mb="xs">
              <Text fw={600}>{sheet.name}</Text>
              <Text size="sm" c="dimmed">
                {rowCount(dataRows)}
              </Text>
            </Group>
            <SpreadsheetGrid rows={sheet.rows} firstRowIsHeader={firstRowIsHeader} maxHeight="65vh" />
          </Paper>
        ) : null}

        {state.status === 'idle' ? (
          <Text c="dimmed" size="sm">
            Límite: 5 MB por archivo.
          </Text>
        ) : null}
      </Stack>
    </Container>
  );
}
