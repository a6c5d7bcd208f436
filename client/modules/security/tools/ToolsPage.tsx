// Herramientas: tools (one unit each) and PPE (by stock) with category and
// status filters in the URL; "Nueva herramienta" adds one; a row opens its
// Edición de Herramientas screen with the history.
import { useState } from 'react';
import { Button, NumberInput, Select, TextInput } from '@mantine/core';
import { useMutation } from '@apollo/client/react';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { SecToolCreateDocument, SecToolListDocument, type SecToolCategory, type SecToolFieldsFragment, type SecToolStatus } from '../../../../generated/graphql';
import { useScreenAccess } from '../../../components/access';
import { FormDialog } from '../../../components/EditDialog';
import type { AppError } from '../../../components/graphqlErrors';
import { ListPage, type ListColumn } from '../../../components/ListPage';
import { useListParams } from '../../../components/listParams';
import { notifySuccess } from '../../../components/notify';
import { asAppError, errorForForm, placedFields } from '../../../components/serverErrors';
import { StatusBadge } from '../../../components/StatusBadge';
import { useServerList } from '../../../components/useServerList';
import { BADGES, MODULE, OPTIONS, SECURITY_PATHS, TOOL_CATEGORY_LABELS, TOOL_STATUS_LABELS, common } from '../texts';

const COLUMNS: ListColumn<SecToolFieldsFragment>[] = [
  { key: 'code', header: 'Código', sortable: true, width: 110 },
  { key: 'name', header: 'Nombre', sortable: true },
  { key: 'serial', header: 'Serie' },
  { key: 'category', header: 'Categoría', sortable: true, render: (r) => TOOL_CATEGORY_LABELS[r.category], exportValue: (r) => TOOL_CATEGORY_LABELS[r.category] },
  { key: 'status', header: 'Estado', sortable: true, render: (r) => <StatusBadge status={r.status} labels={BADGES.tool} />, exportValue: (r) => TOOL_STATUS_LABELS[r.status] },
  { key: 'stock', header: 'Existencia', format: 'number', sortable: true, align: 'right', render: (r) => (r.category === 'epp' ? String(r.stock) : '—'), exportValue: (r) => (r.category === 'epp' ? r.stock : null) },
  { key: 'holder', header: 'En poder de', render: (r) => r.holderName ?? (r.category === 'epp' && r.outstanding ? `${r.outstanding} entregados` : '—'), exportValue: (r) => r.holderName ?? '' },
];

function NewToolDialog({ onClose }: { onClose: (id: string | null) => void }) {
  const [create] = useMutation(SecToolCreateDocument);
  const [v, setV] = useState({ code: '', name: '', serial: '', category: 'herramienta' as SecToolCategory, stock: 0 });
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<AppError | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const missing = Object.fromEntries((['code', 'name'] as const).filter((k) => !v[k].trim()).map((k) => [k, common.required]));
    setFields(missing);
    if (Object.keys(missing).length) return;
    setSaving(true);
    try {
      const r = await create({ variables: { input: { ...v, stock: v.category === 'epp' ? v.stock : 0 } } });
      notifySuccess(`${v.code} dado de alta.`);
      onClose(r.data?.secToolCreate.id ?? null);
    } catch (caught) {
      const e = asAppError(caught);
      setFields(placedFields(e, ['code', 'name', 'serial', 'category', 'stock']));
      setError(errorForForm(e, ['code', 'name', 'serial', 'category', 'stock']));
    } finally {
      setSaving(false);
    }
  };
  return (
    <FormDialog title="Nueva herramienta o EPP" opened onClose={() => onClose(null)} onSubmit={submit} saving={saving} error={error} size="md">
      <Select label="Categoría" data={OPTIONS.toolCategory} value={v.category} onChange={(c) => setV({ ...v, category: (c ?? 'herramienta') as SecToolCategory })} allowDeselect={false} />
      <TextInput label="Código" required value={v.code} onChange={(e) => setV({ ...v, code: e.currentTarget.value })} error={fields.code} maxLength={40} />
      <TextInput label="Nombre" required value={v.name} onChange={(e) => setV({ ...v, name: e.currentTarget.value })} error={fields.name} maxLength={150} />
      <TextInput label="Número de serie" value={v.serial} onChange={(e) => setV({ ...v, serial: e.currentTarget.value })} error={fields.serial} maxLength={80} />
      {v.category === 'epp' ? <NumberInput label="Existencia inicial" min={0} allowDecimal={false} allowNegative={false} value={v.stock} onChange={(n) => setV({ ...v, stock: Number(n) || 0 })} error={fields.stock} /> : null}
    </FormDialog>
  );
}

export function ToolsPage() {
  const navigate = useNavigate();
  const access = useScreenAccess(MODULE, 'Herramientas');
  const [creating, setCreating] = useState(false);
  const params = useListParams({ sortBy: 'code', sortDirection: 'ASC', filters: { category: '', status: '' } });
  const { category, status } = params.filters;
  const filter = { ...(category ? { category: category as SecToolCategory } : {}), ...(status ? { status: status as SecToolStatus } : {}) };
  const list = useServerList(SecToolListDocument, params, { filter }, (d) => d.secTools, { entity: 'sec_tool' });
  return (
    <>
      <ListPage
        description="Herramientas controladas por unidad y EPP por existencia. Cada entrega, devolución y reparación queda en su historial."
        exportName="Herramientas"
        searchPlaceholder="Buscar por código, nombre, serie o quien la tiene"
        columns={COLUMNS}
        rows={list.rows}
        total={list.total}
        loading={list.loading}
        error={list.error}
        params={params}
        rowKey={(r) => r.id}
        onRowClick={(r) => void navigate(`${SECURITY_PATHS.tool}?id=${r.id}`)}
        fetchAll={access.exportar ? list.fetchAll : undefined}
        filters={
          <>
            <Select aria-label="Categoría" placeholder="Todas las categorías" data={OPTIONS.toolCategory} value={category || null} onChange={(x) => params.setFilter('category', x ?? '')} clearable w={180} />
            <Select aria-label="Estado" placeholder="Todos los estados" data={OPTIONS.toolStatus} value={status || null} onChange={(x) => params.setFilter('status', x ?? '')} clearable w={170} />
          </>
        }
        actions={
          access.crear ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              Nueva herramienta
            </Button>
          ) : undefined
        }
      />
      {creating ? (
        <NewToolDialog
          onClose={(id) => {
            setCreating(false);
            if (id) void navigate(`${SECURITY_PATHS.tool}?id=${id}`);
          }}
        />
      ) : null}
    </>
  );
}

export default ToolsPage;
