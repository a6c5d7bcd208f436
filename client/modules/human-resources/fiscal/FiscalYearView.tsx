// One fiscal year's figures in tabs (ISR per period, subsidio, UMA and minimum
// wages, IMSS, other parameters and notes). Read-only in the tables section;
// with `edit` every cell is an input, rows can be added or removed and the
// server's messages show under the cell they name ("tariffs.3.rows.2.rate").
import { useState, type ReactNode } from 'react';
import { ActionIcon, Badge, Button, Group, List, SegmentedControl, Select, SimpleGrid, Stack, Table, Tabs, Text, TextInput, Textarea } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { PayPeriod } from '../../../../generated/modules/human-resources/graphql';
import { PAY_PERIOD_LABELS, PAY_PERIODS } from '../../../../schema/rh/fiscal';
import { DateField } from '../../../components/DateField';
import { toDecimal } from '../../../components/decimal';
import { formatDate, formatNumber } from '../../../components/format';
import { InfoField } from '../../../components/InfoField';
import { NumberField } from '../../../components/NumberField';
import type { YearDraft } from './fiscalYearSheet';
import { IMSS_BASE_LABELS, texts } from './texts';

const t = texts.tables;
const col = t.columns;

type CellKind = 'money' | 'rate' | 'date' | 'text' | 'int' | 'base' | 'computed';
type GridColumn<R> = { key: string; header: string; kind: CellKind; value?: (row: R, index: number) => string; width?: number };

export type YearEdit = {
  /** Sets the value at a draft path ("subsidies.0.monthlyCap"). */
  set: (path: string, value: string | boolean) => void;
  addRow: (listPath: string) => void;
  removeRow: (listPath: string, index: number) => void;
  errors: Record<string, string>;
};

const BASE_OPTIONS = Object.entries(IMSS_BASE_LABELS).map(([value, label]) => ({ value, label }));

function shown(kind: CellKind, value: string): string {
  if (value === '') return '';
  if (kind === 'money') return formatNumber(value, 2);
  // Rates as published: at least two decimals (6.40 %), more when they have them (0.375 %).
  if (kind === 'rate') return `${formatNumber(value, Math.max(2, value.split('.')[1]?.length ?? 0))} %`;
  if (kind === 'date') return formatDate(value);
  if (kind === 'base') return IMSS_BASE_LABELS[value] ?? value;
  return value;
}

function Cell({ kind, value, path, edit, label }: { kind: CellKind; value: string; path: string; edit?: YearEdit; label: string }) {
  if (kind === 'computed') return edit ? <Text size="sm" pt={6}>{value}</Text> : <>{value}</>;
  if (!edit) return <>{shown(kind, value)}</>;
  const common = { 'aria-label': label, error: edit.errors[path], size: 'xs' as const };
  if (kind === 'money') return <NumberField {...common} precision={2} min={0} value={value} onChange={(v) => edit.set(path, v)} />;
  if (kind === 'rate') return <NumberField {...common} precision={4} min={0} value={value} onChange={(v) => edit.set(path, v)} />;
  if (kind === 'int') return <NumberField {...common} precision={0} min={0} value={value} onChange={(v) => edit.set(path, v)} />;
  if (kind === 'date') return <DateField {...common} value={value} onChange={(v) => edit.set(path, v)} />;
  if (kind === 'base') return <Select {...common} data={BASE_OPTIONS} allowDeselect={false} value={value} onChange={(v) => edit.set(path, v ?? 'SBC')} />;
  return <TextInput {...common} value={value} onChange={(e) => edit.set(path, e.currentTarget.value)} />;
}

function Grid<R extends Record<string, unknown>>({ label, rows, columns, listPath, edit }: { label: string; rows: R[]; columns: GridColumn<R>[]; listPath: string; edit?: YearEdit }) {
  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={edit ? 720 : 480}>
        <Table striped withTableBorder fz="sm" verticalSpacing={edit ? 4 : 'xs'} aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th style={{ width: 40 }}>#</Table.Th>
              {columns.map((c) => (
                <Table.Th key={c.key} ta={c.kind === 'text' || c.kind === 'base' || c.kind === 'date' ? 'left' : 'right'} style={{ width: c.width }}>
                  {c.header}
                </Table.Th>
              ))}
              {edit ? <Table.Th style={{ width: 40 }} /> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r, i) => (
              <Table.Tr key={i}>
                <Table.Td c="dimmed">{i + 1}</Table.Td>
                {columns.map((c) => (
                  <Table.Td key={c.key} ta={c.kind === 'text' || c.kind === 'base' || c.kind === 'date' ? 'left' : 'right'} style={{ fontVariantNumeric: 'tabular-nums', verticalAlign: 'top' }}>
                    <Cell kind={c.kind} value={c.value ? c.value(r, i) : String(r[c.key] ?? '')} path={`${listPath}.${i}.${c.key}`} edit={edit} label={`${c.header} ${i + 1}`} />
                  </Table.Td>
                ))}
                {edit ? (
                  <Table.Td style={{ verticalAlign: 'top' }}>
                    <ActionIcon variant="subtle" color="red" aria-label={`${texts.addYear.removeRow} ${i + 1}`} onClick={() => edit.removeRow(listPath, i)}>
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {edit ? (
        <Group>
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => edit.addRow(listPath)}>
            {texts.addYear.addRow}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

/** Upper limit of a tariff row: the next row's lower limit − 0.01 (none on the last row). */
const upperLimit = (rows: { lowerLimit: string }[], i: number): string => {
  const next = toDecimal(rows[i + 1]?.lowerLimit ?? null);
  return next ? formatNumber(next.minus('0.01').toFixed(2), 2) : 'En adelante';
};

function Scalar({ label, path, value, kind, edit, suffix }: { label: string; path: string; value: string; kind: CellKind; edit?: YearEdit; suffix?: string }) {
  if (!edit) return <InfoField label={label} value={`${shown(kind, value)}${suffix ? ` ${suffix}` : ''}`} />;
  if (kind === 'date') return <DateField label={label} value={value} error={edit.errors[path]} onChange={(v) => edit.set(path, v)} />;
  return <NumberField label={label} precision={kind === 'int' ? 0 : kind === 'rate' ? 4 : 2} min={0} value={value} error={edit.errors[path]} onChange={(v) => edit.set(path, v)} />;
}

/** Which tab a field path belongs to, to count errors per tab. */
export const tabOf = (path: string): string => {
  const head = path.split('.')[0];
  if (head === 'tariffs') return 'isr';
  if (head === 'subsidies') return 'subsidy';
  if (head === 'uma' || head.startsWith('minimumWage')) return 'uma';
  if (head === 'imssRates' || head === 'sbcCapUma' || head === 'excessThresholdUma') return 'imss';
  return 'other';
};

export function FiscalYearView({ draft, edit, extra }: { draft: YearDraft; edit?: YearEdit; extra?: ReactNode }) {
  const [period, setPeriod] = useState<PayPeriod>('QUINCENAL');
  const [tab, setTab] = useState<string | null>('isr');
  const tariffIndex = draft.tariffs.findIndex((x) => x.period === period);
  const tariff = draft.tariffs[tariffIndex];
  const errorCount = (name: string) => (edit ? Object.keys(edit.errors).filter((p) => tabOf(p) === name).length : 0);
  const tabLabel = (name: string, label: string) => (
    <Group gap={6} wrap="nowrap">
      {label}
      {errorCount(name) ? (
        <Badge size="xs" color="red" circle>
          {errorCount(name)}
        </Badge>
      ) : null}
    </Group>
  );
  return (
    <Tabs value={tab} onChange={setTab} keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="isr">{tabLabel('isr', t.tariffs)}</Tabs.Tab>
        <Tabs.Tab value="subsidy">{tabLabel('subsidy', t.subsidies)}</Tabs.Tab>
        <Tabs.Tab value="uma">{tabLabel('uma', `${t.uma} y ${t.minimumWages.toLowerCase()}`)}</Tabs.Tab>
        <Tabs.Tab value="imss">{tabLabel('imss', t.imss)}</Tabs.Tab>
        <Tabs.Tab value="other">{tabLabel('other', t.other)}</Tabs.Tab>
      </Tabs.List>

      <Tabs.Panel value="isr" pt="sm">
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap">
            <SegmentedControl
              size="xs"
              value={period}
              onChange={(v) => setPeriod(v as PayPeriod)}
              data={PAY_PERIODS.map((p) => ({
                value: p,
                label: edit && Object.keys(edit.errors).some((e) => e.startsWith(`tariffs.${draft.tariffs.findIndex((x) => x.period === p)}.`)) ? `${PAY_PERIOD_LABELS[p]} •` : PAY_PERIOD_LABELS[p],
              }))}
            />
            {tariff ? (
              <Badge variant="light" color={tariff.derived ? 'grape' : 'blue'}>
                {tariff.derived ? t.derived : t.published}
              </Badge>
            ) : null}
          </Group>
          {tariff ? (
            <Grid
              key={period}
              label={`ISR ${PAY_PERIOD_LABELS[period]}`}
              rows={tariff.rows}
              listPath={`tariffs.${tariffIndex}.rows`}
              edit={edit}
              columns={[
                { key: 'lowerLimit', header: col.lowerLimit, kind: 'money' },
                { key: 'upperLimit', header: col.upperLimit, kind: 'computed', value: (_r, i) => upperLimit(tariff.rows, i) },
                { key: 'fixedFee', header: col.fixedFee, kind: 'money' },
                { key: 'rate', header: col.rate, kind: 'rate' },
              ]}
            />
          ) : (
            <Text size="sm" c="dimmed">
              {texts.trace.empty}
            </Text>
          )}
        </Stack>
      </Tabs.Panel>

      <Tabs.Panel value="subsidy" pt="sm">
        <Grid
          label={t.subsidies}
          rows={draft.subsidies}
          listPath="subsidies"
          edit={edit}
          columns={[
            { key: 'validFrom', header: col.validFrom, kind: 'date' },
            { key: 'umaPercent', header: col.umaPercent, kind: 'rate' },
            { key: 'monthlyUma', header: col.monthlyUma, kind: 'money' },
            { key: 'monthlyAmount', header: col.monthlyAmount, kind: 'money' },
            { key: 'monthlyCap', header: col.monthlyCap, kind: 'money' },
            { key: 'note', header: col.note, kind: 'text' },
          ]}
        />
      </Tabs.Panel>

      <Tabs.Panel value="uma" pt="sm">
        <Stack gap="md">
          <Grid
            label={t.uma}
            rows={draft.uma}
            listPath="uma"
            edit={edit}
            columns={[
              { key: 'validFrom', header: col.validFrom, kind: 'date' },
              { key: 'daily', header: col.daily, kind: 'money' },
              { key: 'monthly', header: col.monthly, kind: 'money' },
              { key: 'note', header: col.note, kind: 'text' },
            ]}
          />
          <Text fw={600} size="sm">
            {t.minimumWages}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <Scalar label={col.validFrom} path="minimumWageValidFrom" value={draft.minimumWageValidFrom} kind="date" edit={edit} />
            <Scalar label={t.general} path="minimumWageGeneral" value={draft.minimumWageGeneral} kind="money" edit={edit} />
            <Scalar label={t.border} path="minimumWageBorder" value={draft.minimumWageBorder} kind="money" edit={edit} />
          </SimpleGrid>
        </Stack>
      </Tabs.Panel>

      <Tabs.Panel value="imss" pt="sm">
        <Stack gap="md">
          <Grid
            label={t.imss}
            rows={draft.imssRates}
            listPath="imssRates"
            edit={edit}
            columns={[
              { key: 'code', header: col.code, kind: 'text', width: 140 },
              { key: 'label', header: col.label, kind: 'text' },
              { key: 'rate', header: col.rate.replace(' s/excedente', ''), kind: 'rate' },
              { key: 'base', header: col.base, kind: 'base' },
            ]}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Scalar label={`${t.sbcCap} (UMA)`} path="sbcCapUma" value={draft.sbcCapUma} kind="money" edit={edit} suffix="UMA" />
            <Scalar label={`${t.excessThreshold} (UMA)`} path="excessThresholdUma" value={draft.excessThresholdUma} kind="money" edit={edit} suffix="UMA" />
          </SimpleGrid>
        </Stack>
      </Tabs.Panel>

      <Tabs.Panel value="other" pt="sm">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Scalar label={`${t.aguinaldo} (días)`} path="aguinaldoDays" value={draft.aguinaldoDays} kind="int" edit={edit} />
            <Scalar label={`${t.vacationPremium} (%)`} path="vacationPremiumPercent" value={draft.vacationPremiumPercent} kind="rate" edit={edit} />
          </SimpleGrid>
          <Text fw={600} size="sm">
            {t.vacation}
          </Text>
          <Grid
            label={t.vacation}
            rows={draft.vacationDays}
            listPath="vacationDays"
            edit={edit}
            columns={[
              { key: 'fromYear', header: col.fromYear, kind: 'int' },
              { key: 'toYear', header: col.toYear, kind: 'int' },
              { key: 'days', header: col.days, kind: 'int' },
            ]}
          />
          <Text fw={600} size="sm">
            {t.notes}
          </Text>
          {edit ? (
            <Textarea aria-label={t.notes} autosize minRows={3} value={draft.notes.join('\n')} onChange={(e) => edit.set('notes', e.currentTarget.value)} description="Una nota por línea." />
          ) : draft.notes.length ? (
            <List size="sm" spacing={4}>
              {draft.notes.map((n) => (
                <List.Item key={n}>{n}</List.Item>
              ))}
            </List>
          ) : (
            <Text size="sm" c="dimmed">
              —
            </Text>
          )}
          {extra}
        </Stack>
      </Tabs.Panel>
    </Tabs>
  );
}
