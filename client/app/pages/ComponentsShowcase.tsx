// Public /components: every shared UI component working with demo data, so
// reviewers and module authors can try the behaviour the SPEC pins (number
// input, formats, confirm colours, list state in the URL, the form's save bar
// and leave guard) without signing in. Nothing here talks to the server.
import { useMemo, useState, type ReactNode } from 'react';
import { Button, Container, Group, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { queryClientRows } from '../../components/clientList';
import { ConfirmButton, CANCEL_COLOR, ModalsHost } from '../../components/confirm';
import { formatDate, formatDateTime, formatMoney, formatNumber } from '../../components/format';
import { FormPage } from '../../components/FormPage';
import type { AppError } from '../../components/graphqlErrors';
import { useListParams } from '../../components/listParams';
import { ListPage, type ListColumn } from '../../components/ListPage';
import { ModuleCards, type ModuleCard } from '../../components/ModuleCards';
import { NumberField } from '../../components/NumberField';
import { notifyError, notifySuccess } from '../../components/notify';
import { StatusBadge, type StatusLabels } from '../../components/StatusBadge';
import { useFormSave } from '../../components/useFormSave';

type ArticleStatus = 'activo' | 'agotado' | 'inactivo';

type DemoArticle = {
  id: number;
  sku: string;
  name: string;
  line: string;
  stock: number;
  cost: string;
  status: ArticleStatus;
  updatedAt: string;
};

const STATUS_LABELS: StatusLabels = {
  activo: { label: 'Activo', color: 'teal' },
  agotado: { label: 'Agotado', color: 'orange' },
  inactivo: { label: 'Inactivo', color: 'gray' },
  borrador: { label: 'Borrador', color: 'gray' },
  emitida: { label: 'Emitida', color: 'blue' },
  pagada: { label: 'Pagada', color: 'teal' },
  cancelada: { label: 'Cancelada', color: 'red' },
};

const NAMES = [
  'Válvula de bola 1/2"',
  'Tornillo hexagonal 3/8"',
  'Guante de carnaza',
  'Filtro de aceite',
  'Balata delantera',
  'Cable THW calibre 12',
  'Casco de seguridad',
  'Cinta aislante',
  'Llave Stillson 14"',
  'Aceite hidráulico ISO 68',
  'Rodamiento 6204',
  'Manguera de presión 3/4"',
];
const LINES = ['Hidráulico', 'Eléctrico', 'Seguridad', 'Refacciones', 'Ferretería'];
const STATUSES: ArticleStatus[] = ['activo', 'activo', 'activo', 'agotado', 'inactivo'];

// Deterministic, so a shared link to page 3 shows the same rows for everyone.
const DEMO_ARTICLES: DemoArticle[] = Array.from({ length: 60 }, (_, index) => {
  const n = index + 1;
  const cents = (n * 7919) % 250000;
  return {
    id: n,
    sku: `ART-${String(n).padStart(3, '0')}`,
    name: `${NAMES[index % NAMES.length]}${index >= NAMES.length ? ` (lote ${Math.ceil(n / NAMES.length)})` : ''}`,
    line: LINES[index % LINES.length] ?? 'Ferretería',
    stock: (n * 37) % 500,
    cost: `${Math.floor(cents / 100) + 10}.${String(cents % 100).padStart(2, '0')}`,
    status: STATUSES[index % STATUSES.length] ?? 'activo',
    updatedAt: `2026-${String((index % 12) + 1).padStart(2, '0')}-${String((index % 28) + 1).padStart(2, '0')}`,
  };
});

const ARTICLE_COLUMNS: ListColumn<DemoArticle>[] = [
  { key: 'sku', header: 'Clave', sortable: true, width: 110 },
  { key: 'name', header: 'Descripción', sortable: true },
  { key: 'line', header: 'Línea', sortable: true },
  { key: 'stock', header: 'Existencia', sortable: true, align: 'right', render: (row) => formatNumber(row.stock, 0) },
  {
    key: 'cost',
    header: 'Costo promedio',
    sortable: true,
    align: 'right',
    render: (row) => formatMoney(row.cost),
    exportValue: (row) => Number(row.cost),
  },
  {
    key: 'status',
    header: 'Estado',
    render: (row) => <StatusBadge status={row.status} labels={STATUS_LABELS} />,
    exportValue: (row) => STATUS_LABELS[row.status]?.label ?? row.status,
  },
  { key: 'updatedAt', header: 'Actualizado', sortable: true, render: (row) => formatDate(row.updatedAt) },
];

const DEMO_CARDS: ModuleCard[] = [
  { title: 'Vista previa de hoja de cálculo', description: 'Abre un .xlsx o .csv.', path: '/preview', icon: 'file' },
  { title: 'Inicio', description: 'Página pública del producto.', path: '/home/landing-page', icon: 'dashboard' },
  { title: 'Almacén', description: 'Requiere iniciar sesión.', path: '/system/warehouse', icon: 'building-warehouse' },
  { title: 'Parque Vehicular', description: 'Requiere iniciar sesión.', path: '/system/vehiclePark', icon: 'truck' },
  { title: 'Icono desconocido', description: 'Muestra el icono de respaldo.', path: '/components', icon: 'no-existe' },
];

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section">
      <Title order={3}>{title}</Title>
      {description ? (
        <Text size="sm" c="dimmed" mb="md">
          {description}
        </Text>
      ) : null}
      {children}
    </Paper>
  );
}

function NumberFieldDemo() {
  const [amount, setAmount] = useState('1234.5');
  const [adjustment, setAdjustment] = useState('');
  const [quantity, setQuantity] = useState('');
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }}>
      <Stack gap={4}>
        <NumberField precision={2} label="Importe" description="Precisión 2, mínimo 0" money min={0} value={amount} onChange={setAmount} />
        <Text size="xs" c="dimmed">
          Valor: “{amount}” → {formatMoney(amount) || '—'}
        </Text>
      </Stack>
      <Stack gap={4}>
        <NumberField precision={2}
          label="Ajuste"
          description="Mínimo -100, máximo 100 (admite signo menos)"
          min={-100}
          max={100}
          value={adjustment}
          onChange={setAdjustment}
        />
        <Text size="xs" c="dimmed">
          Valor: “{adjustment}”
        </Text>
      </Stack>
      <Stack gap={4}>
        <NumberField
          label="Cantidad"
          description="Enteros, mínimo 1: una fracción se rechaza, no se redondea"
          precision={0}
          min={1}
          value={quantity}
          onChange={setQuantity}
        />
        <Text size="xs" c="dimmed">
          Valor: “{quantity}”
        </Text>
      </Stack>
    </SimpleGrid>
  );
}

function FormatsDemo() {
  const now = useMemo(() => new Date().toISOString(), []);
  const samples: [string, string, string][] = [
    ['formatMoney(1234.5)', '1234.5', formatMoney(1234.5)],
    ['formatMoney("-1234.5")', '"-1234.5"', formatMoney('-1234.5')],
    ['formatNumber("1234567.891")', '"1234567.891"', formatNumber('1234567.891')],
    ['formatNumber("1.005")', '"1.005"', formatNumber('1.005')],
    ['formatNumber(12.5, 0)', '12.5', formatNumber(12.5, 0)],
    ['formatNumber("3.14159265358979323846264", 25)', 'precisión limitada a 20', formatNumber('3.14159265358979323846264', 25)],
    ['formatDate("2026-11-21")', '"2026-11-21"', formatDate('2026-11-21')],
    ['formatDateTime(ahora)', now, formatDateTime(now)],
  ];
  return (
    <Table withTableBorder striped fz="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Función</Table.Th>
          <Table.Th>Entrada</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>Resultado</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {samples.map(([call, input, output]) => (
          <Table.Tr key={call}>
            <Table.Td ff="monospace">{call}</Table.Td>
            <Table.Td ff="monospace">{input}</Table.Td>
            <Table.Td style={{ textAlign: 'right' }}>{output}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function ListDemo() {
  const params = useListParams({ pageSize: 10, sortBy: 'sku', filters: { status: '' } });
  const { items, matching, total } = useMemo(() => {
    const byStatus = params.filters.status
      ? DEMO_ARTICLES.filter((row) => row.status === params.filters.status)
      : DEMO_ARTICLES;
    return queryClientRows(byStatus, params, {
      searchText: (row) => `${row.sku} ${row.name} ${row.line}`,
      sortValue: (row, key) => (key === 'cost' ? Number(row.cost) : key === 'stock' ? row.stock : String(row[key as keyof DemoArticle])),
    });
  }, [params]);

  return (
    <ListPage
      title="Artículos (demostración)"
      description="60 registros en memoria: búsqueda, orden, paginación y exportación funcionan en el navegador; el estado vive en la URL."
      actions={<Button onClick={() => notifySuccess('Aquí se abriría el formulario de alta.')}>Nuevo</Button>}
      columns={ARTICLE_COLUMNS}
      rows={items}
      total={total}
      loading={false}
      params={params}
      rowKey={(row) => row.id}
      onRowClick={(row) => notifySuccess(`${row.sku} · ${row.name}`, 'Registro seleccionado')}
      exportName="Artículos"
      fetchAll={() => Promise.resolve(matching)}
      filters={
        <Select
          aria-label="Estado"
          placeholder="Todos los estados"
          data={[
            { value: 'activo', label: 'Activo' },
            { value: 'agotado', label: 'Agotado' },
            { value: 'inactivo', label: 'Inactivo' },
          ]}
          value={params.filters.status || null}
          onChange={(value) => params.setFilter('status', value ?? '')}
          clearable
          w={200}
        />
      }
    />
  );
}

type DemoFormValues = { name: string; email: string; rfc: string; creditLimit: string };

const EMPTY_FORM: DemoFormValues = { name: '', email: '', rfc: '', creditLimit: '' };
const RFC_PATTERN = /^[A-ZÑ&]{3,4}\d{6}[A-Z\d]{3}$/;

/** What the demo "server" answers: "conflicto" as name a CONFLICT, the e-mail "usado@empresa.mx" a BAD_USER_INPUT with a field message. */
function demoServerAnswer(values: DemoFormValues): AppError | null {
  if (values.name.trim().toLowerCase() === 'conflicto') return { code: 'CONFLICT', message: 'Otro usuario modificó este registro.', fields: {} };
  if (values.email.trim().toLowerCase() === 'usado@empresa.mx') return { code: 'BAD_USER_INPUT', message: 'Revisa los datos marcados.', fields: { email: 'Ese correo ya está registrado con otro cliente.' } };
  return null;
}

function FormDemo() {
  const form = useForm<DemoFormValues>({
    mode: 'controlled',
    initialValues: EMPTY_FORM,
    validate: {
      name: (value) => (value.trim() === '' ? 'La razón social es obligatoria.' : null),
      email: (value) => (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) ? null : 'Escribe un correo electrónico válido.'),
      rfc: (value) => (RFC_PATTERN.test(value.toUpperCase()) ? null : 'El RFC no tiene un formato válido.'),
      creditLimit: (value) => (value === '' ? 'El límite de crédito es obligatorio.' : null),
    },
  });
  // The same save flow as every real form (useFormSave), against a pretend server.
  const { save: runSave, saving, error, setError } = useFormSave({ form, fields: ['name', 'email', 'rfc', 'creditLimit'], onSaved: () => undefined });
  const save = () =>
    runSave(async (values) => {
      await new Promise((resolve) => window.setTimeout(resolve, 700));
      const answer = demoServerAnswer(values);
      if (answer) throw answer;
      return 'Cliente guardado.';
    });

  return (
    <FormPage
      title="Cliente (demostración)"
      description="Escribe “conflicto” como razón social o “usado@empresa.mx” como correo para ver los errores del servidor. Con cambios sin guardar, salir de la página pide confirmación."
      onSubmit={save}
      onCancel={() => {
        form.reset();
        setError(null);
      }}
      dirty={form.isDirty()}
      saving={saving}
      error={error}
      onReload={() => {
        form.reset();
        setError(null);
      }}
      extraActions={
        <ConfirmButton
          variant="subtle"
          color={CANCEL_COLOR}
          confirmTitle="Desactivar cliente"
          confirmMessage="El cliente ya no aparecerá en las listas. ¿Deseas continuar?"
          onConfirm={() => notifySuccess('Cliente desactivado (demostración).')}
        >
          Desactivar
        </ConfirmButton>
      }
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Razón social" required {...form.getInputProps('name')} />
        <TextInput label="Correo electrónico" required {...form.getInputProps('email')} />
        <TextInput
          label="RFC"
          required
          {...form.getInputProps('rfc')}
          onChange={(event) => form.setFieldValue('rfc', event.currentTarget.value.toUpperCase())}
        />
        <NumberField precision={2} label="Límite de crédito" required money min={0} {...form.getInputProps('creditLimit')} />
      </SimpleGrid>
    </FormPage>
  );
}

export function ComponentsShowcase() {
  return (
    <ModalsHost>
      <Container size="xl" py="xl">
        <Stack gap="lg">
          <div>
            <Title order={1}>Componentes compartidos</Title>
            <Text c="dimmed">
              Catálogo vivo de los componentes que usan todas las pantallas del ERP. Los datos son de demostración.
            </Text>
          </div>

          <Section title="Campo numérico" description="Solo dígitos y un punto decimal; redondea a la precisión y respeta mínimo y máximo.">
            <NumberFieldDemo />
          </Section>

          <Section title="Formatos" description="Separador de miles “,”, decimales “.”, moneda “$1,234.50” y fechas DD/MM/AAAA.">
            <FormatsDemo />
          </Section>

          <Section title="Diálogo de confirmación y notificaciones">
            <Group>
              <ConfirmButton
                color={CANCEL_COLOR}
                confirmTitle="Eliminar registro"
                confirmMessage="Esta acción no se puede deshacer. ¿Deseas eliminar el registro?"
                onConfirm={() => notifySuccess('Registro eliminado (demostración).')}
              >
                Eliminar registro
              </ConfirmButton>
              <Button variant="light" onClick={() => notifySuccess('Los cambios se guardaron correctamente.')}>
                Notificación de éxito
              </Button>
              <Button variant="light" color="red" onClick={() => notifyError('No se pudo conectar con el servidor.')}>
                Notificación de error
              </Button>
            </Group>
          </Section>

          <Section title="Estados" description="Cada documento muestra su estado como una insignia.">
            <Group gap="xs">
              {Object.keys(STATUS_LABELS).map((status) => (
                <StatusBadge key={status} status={status} labels={STATUS_LABELS} />
              ))}
              <StatusBadge status="desconocido" labels={STATUS_LABELS} />
            </Group>
          </Section>

          <Section title="Tarjetas de módulo">
            <ModuleCards cards={DEMO_CARDS} />
          </Section>

          <Section title="Lista">
            <ListDemo />
          </Section>

          <Section title="Formulario">
            <FormDemo />
          </Section>
        </Stack>
      </Container>
    </ModalsHost>
  );
}
