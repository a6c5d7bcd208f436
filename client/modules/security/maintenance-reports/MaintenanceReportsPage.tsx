// Reportes de Mantenimiento: the failure reports raised from inspections, as
// Mantenimiento sees them (status, priority, discard reason); a row opens the
// inspection it came from.
import { Select } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { SecMaintenanceReportListDocument, type SecMaintenanceReportListQuery } from '../../../../generated/modules/security/graphql';
import { useScreenAccess } from '../../../components/access';
import { formatDateTime } from '../../../components/format';
import { ListPage, type ListColumn } from '../../../components/ListPage';
import { useListParams } from '../../../components/listParams';
import { StatusBadge } from '../../../components/StatusBadge';
import { useServerList } from '../../../components/useServerList';
import { BADGES, MODULE, PRIORITY_LABELS, SECURITY_PATHS } from '../texts';

type Row = SecMaintenanceReportListQuery['secMaintenanceReports']['items'][number];

const COLUMNS: ListColumn<Row>[] = [
  { key: 'folio', header: 'Folio', width: 120, sortable: true },
  { key: 'createdAt', header: 'Levantado', format: 'datetime', sortable: true, render: (r) => formatDateTime(r.createdAt) },
  { key: 'sourceReference', header: 'Origen', sortable: true },
  { key: 'location', header: 'Ubicación', sortable: true },
  { key: 'status', header: 'Estado', sortable: true, render: (r) => <StatusBadge status={r.status} labels={BADGES.report} />, exportValue: (r) => BADGES.report[r.status]?.label ?? r.status },
  { key: 'priority', header: 'Prioridad', sortable: true, render: (r) => (r.priority ? PRIORITY_LABELS[r.priority] ?? r.priority : '—'), exportValue: (r) => (r.priority ? PRIORITY_LABELS[r.priority] ?? r.priority : '') },
  { key: 'discardReason', header: 'Motivo de descarte', render: (r) => r.discardReason || '—' },
];

const STATUS_OPTIONS = Object.entries(BADGES.report).map(([value, v]) => ({ value, label: v.label }));

export function MaintenanceReportsPage() {
  const navigate = useNavigate();
  const access = useScreenAccess(MODULE, 'Reportes de Mantenimiento');
  const params = useListParams({ sortBy: 'createdAt', sortDirection: 'DESC', filters: { status: '' } });
  const status = params.filters.status;
  const list = useServerList(SecMaintenanceReportListDocument, params, { status: status || null }, (d) => d.secMaintenanceReports, { entity: 'mt_failure_report' });
  return (
    <ListPage
      description="Cada «no cumple» de una inspección puede levantar un reporte de falla; Mantenimiento lo atiende en Gestión de reportes. Aquí se ve su avance."
      exportName="Reportes de mantenimiento"
      searchPlaceholder="Buscar por folio, título, origen o ubicación"
      columns={COLUMNS}
      rows={list.rows}
      total={list.total}
      loading={list.loading}
      error={list.error}
      params={params}
      rowKey={(r) => r.id}
      onRowClick={(r) => (r.inspectionId ? void navigate(`${SECURITY_PATHS.inspection}?id=${r.inspectionId}`) : undefined)}
      fetchAll={access.exportar ? list.fetchAll : undefined}
      filters={<Select aria-label="Estado" placeholder="Todos los estados" data={STATUS_OPTIONS} value={status || null} onChange={(v) => params.setFilter('status', v ?? '')} clearable w={170} />}
    />
  );
}
