// Nómina Fiscal (?id=): the header of a calculated or closed payroll and, per
// employee, gravado, exento, ISR, subsidio, ISR retenido, IMSS and neto; a row
// opens that employee's whole calculation (each step with its figure, and the
// concepts posted). Totals row; the per-employee figures export to Excel.
import { Fragment, useState } from 'react';
import { Alert, Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { IconAlertCircle, IconArrowLeft, IconChevronDown, IconChevronRight, IconFileSpreadsheet } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router-dom';
import { RhFiscalPayrollDetailDocument, type RhFiscalPayrollDetailQuery } from '../../../../generated/modules/human-resources/graphql';
import { idParam } from '../../../components/dates';
import type { ExportColumn } from '../../../components/exportRows';
import { exportRows } from '../../../components/exportRows';
import { formatDate, formatDateTime, formatMoney, formatNumber } from '../../../components/format';
import { readGraphQLError } from '../../../components/graphqlErrors';
import { InfoField } from '../../../components/InfoField';
import { notifyError } from '../../../components/notify';
import { PageHeader } from '../../../components/PageHeader';
import { RecordHistoryButton } from '../../../components/RecordHistory';
import { StatusBadge } from '../../../components/StatusBadge';
import { periodText } from './FiscalPayrollsPage';
import { TaxTrace } from './TaxTrace';
import { FISCAL_PATHS, PAYROLL_KIND_LABELS, PAYROLL_STATUS, texts } from './texts';

const t = texts.detail;
const c = t.columns;
type Payroll = NonNullable<RhFiscalPayrollDetailQuery['rhFiscalPayroll']>;
type Employee = Payroll['employees'][number];
type Figure = 'taxable' | 'exempt' | 'isr' | 'subsidy' | 'isrWithheld' | 'imssEmployee' | 'net';

const FIGURES: { key: Figure; header: string }[] = [
  { key: 'taxable', header: c.taxable },
  { key: 'exempt', header: c.exempt },
  { key: 'isr', header: c.isr },
  { key: 'subsidy', header: c.subsidy },
  { key: 'isrWithheld', header: c.withheld },
  { key: 'imssEmployee', header: c.imss },
  { key: 'net', header: c.net },
];

const EXPORT_COLUMNS: ExportColumn<Employee>[] = [
  { key: 'employeeNumber', header: c.number },
  { key: 'employeeName', header: c.name },
  { key: 'daysWorked', header: t.days, format: 'number', exportValue: (e) => Number(e.daysWorked) },
  { key: 'sbcDaily', header: t.sbc, format: 'money', exportValue: (e) => Number(e.sbcDaily) },
  ...FIGURES.map((f) => ({ key: f.key, header: f.header, format: 'money' as const, exportValue: (e: Employee) => Number(e[f.key]) })),
];

const KIND_LABELS: Record<string, string> = { percepcion: 'Percepción', deduccion: 'Deducción', otro_pago: 'Otro pago' };
const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function EmployeeCalculation({ employee }: { employee: Employee }) {
  const l = t.lineColumns;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" p="sm">
      <Stack gap="xs">
        <Group gap="xs">
          <Text size="sm" fw={600}>
            {texts.calculator.steps}
          </Text>
          {employee.minimumWageOnly ? <Badge variant="light" color="orange">{t.minimumWage}</Badge> : null}
        </Group>
        <TaxTrace steps={employee.fiscalTrace} />
      </Stack>
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          {t.lines} · {t.sbc} {formatMoney(employee.sbcDaily)} · {t.days} {formatNumber(employee.daysWorked)}
        </Text>
        <Table withTableBorder striped fz="sm" aria-label={`${t.lines} ${employee.employeeName}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{l.concept}</Table.Th>
              <Table.Th>{l.kind}</Table.Th>
              <Table.Th ta="right">{l.amount}</Table.Th>
              <Table.Th ta="right">{l.taxable}</Table.Th>
              <Table.Th ta="right">{l.exempt}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {employee.lines.map((line) => (
              <Table.Tr key={line.id}>
                <Table.Td>
                  {line.conceptCode} · {line.conceptName}
                  {line.description ? <Text size="xs" c="dimmed">{line.description}</Text> : null}
                </Table.Td>
                <Table.Td>{KIND_LABELS[line.kind] ?? line.kind}</Table.Td>
                <Table.Td ta="right" style={num}>{formatMoney(line.amount)}</Table.Td>
                <Table.Td ta="right" style={num}>{line.kind === 'percepcion' ? formatMoney(line.taxable) : ''}</Table.Td>
                <Table.Td ta="right" style={num}>{line.kind === 'percepcion' ? formatMoney(line.exempt) : ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </SimpleGrid>
  );
}

function EmployeesTable({ payroll }: { payroll: Payroll }) {
  const [open, setOpen] = useState<string | null>(null);
  const totals = payroll.fiscalTotals;
  const columnCount = FIGURES.length + 3;
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={900}>
        <Table verticalSpacing="sm" highlightOnHover aria-label={t.employees}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th style={{ width: 32 }} />
              <Table.Th>{c.number}</Table.Th>
              <Table.Th>{c.name}</Table.Th>
              {FIGURES.map((f) => (
                <Table.Th key={f.key} ta="right">
                  {f.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {payroll.employees.map((e) => {
              const expanded = open === e.id;
              const toggle = () => setOpen(expanded ? null : e.id);
              return (
                <Fragment key={e.id}>
                  <Table.Tr
                    onClick={toggle}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter' || event.key === ' ') {
                        event.preventDefault();
                        toggle();
                      }
                    }}
                    tabIndex={0}
                    aria-expanded={expanded}
                    style={{ cursor: 'pointer' }}
                  >
                    <Table.Td>
                      <UnstyledButton aria-label={expanded ? t.hideTrace : t.showTrace} tabIndex={-1} style={{ display: 'flex' }}>
                        {expanded ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
                      </UnstyledButton>
                    </Table.Td>
                    <Table.Td>{e.employeeNumber}</Table.Td>
                    <Table.Td>{e.employeeName}</Table.Td>
                    {FIGURES.map((f) => (
                      <Table.Td key={f.key} ta="right" style={num}>
                        {formatMoney(e[f.key])}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                  {expanded ? (
                    <Table.Tr>
                      <Table.Td colSpan={columnCount} bg="var(--mantine-color-gray-0)">
                        <EmployeeCalculation employee={e} />
                      </Table.Td>
                    </Table.Tr>
                  ) : null}
                </Fragment>
              );
            })}
          </Table.Tbody>
          {totals ? (
            <Table.Tfoot>
              <Table.Tr style={{ fontWeight: 700 }}>
                <Table.Td />
                <Table.Td colSpan={2}>
                  {texts.common.total} ({payroll.employeeCount} {payroll.employeeCount === 1 ? 'empleado' : 'empleados'})
                </Table.Td>
                {FIGURES.map((f) => (
                  <Table.Td key={f.key} ta="right" style={num}>
                    {formatMoney(totals[f.key])}
                  </Table.Td>
                ))}
              </Table.Tr>
            </Table.Tfoot>
          ) : null}
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

function BackButton() {
  return (
    <Button component={Link} to={FISCAL_PATHS.list} variant="default" leftSection={<IconArrowLeft size={16} />}>
      {texts.common.back}
    </Button>
  );
}

export function FiscalPayrollDetailPage() {
  const [searchParams] = useSearchParams();
  const rawId = searchParams.get('id');
  const id = idParam(rawId);
  const { data, loading, error } = useQuery(RhFiscalPayrollDetailDocument, { variables: { id: id ?? '0' }, skip: id === null, fetchPolicy: 'cache-and-network' });
  const [exporting, setExporting] = useState(false);
  const payroll = data?.rhFiscalPayroll ?? null;
  const loadError = readGraphQLError(error);

  if (id === null || (!loading && !payroll && (!loadError || loadError.code === 'NOT_FOUND'))) {
    return (
      <Stack gap="md" align="flex-start">
        <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} />} title={texts.common.notFound} />
        <BackButton />
      </Stack>
    );
  }
  if (loadError && !payroll) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={texts.common.loadFailed}>
        {loadError.message}
      </Alert>
    );
  }
  if (!payroll) {
    return (
      <Stack gap="sm" aria-busy>
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} height={36} radius="sm" />
        ))}
      </Stack>
    );
  }

  const exportXlsx = async () => {
    setExporting(true);
    try {
      await exportRows(t.exportName(payroll.folio), EXPORT_COLUMNS, payroll.employees, 'xlsx');
    } catch {
      notifyError('No se pudo exportar.', 'No se pudo exportar');
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="md">
      <PageHeader
        title={`${t.folio} ${payroll.folio} · ${PAYROLL_KIND_LABELS[payroll.kind] ?? payroll.kind}`}
        description={payroll.description || undefined}
        actions={
          <>
            <BackButton />
            <Button variant="default" leftSection={<IconFileSpreadsheet size={16} />} loading={exporting} onClick={() => void exportXlsx()}>
              {t.exportXlsx}
            </Button>
            {/* The payroll's own Historial (calculated, closed, by whom): the fiscal view is one of its screens. */}
            <RecordHistoryButton entity="rh_payroll" entityId={payroll.id} reference={`${t.folio} ${payroll.folio}`} />
          </>
        }
      />
      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="md">
          <InfoField label={t.period} value={periodText(payroll)} />
          <InfoField label={t.paymentDate} value={formatDate(payroll.paymentDate)} />
          <InfoField label={texts.list.columns.tableYear} value={<Text fw={600} size="sm">{t.tables(payroll.tableYear)}</Text>} />
          <InfoField label={t.status} value={<StatusBadge status={payroll.status} labels={PAYROLL_STATUS} />} />
          <InfoField
            label={payroll.status === 'cerrada' ? t.closed : texts.list.columns.employees}
            value={payroll.status === 'cerrada' ? `${formatDateTime(payroll.closedAt)}${payroll.closedByName ? ` · ${payroll.closedByName}` : ''}` : String(payroll.employeeCount)}
          />
        </SimpleGrid>
      </Paper>
      <EmployeesTable payroll={payroll} />
    </Stack>
  );
}
