// Document types of a file (an employee's, a vehicle's…): required or not,
// with an expiry and the warning days before it, active or not; one catalogue
// screen for every module that keeps documents per record. The module gives
// its list, its create/update mutations and the words that differ.
import { Badge, Checkbox, Group, SegmentedControl, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { ACTIVE_FILTER_OPTIONS, ACTIVE_LABELS, activeLabel, activeStatus, yesNo } from './active';
import { CatalogPage, type CatalogAccess, type CatalogListData } from './CatalogPage';
import { formatNumber } from './format';
import type { ListColumn } from './ListPage';
import type { ListParams } from './listParams';
import { NumberField } from './NumberField';
import { StatusBadge } from './StatusBadge';

export type DocumentTypeRow = { id: string; version: number; name: string; required: boolean; expires: boolean; warningDays: number; active: boolean; documentCount?: number | null };
export type DocumentTypeInput = { name: string; required: boolean; expires: boolean; warningDays: number; active: boolean };

export const DOCUMENT_TYPE_TEXTS = {
  name: 'Documento',
  required: 'Obligatorio',
  expires: 'Vence',
  warningDays: 'Días de aviso',
  warningHint: 'Días antes del vencimiento en que el documento se marca «por vencer».',
  warningDaysMessage: 'Los días de aviso deben ser un entero entre 0 y 365.',
  documents: 'Documentos cargados',
  noExpiry: 'No vence',
  days: (n: number) => (n === 1 ? '1 día' : `${n} días`),
  newButton: 'Nuevo tipo de documento',
  newTitle: 'Nuevo tipo de documento',
  editTitle: (name: string) => `Documento: ${name}`,
  created: 'Tipo de documento registrado.',
  saved: 'Cambios guardados.',
  notFound: 'El tipo de documento no existe o fue eliminado.',
  required_: 'Este campo es obligatorio.',
  active: 'Activo',
  status: 'Estado',
  search: 'Buscar tipo de documento',
} as const;

const t = DOCUMENT_TYPE_TEXTS;
const FIELDS = ['name', 'required', 'expires', 'warningDays', 'active'] as const;

/**
 * A yes/no mark a module gives some of its types (Parque Vehicular: the
 * vehicle's insurance policy): a checkbox in the form, named `field` in the
 * input (and in the server's field messages), and a badge beside the name.
 */
export type DocumentTypeFlag<Row> = { field: string; label: string; description: string; badge: string; of: (row: Row) => boolean };

type Values = { name: string; required: boolean; expires: boolean; warningDays: string; active: boolean; flag: boolean };
function toInput(values: Values, flag: DocumentTypeFlag<never> | undefined): DocumentTypeInput {
  const { flag: marked, ...rest } = values;
  const input = { ...rest, name: values.name.trim(), warningDays: values.expires ? Number(values.warningDays) : 0 };
  return flag ? { ...input, [flag.field]: marked } : input;
}

function columnsFor<Row extends DocumentTypeRow>(withCount: boolean, flag: DocumentTypeFlag<Row> | undefined): ListColumn<Row>[] {
  return [
    flag
      ? {
          key: 'name',
          header: t.name,
          sortable: true,
          render: (r) => (
            <Group gap="xs" wrap="nowrap">
              <span>{r.name}</span>
              {flag.of(r) ? (
                <Badge size="sm" variant="light" color="blue">
                  {flag.badge}
                </Badge>
              ) : null}
            </Group>
          ),
          exportValue: (r) => (flag.of(r) ? `${r.name} (${flag.badge})` : r.name),
        }
      : { key: 'name', header: t.name, sortable: true },
    { key: 'required', header: t.required, sortable: true, render: (r) => yesNo(r.required), exportValue: (r) => yesNo(r.required) },
    { key: 'expires', header: t.expires, sortable: true, render: (r) => yesNo(r.expires), exportValue: (r) => yesNo(r.expires) },
    {
      key: 'warningDays',
      format: 'number',
      header: t.warningDays,
      sortable: true,
      align: 'right',
      render: (r) => (r.expires ? t.days(r.warningDays) : <Text size="sm" c="dimmed">{t.noExpiry}</Text>),
      exportValue: (r) => (r.expires ? r.warningDays : null),
    },
    ...(withCount ? [{ key: 'documentCount', header: t.documents, format: 'number' as const, sortable: true, align: 'right' as const, render: (r: Row) => formatNumber(r.documentCount ?? 0, 0) }] : []),
    { key: 'active', header: t.status, render: (r) => <StatusBadge status={activeStatus(r.active)} labels={ACTIVE_LABELS} />, exportValue: (r) => activeLabel(r.active) },
  ];
}

type Props<Row extends DocumentTypeRow> = {
  description: string;
  exportName: string;
  params: ListParams;
  list: CatalogListData<Row>;
  access: CatalogAccess;
  /** A new type starts as expiring (vehicle papers) or not (most employee papers). */
  expiresByDefault: boolean;
  /** Shows how many documents of each type are on file. */
  withDocumentCount?: boolean;
  /** A module's own yes/no mark on a type (sent as `flag.field` in the input). */
  flag?: DocumentTypeFlag<Row>;
  onCreate: (input: DocumentTypeInput) => Promise<unknown>;
  onUpdate: (row: Row, input: DocumentTypeInput) => Promise<unknown>;
};

export function DocumentTypeCatalog<Row extends DocumentTypeRow>({
  description,
  exportName,
  params,
  list,
  access,
  expiresByDefault,
  withDocumentCount = false,
  flag,
  onCreate,
  onUpdate,
}: Props<Row>) {
  const flagInput = flag as DocumentTypeFlag<never> | undefined;
  return (
    <CatalogPage<Row, Values>
      description={description}
      columns={columnsFor<Row>(withDocumentCount, flag)}
      params={params}
      list={list}
      access={access}
      texts={{ newButton: t.newButton, newTitle: t.newTitle, editTitle: (r) => t.editTitle(r.name), created: t.created, saved: t.saved, notFound: t.notFound, searchPlaceholder: t.search, exportName }}
      filters={<SegmentedControl aria-label={t.status} data={ACTIVE_FILTER_OPTIONS} value={params.filters.active || 'all'} onChange={(v) => params.setFilter('active', v === 'all' ? '' : v)} />}
      fields={flag ? [...FIELDS, flag.field] : FIELDS}
      initialValues={(d) =>
        d
          ? { name: d.name, required: d.required, expires: d.expires, warningDays: String(d.warningDays), active: d.active, flag: flag ? flag.of(d) : false }
          : { name: '', required: true, expires: expiresByDefault, warningDays: '30', active: true, flag: false }
      }
      validate={{
        name: (v) => (v.trim() ? null : t.required_),
        warningDays: (v, values) => (!values.expires || (/^\d+$/.test(v) && Number(v) <= 365) ? null : t.warningDaysMessage),
      }}
      onCreate={(values) => onCreate(toInput(values, flagInput))}
      onUpdate={(d, values) => onUpdate(d, toInput(values, flagInput))}
      renderFields={(form, { readOnly }) => (
        <Stack gap="md">
          <TextInput label={t.name} required maxLength={80} disabled={readOnly} data-autofocus {...form.getInputProps('name')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <Switch label={t.required} disabled={readOnly} {...form.getInputProps('required', { type: 'checkbox' })} />
            <Switch label={t.expires} disabled={readOnly} {...form.getInputProps('expires', { type: 'checkbox' })} />
          </SimpleGrid>
          {form.values.expires ? <NumberField label={t.warningDays} description={t.warningHint} precision={0} min={0} max={365} disabled={readOnly} {...form.getInputProps('warningDays')} /> : null}
          <Switch label={t.active} disabled={readOnly} {...form.getInputProps('active', { type: 'checkbox' })} />
          {flag ? (
            <Checkbox
              label={flag.label}
              description={flag.description}
              disabled={readOnly}
              {...form.getInputProps('flag', { type: 'checkbox' })}
              onChange={(e) => {
                form.setFieldValue('flag', e.currentTarget.checked);
                form.clearFieldError(flag.field);
              }}
              error={form.errors[flag.field]}
            />
          ) : null}
        </Stack>
      )}
    />
  );
}
