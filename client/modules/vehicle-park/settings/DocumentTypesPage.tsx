// Documentos (Configuración PV): the document types of a vehicle (required or
// not, with an expiry and its warning days); edited in a dialog (`?edit=N`).
import { useMemo } from 'react';
import { SegmentedControl, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useMutation } from '@apollo/client/react';
import { VpDocumentTypeCreateDocument, VpDocumentTypeListDocument, VpDocumentTypeUpdateDocument, type VpDocumentTypeFieldsFragment } from '../../../../generated/graphql';
import { useScreenAccess } from '../../../components/access';
import { CatalogPage } from '../../../components/CatalogPage';
import { formatNumber } from '../../../components/format';
import type { ListColumn } from '../../../components/ListPage';
import { useListParams } from '../../../components/listParams';
import { NumberField } from '../../../components/NumberField';
import { StatusBadge } from '../../../components/StatusBadge';
import { useServerList } from '../../../components/useServerList';
import { ACTIVE_FILTER_OPTIONS, ACTIVE_LABELS, activeFilter, activeLabel, activeStatus, texts, VP_MODULE, VP_SETTINGS_SCREEN, yesNo } from '../texts';

const t = texts.settings.documents;
const FIELDS = ['name', 'required', 'expires', 'warningDays', 'active'] as const;

const COLUMNS: ListColumn<VpDocumentTypeFieldsFragment>[] = [
  { key: 'name', header: t.name, sortable: true },
  { key: 'required', header: t.required, sortable: true, render: (r) => yesNo(r.required), exportValue: (r) => yesNo(r.required) },
  { key: 'expires', header: t.expires, sortable: true, render: (r) => yesNo(r.expires), exportValue: (r) => yesNo(r.expires) },
  {
    key: 'warningDays',
    header: t.warningDays,
    sortable: true,
    align: 'right',
    render: (r) => (r.expires ? t.days(r.warningDays) : <Text size="sm" c="dimmed">{t.noExpiry}</Text>),
    exportValue: (r) => (r.expires ? r.warningDays : null),
  },
  { key: 'documentCount', header: t.documents, sortable: true, align: 'right', render: (r) => formatNumber(r.documentCount, 0) },
  { key: 'active', header: 'Estado', render: (r) => <StatusBadge status={activeStatus(r.active)} labels={ACTIVE_LABELS} />, exportValue: (r) => activeLabel(r.active) },
];

type Values = { name: string; required: boolean; expires: boolean; warningDays: string; active: boolean };

const toInput = (values: Values) => ({ ...values, warningDays: values.expires ? Number(values.warningDays) : 0 });

export function DocumentTypesPage() {
  const access = useScreenAccess(VP_MODULE, VP_SETTINGS_SCREEN);
  const params = useListParams({ sortBy: 'name', filters: { active: '' } });
  const active = activeFilter(params.filters.active);
  const variables = useMemo(() => ({ active }), [active]);
  const list = useServerList(VpDocumentTypeListDocument, params, variables, (d) => d.vpDocumentTypes, { entity: 'vp_document_type' });
  const [create] = useMutation(VpDocumentTypeCreateDocument);
  const [update] = useMutation(VpDocumentTypeUpdateDocument);
  return (
    <CatalogPage<VpDocumentTypeFieldsFragment, Values>
      description={t.description}
      columns={COLUMNS}
      params={params}
      list={list}
      access={access}
      texts={{ newButton: t.newButton, newTitle: t.newTitle, editTitle: (r) => `Documento: ${r.name}`, created: t.created, saved: texts.saved, notFound: texts.notFound, searchPlaceholder: t.search, exportName: t.exportName }}
      filters={<SegmentedControl aria-label="Estado" data={ACTIVE_FILTER_OPTIONS} value={params.filters.active || 'all'} onChange={(v) => params.setFilter('active', v === 'all' ? '' : v)} />}
      fields={FIELDS}
      initialValues={(d) =>
        d ? { name: d.name, required: d.required, expires: d.expires, warningDays: String(d.warningDays), active: d.active } : { name: '', required: true, expires: true, warningDays: '30', active: true }
      }
      validate={{
        name: (v) => (v.trim() ? null : texts.required),
        warningDays: (v, values) => (!values.expires || (/^\d+$/.test(v) && Number(v) <= 365) ? null : t.warningDaysMessage),
      }}
      onCreate={(values) => create({ variables: { input: toInput(values) } })}
      onUpdate={(d, values) => update({ variables: { id: d.id, version: d.version, input: toInput(values) } })}
      renderFields={(form, { readOnly }) => (
        <Stack gap="md">
          <TextInput label={t.name} required maxLength={80} disabled={readOnly} data-autofocus {...form.getInputProps('name')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <Switch label={t.required} disabled={readOnly} {...form.getInputProps('required', { type: 'checkbox' })} />
            <Switch label={t.expires} disabled={readOnly} {...form.getInputProps('expires', { type: 'checkbox' })} />
          </SimpleGrid>
          {form.values.expires ? <NumberField label={t.warningDays} description={t.warningHint} precision={0} min={0} max={365} disabled={readOnly} {...form.getInputProps('warningDays')} /> : null}
          <Switch label={texts.activeSwitch} disabled={readOnly} {...form.getInputProps('active', { type: 'checkbox' })} />
        </Stack>
      )}
    />
  );
}

export default DocumentTypesPage;
