// Ventas data layer: notas de crédito (CFDI tipo E) of invoices, their lines and their stamping.
import { and, eq, sql } from 'drizzle-orm';
import { nextFolio } from '../../../db/folios';
import { queryRows, type Executor } from '../../../db/database';
import { creditNoteLines, creditNotes } from '../tables';
import type { CreditNoteStatus } from '../../../../schema/sales/labels';
import { inList } from './common';

export type CreditNoteRow = {
  id: number;
  serie: string;
  folio: number;
  label: string;
  invoiceId: number;
  invoiceLabel: string;
  invoiceUuid: string | null;
  /** The invoice's Moneda and TipoCambio: a credit note is in its invoice's currency. */
  currency: 'MXN' | 'USD';
  exchangeRate: string;
  clientId: number;
  date: string;
  formaPago: string;
  metodoPago: 'PUE';
  usoCfdi: string;
  status: CreditNoteStatus;
  ivaRate: string;
  ivaFactor: 'Tasa' | 'Exento';
  isrRetentionRate: string;
  ivaRetentionRate: string;
  subtotal: string;
  discount: string;
  iva: string;
  isrRetained: string;
  ivaRetained: string;
  total: string;
  previousBalance: string;
  remainingBalance: string;
  notes: string;
  emisorRfc: string;
  emisorName: string;
  emisorRegimen: string;
  lugarExpedicion: string;
  receptorRfc: string;
  receptorName: string;
  receptorRegimen: string;
  receptorPostalCode: string;
  emittedAt: Date | string;
  stampStatus: 'pendiente' | 'timbrada' | null;
  cfdiUuid: string | null;
  stampedAt: Date | string | null;
  stampSandbox: boolean | null;
  satCancelStatus: 'solicitada' | 'cancelada' | null;
  satCancelMotivo: string | null;
  cancelReason: string | null;
  cancelledAt: Date | string | null;
  /** 01 (nota de crédito) or 07 (aplicación de anticipo). */
  tipoRelacion: '01' | '07';
  anticipoId: number | null;
  anticipoLabel: string | null;
  createdAt: Date | string;
  version: number;
};
export type CreditNoteLineRow = Omit<typeof creditNoteLines.$inferSelect, never>;
export type CreditNoteValues = Omit<typeof creditNotes.$inferInsert, 'id' | 'createdAt' | 'version' | 'status' | 'folio' | 'serie'>;
export type CreditNoteLineValues = Omit<typeof creditNoteLines.$inferInsert, 'id' | 'creditNoteId'>;

const creditNoteSelect = sql`select n.id, n.serie, n.folio, n.serie || '-' || n.folio as label, n.invoice_id as "invoiceId",
  i.serie || '-' || i.folio as "invoiceLabel", i.cfdi_uuid as "invoiceUuid", i.currency, i.exchange_rate::text as "exchangeRate", n.client_id as "clientId", n.date::text as date,
  n.forma_pago as "formaPago", n.metodo_pago as "metodoPago", n.uso_cfdi as "usoCfdi", n.status, n.iva_rate::text as "ivaRate", n.iva_factor as "ivaFactor",
  n.isr_retention_rate::text as "isrRetentionRate", n.iva_retention_rate::text as "ivaRetentionRate", n.subtotal::text as subtotal,
  n.discount::text as discount, n.iva::text as iva, n.isr_retained::text as "isrRetained", n.iva_retained::text as "ivaRetained",
  n.total::text as total, n.previous_balance::text as "previousBalance", n.remaining_balance::text as "remainingBalance", n.notes,
  n.emisor_rfc as "emisorRfc", n.emisor_name as "emisorName", n.emisor_regimen as "emisorRegimen", n.lugar_expedicion as "lugarExpedicion",
  n.receptor_rfc as "receptorRfc", n.receptor_name as "receptorName", n.receptor_regimen as "receptorRegimen",
  n.receptor_postal_code as "receptorPostalCode", n.emitted_at as "emittedAt", n.stamp_status as "stampStatus", n.cfdi_uuid as "cfdiUuid",
  n.stamped_at as "stampedAt", n.stamp_sandbox as "stampSandbox", n.sat_cancel_status as "satCancelStatus", n.sat_cancel_motivo as "satCancelMotivo",
  n.cancel_reason as "cancelReason", n.cancelled_at as "cancelledAt", n.tipo_relacion as "tipoRelacion", n.anticipo_id as "anticipoId",
  a.serie || '-' || a.folio as "anticipoLabel", n.created_at as "createdAt", n.version
  from credit_notes n join invoices i on i.id = n.invoice_id left join invoices a on a.id = n.anticipo_id`;

export async function findCreditNote(ex: Executor, id: number, lock = false): Promise<CreditNoteRow | null> {
  if (lock) await ex.execute(sql`select id from credit_notes where id = ${id} for update`);
  return (await queryRows<CreditNoteRow>(ex, sql`${creditNoteSelect} where n.id = ${id}`))[0] ?? null;
}

/** The credit notes of some invoices (every status), oldest first. */
export async function creditNotesOfInvoices(ex: Executor, invoiceIds: number[]): Promise<CreditNoteRow[]> {
  if (!invoiceIds.length) return [];
  return queryRows<CreditNoteRow>(ex, sql`${creditNoteSelect} where n.invoice_id in ${inList(invoiceIds)} order by n.invoice_id, n.id`);
}

/** The egresos (07) that apply some facturas de anticipo (every status), oldest first. */
export async function creditNotesOfAnticipos(ex: Executor, anticipoIds: number[]): Promise<CreditNoteRow[]> {
  if (!anticipoIds.length) return [];
  return queryRows<CreditNoteRow>(ex, sql`${creditNoteSelect} where n.anticipo_id in ${inList(anticipoIds)} order by n.anticipo_id, n.id`);
}

export async function creditNoteLinesOf(ex: Executor, ids: number[]): Promise<CreditNoteLineRow[]> {
  if (!ids.length) return [];
  return queryRows<CreditNoteLineRow>(
    ex,
    sql`select id, credit_note_id as "creditNoteId", line_no as "lineNo", description, prod_serv_key as "prodServKey", unit_key as "unitKey",
          unit_name as "unitName", quantity::text as quantity, unit_price::text as "unitPrice", discount_percent::text as "discountPercent",
          objeto_imp as "objetoImp", amount::text as amount, discount::text as discount, base::text as base, iva::text as iva,
          isr_retained::text as "isrRetained", iva_retained::text as "ivaRetained"
        from credit_note_lines where credit_note_id in ${inList(ids)} order by credit_note_id, line_no`,
  );
}

/** Vigente credit notes of an invoice: the invoice cannot be cancelled while it has any (SAT refuses too). */
export async function activeCreditNotesCount(ex: Executor, invoiceId: number): Promise<number> {
  const rows = await queryRows<{ n: number }>(ex, sql`select count(*)::int as n from credit_notes where invoice_id = ${invoiceId} and status = 'vigente'`);
  return Number(rows[0]?.n ?? 0);
}

/** The note with the serie's next gapless folio (the counter row stays locked until commit) and its lines. */
export async function insertCreditNote(ex: Executor, serie: string, values: CreditNoteValues, lines: CreditNoteLineValues[]): Promise<{ id: number; folio: number }> {
  const folio = await nextFolio(ex, `credit_note:${serie}`);
  const [row] = await ex.insert(creditNotes).values({ ...values, serie, folio }).returning({ id: creditNotes.id });
  await ex.insert(creditNoteLines).values(lines.map((l) => ({ ...l, creditNoteId: row.id })));
  return { id: row.id, folio };
}

export async function updateCreditNote(
  ex: Executor,
  id: number,
  version: number | null,
  values: Partial<Pick<typeof creditNotes.$inferInsert, 'status' | 'cancelReason' | 'cancelledAt' | 'satCancelStatus' | 'satCancelMotivo'>>,
): Promise<boolean> {
  const rows = await ex
    .update(creditNotes)
    .set({ ...values, version: sql`${creditNotes.version} + 1` })
    .where(version === null ? eq(creditNotes.id, id) : and(eq(creditNotes.id, id), eq(creditNotes.version, version)))
    .returning({ id: creditNotes.id });
  return rows.length === 1;
}

// ---- stamping (creditNoteStamping.ts) ------------------------------------------------------------

export async function creditNoteCfdiXml(ex: Executor, id: number): Promise<string | null> {
  const rows = await ex.select({ xml: creditNotes.cfdiXml }).from(creditNotes).where(eq(creditNotes.id, id));
  return rows[0]?.xml ?? null;
}

export async function markCreditNoteSealed(ex: Executor, id: number, sealedXml: string): Promise<void> {
  await ex.update(creditNotes).set({ stampStatus: 'pendiente', cfdiXml: sealedXml }).where(eq(creditNotes.id, id));
}

/** pendiente → timbrada, once: false when another request saved it first. */
export async function saveCreditNoteStamp(ex: Executor, id: number, stamp: { xml: string; uuid: string; stampedAt: Date; sandbox: boolean }): Promise<boolean> {
  const rows = await ex
    .update(creditNotes)
    .set({ stampStatus: 'timbrada', cfdiXml: stamp.xml, cfdiUuid: stamp.uuid, stampedAt: stamp.stampedAt, stampSandbox: stamp.sandbox, version: sql`${creditNotes.version} + 1` })
    .where(and(eq(creditNotes.id, id), eq(creditNotes.stampStatus, 'pendiente')))
    .returning({ id: creditNotes.id });
  return rows.length === 1;
}

/** The PAC refused it: rechazada (its folio stays, with the record of why), no longer pendiente; false if someone got there first. */
export async function markCreditNoteRefused(ex: Executor, id: number, reason: string): Promise<boolean> {
  const rows = await ex
    .update(creditNotes)
    .set({ status: 'rechazada', stampStatus: null, cancelReason: reason, cancelledAt: new Date(), version: sql`${creditNotes.version} + 1` })
    .where(and(eq(creditNotes.id, id), eq(creditNotes.stampStatus, 'pendiente'), eq(creditNotes.status, 'vigente')))
    .returning({ id: creditNotes.id });
  return rows.length === 1;
}

export async function pendingCreditNoteStampIds(ex: Executor): Promise<number[]> {
  const rows = await ex.select({ id: creditNotes.id }).from(creditNotes).where(eq(creditNotes.stampStatus, 'pendiente')).orderBy(creditNotes.id);
  return rows.map((r) => r.id);
}
