// Movimientos IMSS: server-side list with type, state, registro patronal,
// «solo vencidos» and effective-date filters in the URL; a pendiente past its
// «fecha límite» shows «Vencido». Select rows → «Exportar para IDSE» downloads
// IDSE's batch TXT; «Marcar presentado» asks for the lote/acuse IDSE gave.
import { useState } from 'react';
import { Badge, Checkbox, Select, Stack, Text } from '@mantine/core';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { IconCircleCheck, IconFileText } from '@tabler/icons-react';
import {
  RhImssMovementListDocument,
  RhImssMovementRegistrationsDocument,
  RhImssMovementsIdseFileDocument,
  RhImssMovementsMarkPresentedDocument,
  type RhImssMovementFieldsFragment,
  type RhImssMovementStatus,
  type RhImssMovementType,
} from '../../../../generated/modules/human-resources/graphql';
import { IMSS_MOVEMENT_STATUS_LABELS } from '../../../../schema/rh/imssMovements';
import { useScreenAccess } from '../../../components/access';
import type { BulkConfig, BulkOutcome } from '../../../components/BulkBar';
import { DateRangeFilter, dateRangeDefaults, dateRangeFilter } from '../../../components/DateRangeFilter';
import { downloadBlob } from '../../../components/exportRows';
import { formatDate, formatMoney } from '../../../components/format';
import { ListPage, type ListColumn } from '../../../components/ListPage';
import { useListParams } from '../../../components/listParams';
import { notifySuccess } from '../../../components/notify';
import { ReasonDialog } from '../../../components/ReasonDialog';
import { StatusBadge } from '../../../components/StatusBadge';
import { useServerList } from '../../../components/useServerList';
import { SbcVariableSection } from './SbcVariableSection';
import { IMSS_MOVEMENT_BADGES, statusOptions, texts, typeOptions } from './texts';

type Row = RhImssMovementFieldsFragment;
const c = texts.columns;

const COLUMNS: ListColumn<Row>[] = [
  { key: 'employee', header: c.employee, sortable: true, render: (r) => `${r.employeeNumber} · ${r.fullName}`, exportValue: (r) => `${r.employeeNumber} ${r.fullName}` },
  { key: 'nss', header: c.nss },
  { key: 'registro', header: c.registro, sortable: true },
  {
    key: 'type',
    header: c.type,
    sortable: true,
    // A baja carries its IMSS cause under the type (one column less on a laptop).
    render: (r) => (
      <Stack gap={0}>
        <span>{r.typeLabel}</span>
        {r.bajaCauseLabel ? (
          <Text size="xs" c="dimmed">
            {r.bajaCauseLabel}
          </Text>
        ) : null}
      </Stack>
    ),
    exportValue: (r) => (r.bajaCauseLabel ? `${r.typeLabel} (${c.bajaCause.toLowerCase()}: ${r.bajaCauseLabel})` : r.typeLabel),
  },
  { key: 'effectiveDate', header: c.effectiveDate, format: 'date', sortable: true, render: (r) => formatDate(r.effectiveDate) },
  {
    key: 'deadline',
    header: c.deadline,
    format: 'date',
    sortable: true,
    render: (r) =>
      r.overdue ? (
        <Stack gap={2} align="flex-start">
          <Text size="sm" c="red.7" fw={600}>
            {formatDate(r.deadline)}
          </Text>
          <Badge color="red" variant="filled" size="sm" style={{ overflow: 'visible' }}>
            {texts.overdue}
          </Badge>
        </Stack>
      ) : (
        formatDate(r.deadline)
      ),
  },
  { key: 'sbc', header: c.sbc, format: 'money', align: 'right', render: (r) => (r.type === 'baja' ? '' : formatMoney(r.sbc)), exportValue: (r) => Number(r.sbc) },
  { key: 'status', header: c.status, sortable: true, render: (r) => <StatusBadge status={r.status} labels={IMSS_MOVEMENT_BADGES} />, exportValue: (r) => IMSS_MOVEMENT_STATUS_LABELS[r.status] },
  { key: 'acuse', header: c.acuse, render: (r) => r.acuse ?? '', exportValue: (r) => r.acuse ?? '' },
];

type Presenting = { ids: string[]; done: (outcome: BulkOutcome | void) => void };

export function ImssMovementsPage() {
  const access = useScreenAccess('Recursos Humanos', 'Movimientos IMSS');
  const params = useListParams({ sortBy: 'deadline', sortDirection: 'ASC', filters: { type: '', status: '', registration: '', overdue: '', ...dateRangeDefaults() } });
  const { type, status, registration, overdue } = params.filters;
  const filter = {
    ...(type ? { type: type as RhImssMovementType } : {}),
    ...(status ? { status: status as RhImssMovementStatus } : {}),
    ...(registration ? { employerRegistrationId: registration } : {}),
    ...(overdue ? { overdue: true } : {}),
    ...dateRangeFilter(params.filters),
  };
  const list = useServerList(RhImssMovementListDocument, params, { filter }, (d) => d.rhImssMovements, { entity: 'rh_imss_movement' });
  const registrations = useQuery(RhImssMovementRegistrationsDocument, { fetchPolicy: 'cache-and-network' }).data?.rhImssMovementRegistrations ?? [];
  const client = useApolloClient();
  const [markPresented] = useMutation(RhImssMovementsMarkPresentedDocument);
  const [presenting, setPresenting] = useState<Presenting | null>(null);

  const bulk: BulkConfig<Row> = {
    describe: (r) => `${r.employeeNumber} ${r.typeLabel}`,
    actions: [
      {
        key: 'idse',
        label: texts.exportIdse,
        icon: <IconFileText size={14} />,
        allowed: access.ver,
        run: async (ids) => {
          const r = await client.query({ query: RhImssMovementsIdseFileDocument, variables: { ids }, fetchPolicy: 'network-only' });
          const file = r.data?.rhImssMovementsIdseFile;
          if (!file) return;
          downloadBlob(new Blob([file.content], { type: 'text/plain;charset=us-ascii' }), file.fileName);
          notifySuccess(texts.downloaded(file.count), texts.exportIdse);
        },
      },
      {
        key: 'present',
        label: texts.markPresented,
        icon: <IconCircleCheck size={14} />,
        allowed: access.crear,
        run: (ids) => new Promise<BulkOutcome | void>((done) => setPresenting({ ids, done })),
      },
    ],
  };

  return (
    <>
      <SbcVariableSection canApply={access.crear} />
      <ListPage
        description={texts.listDescription}
        exportName={texts.exportName}
        searchPlaceholder={texts.searchPlaceholder}
        columns={COLUMNS}
        rows={list.rows}
        total={list.total}
        loading={list.loading}
        error={list.error}
        params={params}
        rowKey={(r) => r.id}
        fetchAll={list.fetchAll}
        bulk={bulk}
        filters={
          <>
            <Select aria-label={c.type} placeholder={texts.allTypes} data={typeOptions} value={type || null} onChange={(v) => params.setFilter('type', v ?? '')} clearable w={220} />
            <Select aria-label={c.status} placeholder={texts.allStatuses} data={statusOptions} value={status || null} onChange={(v) => params.setFilter('status', v ?? '')} clearable w={170} />
            <Select
              aria-label={c.registro}
              placeholder={texts.allRegistrations}
              data={registrations.map((r) => ({ value: r.id, label: `${r.registro} · ${r.name}` }))}
              value={registration || null}
              onChange={(v) => params.setFilter('registration', v ?? '')}
              clearable
              w={260}
            />
            <Checkbox label={texts.overdueOnly} checked={overdue === '1'} onChange={(e) => params.setFilter('overdue', e.currentTarget.checked ? '1' : '')} />
            <DateRangeFilter params={params} label={texts.dateLabel} />
          </>
        }
      />
      <ReasonDialog
        opened={presenting !== null}
        title={texts.markTitle(presenting?.ids.length ?? 0)}
        message={texts.markMessage}
        confirmLabel={texts.markPresented}
        reasonLabel={texts.acuseLabel}
        reasonPlaceholder={texts.acusePlaceholder}
        maxLength={40}
        requiredMessage={texts.acuseRequired}
        onConfirm={async (acuse) => {
          const r = await markPresented({ variables: { ids: presenting!.ids, acuse } });
          presenting!.done(r.data?.rhImssMovementsMarkPresented);
        }}
        onClose={(confirmed) => {
          if (!confirmed) presenting?.done();
          setPresenting(null);
        }}
      />
    </>
  );
}
