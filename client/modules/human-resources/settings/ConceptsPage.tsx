// Conceptos de nómina: code, name, kind, the SAT code of the kind's nómina
// 1.2 catalogue (a select with the SAT's descriptions) and the taxable rule;
// edited in a dialog (`?edit=N`). A concept the calculation posts itself
// (system) only lets its name change.
import { useMemo } from 'react';
import { Alert, SegmentedControl, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useMutation } from '@apollo/client/react';
import { IconLock } from '@tabler/icons-react';
import { RhConceptCreateDocument, RhConceptListDocument, RhConceptUpdateDocument, type RhConceptFieldsFragment, type RhConceptFilter, type RhConceptKind, type RhTaxableRule } from '../../../../generated/modules/human-resources/graphql';
import { conceptRuleErrors } from '../../../../schema/rh/concepts';
import { isSatCodeOfKind, satLabel, TAXABLE_RULE_LABELS } from '../../../../schema/rh/satNomina';
import { useScreenAccess } from '../../../components/access';
import { CatalogPage } from '../../../components/CatalogPage';
import { formatNumber } from '../../../components/format';
import type { ListColumn } from '../../../components/ListPage';
import { useListParams } from '../../../components/listParams';
import { NumberField } from '../../../components/NumberField';
import { StatusBadge } from '../../../components/StatusBadge';
import { useServerList } from '../../../components/useServerList';
import { ACTIVE_FILTER_OPTIONS, ACTIVE_LABELS, activeFilter, activeLabel, activeStatus, KIND_LABELS, KIND_OPTIONS, RH_MODULE, RH_SETTINGS_SCREEN, RULE_OPTIONS, satOptions, texts } from './texts';
import { codeError, requiredText } from './validation';

const t = texts.concepts;
const FIELDS = ['code', 'name', 'kind', 'satCode', 'taxableRule', 'exemptUma', 'active'] as const;

const ruleText = (r: Pick<RhConceptFieldsFragment, 'taxableRule' | 'exemptUma'>) =>
  r.taxableRule === 'exento_uma' && r.exemptUma ? `Exento hasta ${formatNumber(r.exemptUma, 2)} UMA` : TAXABLE_RULE_LABELS[r.taxableRule];

const COLUMNS: ListColumn<RhConceptFieldsFragment>[] = [
  { key: 'code', header: t.code, sortable: true, width: 90 },
  { key: 'name', header: t.name, sortable: true },
  { key: 'kind', header: t.kind, sortable: true, render: (r) => <StatusBadge status={r.kind} labels={KIND_LABELS} />, exportValue: (r) => KIND_LABELS[r.kind]?.label ?? r.kind },
  { key: 'satCode', header: t.satCode, sortable: true, render: (r) => satLabel(r.kind, r.satCode), exportValue: (r) => satLabel(r.kind, r.satCode) },
  { key: 'taxableRule', header: t.rule, render: ruleText, exportValue: ruleText },
  { key: 'systemKey', header: t.origin, render: (r) => (r.systemKey ? t.system : t.captured), exportValue: (r) => (r.systemKey ? t.system : t.captured) },
  { key: 'active', header: 'Estado', render: (r) => <StatusBadge status={activeStatus(r.active)} labels={ACTIVE_LABELS} />, exportValue: (r) => activeLabel(r.active) },
];

type Values = { code: string; name: string; kind: RhConceptKind; satCode: string; taxableRule: RhTaxableRule; exemptUma: string; active: boolean };

const toInput = (values: Values) => ({ ...values, code: values.code.trim().toUpperCase(), exemptUma: values.taxableRule === 'exento_uma' ? values.exemptUma : null });

function ConceptFields({ form, concept, readOnly }: { form: UseFormReturnType<Values>; concept: RhConceptFieldsFragment | null; readOnly: boolean }) {
  const system = concept?.systemKey != null;
  const { kind, taxableRule } = form.values;
  const chooseKind = (value: string | null) => {
    const next = (value ?? 'percepcion') as RhConceptKind;
    form.setFieldValue('kind', next);
    // The SAT code belongs to the kind's catalogue; another kind starts over.
    if (!isSatCodeOfKind(next, form.values.satCode)) form.setFieldValue('satCode', '');
    if (next !== 'percepcion' && form.values.taxableRule === 'exento_uma') form.setFieldValue('taxableRule', 'gravado');
  };
  const locked = readOnly || system;
  return (
    <Stack gap="md">
      {system ? (
        <Alert color="blue" variant="light" icon={<IconLock size={18} />}>
          {t.systemNotice}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TextInput
          label={t.code}
          required
          maxLength={15}
          disabled={locked}
          {...form.getInputProps('code')}
          onChange={(e) => form.setFieldValue('code', e.currentTarget.value.toUpperCase())}
        />
        <TextInput label={t.name} required maxLength={80} disabled={readOnly} data-autofocus {...form.getInputProps('name')} />
      </SimpleGrid>
      <Select label={t.kind} required allowDeselect={false} data={KIND_OPTIONS} disabled={locked} {...form.getInputProps('kind')} onChange={chooseKind} />
      <Select
        label={t.satCode}
        placeholder={t.satPlaceholder}
        required
        searchable
        allowDeselect={false}
        nothingFoundMessage="Sin coincidencias"
        data={satOptions(kind)}
        disabled={locked}
        {...form.getInputProps('satCode')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <Select
          label={t.rule}
          required
          allowDeselect={false}
          data={RULE_OPTIONS.filter((o) => kind === 'percepcion' || o.value !== 'exento_uma')}
          disabled={locked}
          {...form.getInputProps('taxableRule')}
        />
        {taxableRule === 'exento_uma' ? <NumberField label={t.exemptUma} description={t.exemptUmaHint} required precision={2} min={0} max={1000} disabled={locked} {...form.getInputProps('exemptUma')} /> : null}
      </SimpleGrid>
      <Switch label={texts.activeSwitch} disabled={locked} {...form.getInputProps('active', { type: 'checkbox' })} />
    </Stack>
  );
}

export function ConceptsPage() {
  const access = useScreenAccess(RH_MODULE, RH_SETTINGS_SCREEN);
  const params = useListParams({ sortBy: 'code', filters: { kind: '', active: '' } });
  const { kind } = params.filters;
  const active = activeFilter(params.filters.active);
  const variables = useMemo<{ filter: RhConceptFilter }>(
    () => ({ filter: { ...(kind === 'percepcion' || kind === 'deduccion' || kind === 'otro_pago' ? { kind } : {}), ...(active === undefined ? {} : { active }) } }),
    [kind, active],
  );
  const list = useServerList(RhConceptListDocument, params, variables, (d) => d.rhConcepts, { entity: 'rh_concept' });
  const [create] = useMutation(RhConceptCreateDocument);
  const [update] = useMutation(RhConceptUpdateDocument);
  return (
    <CatalogPage<RhConceptFieldsFragment, Values>
      description={t.description}
      columns={COLUMNS}
      params={params}
      list={list}
      access={access}
      texts={{ newButton: t.newButton, newTitle: t.newTitle, editTitle: (r) => `Concepto ${r.code}: ${r.name}`, created: t.created, saved: texts.saved, notFound: texts.notFound, searchPlaceholder: t.search, exportName: t.exportName }}
      filters={
        <>
          <Select aria-label={t.kind} placeholder={t.allKinds} data={KIND_OPTIONS} value={kind || null} onChange={(v) => params.setFilter('kind', v ?? '')} clearable w={190} />
          <SegmentedControl aria-label="Estado" data={ACTIVE_FILTER_OPTIONS} value={params.filters.active || 'all'} onChange={(v) => params.setFilter('active', v === 'all' ? '' : v)} />
        </>
      }
      fields={FIELDS}
      initialValues={(concept) =>
        concept
          ? { code: concept.code, name: concept.name, kind: concept.kind, satCode: concept.satCode, taxableRule: concept.taxableRule, exemptUma: concept.exemptUma ?? '', active: concept.active }
          : { code: '', name: '', kind: 'percepcion', satCode: '', taxableRule: 'gravado', exemptUma: '', active: true }
      }
      validate={{
        code: codeError,
        name: requiredText,
        satCode: (v, values) => (!v ? texts.required : (conceptRuleErrors({ ...values, satCode: v }).satCode ?? null)),
        exemptUma: (v, values) => conceptRuleErrors({ ...values, exemptUma: v }).exemptUma ?? null,
      }}
      onCreate={(values) => create({ variables: { input: toInput(values) } })}
      onUpdate={(concept, values) => update({ variables: { id: concept.id, version: concept.version, input: toInput(values) } })}
      renderFields={(form, { row, readOnly }) => <ConceptFields form={form} concept={row} readOnly={readOnly} />}
    />
  );
}
