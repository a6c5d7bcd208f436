// Compras › Viáticos: advances, their comprobantes, the Compras settings row
// and the pickers the form needs from RH (employees) and Ventas (contracts,
// service orders) — names and folios only, nothing of salaries.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/database';
import { attachmentJson, type AttachmentRow } from '../../../lib/attachments';
import { likePattern, orderBy, where, type ListQuery } from '../../../lib/list';
import type { ViaticoProofKind, ViaticoSettlement, ViaticoSource, ViaticoStatus } from '../../../../schema/shopping/viaticos';

export type ViaticoRow = {
  id: number;
  folio: number;
  employeeId: number;
  employeeName: string;
  employeeNumber: string;
  contractId: number | null;
  contractFolio: number | null;
  contractName: string | null;
  serviceOrderId: number | null;
  serviceOrderFolio: number | null;
  source: ViaticoSource;
  accountId: number | null;
  accountName: string | null;
  cashBoxId: number | null;
  cashBoxName: string | null;
  sourceName: string;
  date: string;
  purpose: string;
  amount: string;
  comprobado: string;
  status: ViaticoStatus;
  paymentEntryId: number | null;
  paymentCashMovementId: number | null;
  paymentCashMovementFolio: number | null;
  settlementCashMovementId: number | null;
  settlementCashMovementFolio: number | null;
  paidAt: Date | null;
  settlement: ViaticoSettlement | null;
  settlementAmount: string | null;
  settlementEntryId: number | null;
  settlementAccountId: number | null;
  agreementId: number | null;
  agreementFolio: number | null;
  consent: boolean;
  consentFile: AttachmentRow | null;
  closedOn: string | null;
  cancelReason: string | null;
  createdByName: string | null;
  createdAt: Date;
  version: number;
};

export type ViaticoValues = {
  employeeId: number;
  contractId: number | null;
  serviceOrderId: number | null;
  source: ViaticoSource;
  accountId: number | null;
  cashBoxId: number | null;
  date: string;
  purpose: string;
  amount: string;
};

export type ViaticoProofRow = {
  id: number;
  viaticoId: number;
  kind: ViaticoProofKind;
  date: string;
  concept: string;
  emisorRfc: string | null;
  emisorName: string | null;
  cfdiUuid: string | null;
  cfdiFile: AttachmentRow | null;
  subtotal: string;
  iva: string;
  total: string;
  createdAt: Date;
};

export type ViaticoProofValues = {
  kind: ViaticoProofKind;
  date: string;
  concept: string;
  emisorRfc: string | null;
  emisorName: string | null;
  cfdiUuid: string | null;
  cfdiUploadId: string | null;
  subtotal: string;
  iva: string;
  total: string;
};

const employeeName = (alias: string) => sql.raw(`trim(${alias}.names || ' ' || ${alias}.last_name || ' ' || ${alias}.second_last_name)`);

const viaticoSelect = sql`select v.id, v.folio, v.employee_id as "employeeId", ${employeeName('e')} as "employeeName", e.number as "employeeNumber",
    v.contract_id as "contractId", c.folio as "contractFolio", c.name as "contractName", v.service_order_id as "serviceOrderId", so.folio as "serviceOrderFolio",
    v.source, v.account_id as "accountId", a.name as "accountName", v.cash_box_id as "cashBoxId", cb.name as "cashBoxName", coalesce(a.name, cb.name) as "sourceName",
    v.payment_cash_movement_id as "paymentCashMovementId", pm.folio as "paymentCashMovementFolio",
    v.settlement_cash_movement_id as "settlementCashMovementId", sm.folio as "settlementCashMovementFolio", v.date::text as date, v.purpose, v.amount::text as amount, v.comprobado::text as comprobado,
    v.status, v.payment_entry_id as "paymentEntryId", v.paid_at as "paidAt", v.settlement, v.settlement_amount::text as "settlementAmount",
    v.settlement_entry_id as "settlementEntryId", v.settlement_account_id as "settlementAccountId", v.agreement_id as "agreementId", ag.folio as "agreementFolio",
    v.consent, ${attachmentJson('cu')} as "consentFile", v.closed_on::text as "closedOn", v.cancel_reason as "cancelReason",
    uc.name as "createdByName", v.created_at as "createdAt", v.version
  from viaticos v
  join rh_employees e on e.id = v.employee_id
  left join company_accounts a on a.id = v.account_id
  left join cash_boxes cb on cb.id = v.cash_box_id
  left join cash_movements pm on pm.id = v.payment_cash_movement_id
  left join cash_movements sm on sm.id = v.settlement_cash_movement_id
  left join contracts c on c.id = v.contract_id
  left join service_orders so on so.id = v.service_order_id
  left join rh_agreements ag on ag.id = v.agreement_id
  left join uploads cu on cu.id = v.consent_upload_id
  left join users uc on uc.id = v.created_by`;

export const VIATICO_SORTS = ['folio', 'date', 'employee', 'amount', 'status'] as const;
export type ViaticoSort = (typeof VIATICO_SORTS)[number];
export type ViaticoFilterValues = { status: string | null; employeeId: number | null; contractId: number | null; serviceOrderId: number | null; from: string | null; to: string | null; overdueSince: string | null };

export async function findViatico(ex: Executor, id: number): Promise<ViaticoRow | null> {
  const rows = await queryRows<ViaticoRow>(ex, sql`${viaticoSelect} where v.id = ${id}`);
  return rows[0] ?? null;
}

/** Locks the advance: payment, comprobantes and closing queue on its row. */
export async function lockViatico(ex: Executor, id: number): Promise<ViaticoRow | null> {
  await ex.execute(sql`select id from viaticos where id = ${id} for update`);
  return findViatico(ex, id);
}

/** Paid and not fully comprobado since before `paidBefore` (the Tablero card and the list's filter). */
const overdue = (paidBefore: SQL) => sql`v.status in ('pagado', 'comprobado_parcial') and v.date < ${paidBefore}`;

function viaticoConds(search: string | null, f: ViaticoFilterValues): SQL[] {
  const conds: SQL[] = [];
  if (search) {
    const p = likePattern(search);
    conds.push(sql`(${employeeName('e')} ilike ${p} or e.number ilike ${p} or v.purpose ilike ${p} or ('VI-' || lpad(v.folio::text, 6, '0')) ilike ${p} or v.folio::text = ${search})`);
  }
  if (f.status) conds.push(sql`v.status = ${f.status}`);
  if (f.employeeId) conds.push(sql`v.employee_id = ${f.employeeId}`);
  if (f.contractId) conds.push(sql`v.contract_id = ${f.contractId}`);
  if (f.serviceOrderId) conds.push(sql`v.service_order_id = ${f.serviceOrderId}`);
  if (f.from) conds.push(sql`v.date >= ${f.from}`);
  if (f.to) conds.push(sql`v.date <= ${f.to}`);
  if (f.overdueSince) conds.push(overdue(sql`${f.overdueSince}::date`));
  return conds;
}

export async function listViaticos(ex: Executor, q: ListQuery<ViaticoSort>, f: ViaticoFilterValues) {
  const conds = viaticoConds(q.search, f);
  const col = { folio: sql`v.folio`, date: sql`v.date`, employee: sql`e.last_name`, amount: sql`v.amount`, status: sql`v.status` }[q.sortBy];
  const [items, totals] = await Promise.all([
    queryRows<ViaticoRow>(ex, sql`${viaticoSelect} ${where(conds)} ${orderBy(col, q.desc, sql`v.id`)} limit ${q.limit} offset ${q.offset}`),
    queryRows<{ n: number; amount: string; comprobado: string }>(
      ex,
      sql`select count(*)::int as n, coalesce(sum(v.amount) filter (where v.status <> 'cancelado'), 0)::text as amount,
                 coalesce(sum(v.comprobado) filter (where v.status <> 'cancelado'), 0)::text as comprobado
          from viaticos v join rh_employees e on e.id = v.employee_id ${where(conds)}`,
    ),
  ]);
  return { items, total: totals[0].n, sumAmount: totals[0].amount, sumComprobado: totals[0].comprobado };
}

export async function insertViatico(tx: Executor, folio: number, v: ViaticoValues, createdBy: number | null): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`insert into viaticos (folio, employee_id, contract_id, service_order_id, source, account_id, cash_box_id, date, purpose, amount, created_by)
        values (${folio}, ${v.employeeId}, ${v.contractId}, ${v.serviceOrderId}, ${v.source}, ${v.accountId}, ${v.cashBoxId}, ${v.date}, ${v.purpose}, ${v.amount}, ${createdBy})
        returning id`,
  );
  return Number(rows[0].id);
}

export async function updateViatico(tx: Executor, id: number, version: number, v: ViaticoValues): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update viaticos set employee_id = ${v.employeeId}, contract_id = ${v.contractId}, service_order_id = ${v.serviceOrderId}, source = ${v.source},
          account_id = ${v.accountId}, cash_box_id = ${v.cashBoxId},
          date = ${v.date}, purpose = ${v.purpose}, amount = ${v.amount}, version = version + 1
        where id = ${id} and version = ${version} and status = 'borrador' returning id`,
  );
  return rows.length === 1;
}

/** Paid: by its account entry or by its cash movement, per its source. */
export async function markViaticoPaid(tx: Executor, id: number, paid: { entryId: number | null; cashMovementId: number | null }): Promise<void> {
  await tx.execute(
    sql`update viaticos set status = 'pagado', payment_entry_id = ${paid.entryId}, payment_cash_movement_id = ${paid.cashMovementId}, paid_at = now(), version = version + 1 where id = ${id}`,
  );
}

export async function setViaticoComprobado(tx: Executor, id: number, comprobado: string, status: ViaticoStatus): Promise<void> {
  await tx.execute(sql`update viaticos set comprobado = ${comprobado}, status = ${status}, version = version + 1 where id = ${id}`);
}

export async function closeViatico(
  tx: Executor,
  id: number,
  v: {
    settlement: ViaticoSettlement;
    settlementAmount: string;
    settlementEntryId: number | null;
    settlementAccountId: number | null;
    settlementCashMovementId: number | null;
    agreementId: number | null;
    consent: boolean;
    consentUploadId: string | null;
    closedOn: string;
  },
): Promise<void> {
  await tx.execute(sql`update viaticos set status = 'cerrado', settlement = ${v.settlement}, settlement_amount = ${v.settlementAmount}, settlement_entry_id = ${v.settlementEntryId},
      settlement_account_id = ${v.settlementAccountId}, settlement_cash_movement_id = ${v.settlementCashMovementId}, agreement_id = ${v.agreementId}, consent = ${v.consent}, consent_upload_id = ${v.consentUploadId},
      closed_on = ${v.closedOn}, version = version + 1
    where id = ${id}`);
}

export async function cancelViatico(tx: Executor, id: number, version: number, reason: string): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update viaticos set status = 'cancelado', cancel_reason = ${reason}, version = version + 1
        where id = ${id} and version = ${version} and status in ('borrador', 'pagado') returning id`,
  );
  return rows.length === 1;
}

// ---- comprobantes ------------------------------------------------------------------------

const proofSelect = sql`select p.id, p.viatico_id as "viaticoId", p.kind, p.date::text as date, p.concept, p.emisor_rfc as "emisorRfc", p.emisor_name as "emisorName",
    p.cfdi_uuid as "cfdiUuid", ${attachmentJson('pu')} as "cfdiFile", p.subtotal::text as subtotal, p.iva::text as iva, p.total::text as total, p.created_at as "createdAt"
  from viatico_proofs p left join uploads pu on pu.id = p.cfdi_upload_id`;

export async function viaticoProofs(ex: Executor, viaticoIds: number[]): Promise<ViaticoProofRow[]> {
  if (!viaticoIds.length) return [];
  return queryRows<ViaticoProofRow>(ex, sql`${proofSelect} where p.viatico_id in (${sql.join(viaticoIds.map((i) => sql`${i}`), sql`, `)}) order by p.viatico_id, p.date, p.id`);
}

export async function findViaticoProof(ex: Executor, id: number): Promise<ViaticoProofRow | null> {
  const rows = await queryRows<ViaticoProofRow>(ex, sql`${proofSelect} where p.id = ${id}`);
  return rows[0] ?? null;
}

export async function insertViaticoProof(tx: Executor, viaticoId: number, v: ViaticoProofValues, createdBy: number | null): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`insert into viatico_proofs (viatico_id, kind, date, concept, emisor_rfc, emisor_name, cfdi_uuid, cfdi_upload_id, subtotal, iva, total, created_by)
        values (${viaticoId}, ${v.kind}, ${v.date}, ${v.concept}, ${v.emisorRfc}, ${v.emisorName}, ${v.cfdiUuid}, ${v.cfdiUploadId}, ${v.subtotal}, ${v.iva}, ${v.total}, ${createdBy})
        returning id`,
  );
  return Number(rows[0].id);
}

export async function deleteViaticoProof(tx: Executor, id: number): Promise<string | null> {
  const rows = await queryRows<{ uploadId: string | null }>(tx, sql`delete from viatico_proofs where id = ${id} returning cfdi_upload_id as "uploadId"`);
  return rows[0]?.uploadId ?? null;
}

/** The advance whose comprobante is this CFDI (UUIDs are unique among viáticos and active expenses). */
export async function viaticoFolioOfCfdi(ex: Executor, uuid: string): Promise<number | null> {
  const rows = await queryRows<{ folio: number }>(ex, sql`select v.folio from viatico_proofs p join viaticos v on v.id = p.viatico_id where upper(p.cfdi_uuid) = upper(${uuid}) limit 1`);
  return rows[0]?.folio ?? null;
}

// ---- settings and pickers ---------------------------------------------------------------------

export type ShoppingSettingsRow = { viaticoOverdueDays: number; version: number };

export async function shoppingSettings(ex: Executor): Promise<ShoppingSettingsRow> {
  const rows = await queryRows<ShoppingSettingsRow>(ex, sql`select viatico_overdue_days as "viaticoOverdueDays", version from shopping_settings where id = 1`);
  return rows[0] ?? { viaticoOverdueDays: 5, version: 1 };
}

export async function updateShoppingSettings(tx: Executor, version: number, days: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`insert into shopping_settings (id, viatico_overdue_days) values (1, ${days})
        on conflict (id) do update set viatico_overdue_days = ${days}, version = shopping_settings.version + 1 where shopping_settings.version = ${version}
        returning id`,
  );
  return rows.length === 1;
}

/** Tablero: advances paid more than the configured days ago without full comprobación. */
export const viaticosOverdueSql = (today: string): SQL =>
  sql`(select json_build_object('count', count(v.id), 'amount', coalesce(sum(v.amount - v.comprobado), 0)::text, 'days', max(s.viatico_overdue_days))
       from shopping_settings s left join viaticos v
         on v.status in ('pagado', 'comprobado_parcial') and v.date < ${today}::date - s.viatico_overdue_days
       where s.id = 1)`;

export type PersonOption = { id: number; label: string };

export async function employeeOptions(ex: Executor, search: string | null, limit: number): Promise<PersonOption[]> {
  const p = search ? likePattern(search) : null;
  return queryRows<PersonOption>(
    ex,
    sql`select e.id, e.number || ' · ' || ${employeeName('e')} as label from rh_employees e
        where e.status = 'activo' ${p ? sql`and (${employeeName('e')} ilike ${p} or e.number ilike ${p})` : sql``}
        order by e.last_name, e.names, e.id limit ${limit}`,
  );
}

export async function contractOptions(ex: Executor): Promise<PersonOption[]> {
  return queryRows<PersonOption>(ex, sql`select c.id, 'Contrato ' || c.folio || ' · ' || c.name as label from contracts c order by c.folio desc limit 500`);
}

export async function serviceOrderOptions(ex: Executor, contractId: number | null): Promise<(PersonOption & { contractId: number | null })[]> {
  return queryRows(
    ex,
    sql`select o.id, 'OS ' || o.folio || ' · ' || o.description as label, o.contract_id as "contractId" from service_orders o
        ${contractId ? sql`where o.contract_id = ${contractId}` : sql``} order by o.folio desc limit 500`,
  );
}

export async function employeeActive(ex: Executor, id: number): Promise<boolean | null> {
  const rows = await queryRows<{ status: string }>(ex, sql`select status from rh_employees where id = ${id}`);
  return rows.length ? rows[0].status === 'activo' : null;
}

export async function contractExists(ex: Executor, id: number): Promise<boolean> {
  return (await queryRows(ex, sql`select 1 from contracts where id = ${id}`)).length === 1;
}

export async function serviceOrderContract(ex: Executor, id: number): Promise<{ contractId: number | null } | null> {
  const rows = await queryRows<{ contractId: number | null }>(ex, sql`select contract_id as "contractId" from service_orders where id = ${id}`);
  return rows[0] ?? null;
}
