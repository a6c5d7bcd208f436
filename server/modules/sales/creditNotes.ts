// Notas de crédito (issue 26): a CFDI 4.0 tipo E (Egreso) related to one stamped invoice with
// TipoRelacion 01, that lowers what the client owes on it. The egreso that applies an anticipo
// (TipoRelacion 07, FormaPago 30; schema/sales/anticipos.ts) is the same document and pipeline. Issued through the same steps as an
// invoice (stamping.ts, lib/cfdiStamping.ts):
//
//   1. one transaction: the invoice row locked (FOR UPDATE: parallel notes and payments queue
//      on it), the note's total checked against the balance found there, the balance lowered
//      (invoices.balance, the single source the list, the payment complements' ImpSaldoAnt and
//      the aging read), the note written with the serie's next gapless folio, its CFDI built
//      (Fecha = now, the invoice's UUID related), sealed and validated with SAT's XSD, kept
//      pendiente. Any failure rolls all of it back.
//   2. after commit the PAC stamps it under the key `nota-credito-<id>`; 3. a short transaction
//      saves it timbrada, once. No answer: it stays pendiente (its amount stays off the
//      balance, so nobody can credit it twice) until «Timbrar» or the recovery at start.
//      A definite refusal: the note becomes rechazada — its folio stays, gapless — and the
//      balance comes back.
//
// Cancelling a stamped note goes before SAT through the PAC (motivo 02 or 03; SAT cancels an
// egreso without the receptor's acceptance) and gives the balance back.
import type { Actor } from '../../db/audit';
import { writeAudit } from '../../db/audit';
import type { Executor } from '../../db/database';
import { actorOf, type RequestContext } from '../../context';
import { CANCEL_MOTIVOS, PacError, sealCfdi, type CancelMotivo } from '../../lib/cfdi';
import { timbreOf } from '../../lib/cfdi/xml';
import { recoverEach, stampPending } from '../../lib/cfdiStamping';
import { getCompanyProfile } from '../../lib/company';
import { loadCompanyCsd, pacOf, pacRefusal } from '../../lib/companyCsd';
import { appError, badInput, conflict, found } from '../../lib/errors';
import { assertAction } from '../../lib/lifecycle';
import { renderPdfBase64 } from '../../lib/pdf';
import { parseInput } from '../../lib/validation';
import type { AppServices } from '../../services';
import { dec, money } from '../../../schema/money';
import { todayMx } from '../../../schema/dates';
import { CREDIT_NOTE_LIFECYCLE, INVOICE_LIFECYCLE, statusForBalance } from '../../../schema/sales/labels';
import { CREDIT_NOTE_METODO, CREDIT_NOTE_SERIE, CREDIT_NOTE_TIPO_RELACION, creditNoteRates, creditNoteUso } from '../../../schema/sales/creditNotes';
import { buildCfdiXml, type CfdiParties } from './cfdi';
import * as data from './data';
import type { CreditNoteRow } from './data';
import { creditNotePdfSpec } from './documents';
import { anticipoApplicationInput, creditNoteInput, type LineInputValues } from './inputs';
import { ANTICIPO_FORMA_APLICACION, ANTICIPO_TIPO_RELACION, anticipoAppliedLine, anticipoAvailable } from '../../../schema/sales/anticipos';
import { MSG } from './messages';
import { db, idOf, priceLines, readReason } from './service';

export const creditNoteStampKey = (id: number): string => `nota-credito-${id}`;

export const CREDIT_NOTE_MSG = {
  noAnswer: (label: string) =>
    `El PAC no respondió: la nota de crédito ${label} quedó emitida y pendiente de timbrar (su importe ya no cuenta en el saldo). Usa «Timbrar» para reintentarlo; al reiniciar, el sistema recupera el timbre sin duplicarlo.`,
  notPending: 'La nota de crédito no está pendiente de timbrar.',
  motivo: 'Elige el motivo de cancelación ante el SAT: 02 (con errores, sin relación) o 03 (no se llevó a cabo la operación).',
  pending: 'La nota de crédito está pendiente de timbrar: tímbrala antes de cancelarla.',
  notVigente: 'La nota de crédito no está vigente.',
  requested: 'Ya se solicitó la cancelación de esta nota de crédito ante el SAT.',
} as const;

const CANCEL_MOTIVOS_FOR_NOTES: CancelMotivo[] = ['02', '03'];

const partiesOf = (n: CreditNoteRow): CfdiParties => ({
  emisor: { rfc: n.emisorRfc, name: n.emisorName, regimen: n.emisorRegimen, postalCode: n.lugarExpedicion },
  receptor: { rfc: n.receptorRfc, name: n.receptorName, regimen: n.receptorRegimen, postalCode: n.receptorPostalCode },
});

/** The note's CFDI: tipo E, related (01) to its invoice's UUID, Fecha = its emission instant. */
async function creditNoteXml(note: CreditNoteRow, lines: data.CreditNoteLineRow[]): Promise<string> {
  const doc = { ...note, cancelReason: null };
  return buildCfdiXml(doc, lines, partiesOf(note), {
    sealed: true,
    tipo: 'E',
    relacionados: { tipoRelacion: note.tipoRelacion, uuids: [note.invoiceUuid as string] },
  });
}

/** Moves the invoice's balance by `delta` under `action`'s edges (the row already locked). */
async function moveInvoiceBalance(tx: Executor, inv: { id: number; status: data.InvoiceStatus; total: string; balance: string }, delta: string, action: 'acreditar' | 'desacreditar'): Promise<string> {
  const balance = money(dec(inv.balance).plus(delta));
  const status = statusForBalance(balance, inv.total);
  assertAction(INVOICE_LIFECYCLE, action, inv.status, status);
  await data.setInvoiceBalance(tx, inv.id, balance, status);
  return balance;
}

export async function createCreditNote(ctx: RequestContext, input: unknown): Promise<CreditNoteRow> {
  const v = parseInput(creditNoteInput, input);
  return issueEgreso(ctx, { invoiceId: v.invoiceId, formaPago: v.formaPago, notes: v.notes, lines: v.lines, anticipo: null });
}

/**
 * «Aplicar anticipo» (SAT procedure «aplicando el anticipo con CFDI de egreso»): an egreso
 * related 07 to the stamped final invoice, FormaPago 30, one concept 84111506 ACT for `amount`
 * (before taxes) with the anticipo's taxes. The final invoice must relate the anticipo (07) and
 * the anticipo must have that much left: both rows are locked, so parallel applications of one
 * anticipo queue and never take more than it has.
 */
export async function applyAnticipo(ctx: RequestContext, input: unknown): Promise<CreditNoteRow> {
  const v = parseInput(anticipoApplicationInput, input);
  return issueEgreso(ctx, {
    invoiceId: v.invoiceId,
    formaPago: ANTICIPO_FORMA_APLICACION,
    notes: v.notes,
    lines: [anticipoAppliedLine(v.amount)],
    anticipo: { id: v.anticipoId, amount: v.amount },
  });
}

type EgresoSpec = {
  invoiceId: number;
  formaPago: string;
  notes: string;
  lines: LineInputValues[];
  /** TipoRelacion 07: the anticipo applied and its amount before taxes; null for a nota de crédito (01). */
  anticipo: { id: number; amount: string } | null;
};

/** The anticipo (its row already locked) checked for this final invoice; its taxes are the egreso's. */
async function checkedAnticipo(tx: Executor, invoice: data.InvoiceRow, anticipo: { id: number; amount: string }): Promise<data.AnticipoRow> {
  const [a] = await data.findAnticipos(tx, [anticipo.id]);
  if (!a || a.kind !== 'anticipo' || a.clientId !== invoice.clientId) throw badInput({ anticipoId: MSG.anticipoMissing });
  if (a.stampStatus !== 'timbrada' || a.status === 'cancelada' || a.satCancelStatus !== null || !a.cfdiUuid) throw badInput({ anticipoId: MSG.anticipoNotStamped(a.label) });
  if (!(await data.anticiposOfInvoices(tx, [invoice.id])).some((r) => r.id === a.id)) throw badInput({ anticipoId: MSG.anticipoNotRelated(a.label) });
  const available = anticipoAvailable(a.subtotal, a.applied);
  if (!dec(available).gt(0)) throw badInput({ anticipoId: MSG.anticipoExhausted(a.label) });
  if (dec(anticipo.amount).gt(available)) throw badInput({ amount: MSG.anticipoOverAvailable(a.label, available) });
  return a;
}

/** One egreso (tipo E) of a stamped invoice, under the invoice's (and anticipo's) row locks; stamped after commit. */
async function issueEgreso(ctx: RequestContext, e: EgresoSpec): Promise<CreditNoteRow> {
  const id = await db(ctx).transaction(async (tx) => {
    const rows = await data.lockInvoices(tx, e.anticipo ? [e.invoiceId, e.anticipo.id] : [e.invoiceId]);
    const locked = rows.find((r) => r.id === e.invoiceId);
    const invoice = locked ? await data.findInvoice(tx, e.invoiceId) : null;
    if (!locked || !invoice) throw badInput({ invoiceId: MSG.invoiceMissing });
    if (e.anticipo && (locked.status === 'cancelada' || invoice.satCancelStatus === 'solicitada' || invoice.stampStatus !== 'timbrada' || !invoice.cfdiUuid || invoice.kind === 'anticipo')) {
      throw badInput({ invoiceId: MSG.anticipoFinalNotStamped });
    }
    if (locked.status === 'cancelada' || invoice.satCancelStatus === 'solicitada') throw badInput({ invoiceId: MSG.creditNoteInvoiceCancelled });
    if (invoice.stampStatus !== 'timbrada' || !invoice.cfdiUuid) throw badInput({ invoiceId: MSG.creditNoteNotStamped });
    if (!dec(locked.balance).gt(0)) throw badInput({ invoiceId: MSG.creditNoteNoBalance });
    const anticipo = e.anticipo ? await checkedAnticipo(tx, invoice, e.anticipo) : null;

    // An egreso never changes the tax treatment of what it reduces: the invoice's rates, or the anticipo's.
    const priced = priceLines(e.lines, creditNoteRates(anticipo ?? invoice));
    const total = priced.totals.total;
    if (!dec(total).gt(0)) throw badInput({ lines: MSG.creditNoteZero });
    if (dec(total).gt(locked.balance)) {
      throw badInput(anticipo ? { amount: MSG.anticipoOverBalance(total, invoice.label, locked.balance) } : { lines: MSG.creditNoteOverBalance(total, invoice.label, locked.balance) });
    }

    const csd = await loadCompanyCsd(tx, ctx.app.config);
    const company = await getCompanyProfile(tx);
    const remaining = await moveInvoiceBalance(tx, locked, dec(total).negated().toFixed(2), 'acreditar');
    const emittedAt = new Date();
    const receptor = frozenReceptor(invoice);
    const tipoRelacion = anticipo ? ANTICIPO_TIPO_RELACION : CREDIT_NOTE_TIPO_RELACION;
    const { id: noteId, folio } = await data.insertCreditNote(
      tx,
      CREDIT_NOTE_SERIE,
      {
        invoiceId: invoice.id,
        clientId: invoice.clientId,
        date: todayMx(),
        formaPago: e.formaPago,
        metodoPago: CREDIT_NOTE_METODO,
        usoCfdi: creditNoteUso(receptor.rfc),
        ivaRate: (anticipo ?? invoice).ivaRate,
        ivaFactor: (anticipo ?? invoice).ivaFactor,
        isrRetentionRate: (anticipo ?? invoice).isrRetentionRate,
        ivaRetentionRate: (anticipo ?? invoice).ivaRetentionRate,
        subtotal: priced.totals.subtotal,
        discount: priced.totals.discount,
        iva: priced.totals.iva,
        isrRetained: priced.totals.isrRetained,
        ivaRetained: priced.totals.ivaRetained,
        total,
        previousBalance: locked.balance,
        remainingBalance: remaining,
        notes: e.notes,
        emisorRfc: company.rfc,
        emisorName: company.name,
        emisorRegimen: company.regimenFiscal,
        lugarExpedicion: company.postalCode,
        receptorRfc: receptor.rfc,
        receptorName: receptor.name,
        receptorRegimen: receptor.regimen,
        receptorPostalCode: receptor.postalCode,
        emittedAt,
        tipoRelacion,
        anticipoId: anticipo?.id ?? null,
        createdBy: ctx.auth?.id ?? null,
      },
      priced.lines,
    );
    const note = found(await data.findCreditNote(tx, noteId), 'La nota de crédito');
    if (csd.rfc !== note.emisorRfc.toUpperCase()) throw appError('CONFLICT', `El RFC de la empresa (${note.emisorRfc}) no es el del CSD cargado (${csd.rfc}).`);
    let sealed: string;
    try {
      sealed = await sealCfdi(await creditNoteXml(note, await data.creditNoteLinesOf(tx, [noteId])), csd);
    } catch (err) {
      if (err instanceof Error && err.name === 'CfdiXsdError') throw appError('CONFLICT', `La nota de crédito no cumple el esquema del SAT: ${err.message}`);
      throw err;
    }
    await data.markCreditNoteSealed(tx, noteId, sealed);
    await writeAudit(tx, actorOf(ctx), {
      entity: 'credit_note',
      entityId: noteId,
      action: anticipo ? 'aplicar_anticipo' : 'create',
      after: { serie: CREDIT_NOTE_SERIE, folio, invoiceId: invoice.id, tipoRelacion, anticipoId: anticipo?.id ?? null, total, previousBalance: locked.balance, remainingBalance: remaining, formaPago: e.formaPago, lines: priced.lines },
    });
    await writeAudit(tx, actorOf(ctx), { entity: 'invoice', entityId: invoice.id, action: anticipo ? 'aplicar_anticipo' : 'nota_credito', before: { balance: locked.balance, status: locked.status }, after: { balance: remaining, creditNote: `${CREDIT_NOTE_SERIE}-${folio}`, ...(anticipo ? { anticipo: anticipo.label } : {}) } });
    return noteId;
  });
  await stampCreditNote(ctx.app, actorOf(ctx), id);
  return found(await data.findCreditNote(db(ctx), id), 'La nota de crédito');
}

/** The receptor as the invoice froze it at emission: the egreso goes to the same taxpayer. */
function frozenReceptor(invoice: data.InvoiceRow) {
  return { rfc: invoice.receptorRfc as string, name: invoice.receptorName as string, regimen: invoice.receptorRegimen as string, postalCode: invoice.receptorPostalCode as string };
}

/** Steps 2 and 3 for a pendiente note; a refusal makes it rechazada and gives the balance back. */
export async function stampCreditNote(app: AppServices, actor: Actor, noteId: number): Promise<void> {
  const { db: ex } = app.database;
  const note = await data.findCreditNote(ex, noteId);
  if (!note || note.stampStatus !== 'pendiente') return;
  const sealed = await data.creditNoteCfdiXml(ex, noteId);
  if (!sealed) return;
  await stampPending(app, actor, {
    audit: { entity: 'credit_note', entityId: noteId, detail: { invoiceId: note.invoiceId } },
    key: creditNoteStampKey(noteId),
    sealed,
    save: (tx, stamp) => data.saveCreditNoteStamp(tx, noteId, stamp),
    noAnswer: () => appError('CONFLICT', CREDIT_NOTE_MSG.noAnswer(note.label)),
    refused: async (err) => {
      await ex.transaction(async (tx) => {
        const [inv] = await data.lockInvoices(tx, [note.invoiceId]);
        assertAction(CREDIT_NOTE_LIFECYCLE, 'rechazar', note.status, 'rechazada');
        if (!(await data.markCreditNoteRefused(tx, noteId, `${err.code}: ${err.message}`.slice(0, 2000)))) return;
        const balance = await moveInvoiceBalance(tx, inv, note.total, 'desacreditar');
        await writeAudit(tx, actor, { entity: 'credit_note', entityId: noteId, action: 'timbrado_rechazado', after: { status: 'rechazada', pacCode: err.code, message: err.message, invoiceBalance: balance } });
      });
      return pacRefusal(err);
    },
  });
}

/** «Timbrar» a note whose PAC did not answer. */
export async function retryCreditNoteStamp(ctx: RequestContext, id: string): Promise<CreditNoteRow> {
  const noteId = idOf(id);
  const note = found(await data.findCreditNote(db(ctx), noteId), 'La nota de crédito');
  if (note.stampStatus !== 'pendiente') throw appError('CONFLICT', CREDIT_NOTE_MSG.notPending);
  await stampCreditNote(ctx.app, actorOf(ctx), noteId);
  return found(await data.findCreditNote(db(ctx), noteId), 'La nota de crédito');
}

/** On start (registry `recover`): pendiente notes, recovered from (or stamped once by) the PAC. */
export async function recoverPendingCreditNoteStamps(app: AppServices): Promise<{ recovered: number; failed: number }> {
  return recoverEach(app, 'notas de crédito', await data.pendingCreditNoteStampIds(app.database.db), (actor, id) => stampCreditNote(app, actor, id));
}

/**
 * Cancels a stamped note before SAT (motivo 02 or 03; egresos need no acceptance) and gives its
 * total back to the invoice's balance. A request SAT leaves in process is recorded as solicitada.
 */
export async function cancelCreditNote(ctx: RequestContext, id: string, version: number, reason: unknown, motivo: string | null | undefined): Promise<CreditNoteRow> {
  const why = readReason(reason);
  const noteId = idOf(id);
  const ex = db(ctx);
  const note = found(await data.findCreditNote(ex, noteId), 'La nota de crédito');
  if (note.version !== version) throw conflict();
  if (!motivo || !CANCEL_MOTIVOS_FOR_NOTES.includes(motivo as CancelMotivo) || !(motivo in CANCEL_MOTIVOS)) throw badInput({ motivo: CREDIT_NOTE_MSG.motivo });
  if (note.status !== 'vigente') throw appError('CONFLICT', CREDIT_NOTE_MSG.notVigente);
  if (note.stampStatus !== 'timbrada' || !note.cfdiUuid) throw appError('CONFLICT', CREDIT_NOTE_MSG.pending);
  if (note.satCancelStatus === 'solicitada') throw appError('CONFLICT', CREDIT_NOTE_MSG.requested);

  const pac = await pacOf(ctx.app);
  let estatus: 'cancelado' | 'en_proceso' | 'rechazado';
  try {
    estatus = (await pac.cancel(note.cfdiUuid, motivo as CancelMotivo)).estatus;
  } catch (err) {
    if (!(err instanceof PacError)) throw err;
    // 202: SAT already has it cancelled (a retried request): finish here too.
    if (err.code === '202' && (await pac.status(note.cfdiUuid)).estado === 'cancelado') estatus = 'cancelado';
    else throw pacRefusal(err);
  }
  await ex.transaction(async (tx) => {
    const current = found(await data.findCreditNote(tx, noteId, true), 'La nota de crédito');
    if (current.version !== version) throw conflict();
    if (estatus !== 'cancelado') {
      await data.updateCreditNote(tx, noteId, version, { satCancelStatus: 'solicitada', satCancelMotivo: motivo, cancelReason: why });
      await writeAudit(tx, actorOf(ctx), { entity: 'credit_note', entityId: noteId, action: 'solicitar_cancelacion', after: { uuid: note.cfdiUuid, motivo } });
      return;
    }
    assertAction(CREDIT_NOTE_LIFECYCLE, 'cancelar', current.status, 'cancelada');
    const [inv] = await data.lockInvoices(tx, [current.invoiceId]);
    const balance = await moveInvoiceBalance(tx, inv, current.total, 'desacreditar');
    if (!(await data.updateCreditNote(tx, noteId, version, { status: 'cancelada', satCancelStatus: 'cancelada', satCancelMotivo: motivo, cancelReason: why, cancelledAt: new Date() }))) throw conflict();
    await writeAudit(tx, actorOf(ctx), { entity: 'credit_note', entityId: noteId, action: 'cancelar', before: { status: current.status }, after: { status: 'cancelada', motivo, reason: why, invoiceBalance: balance } });
  });
  return found(await data.findCreditNote(ex, noteId), 'La nota de crédito');
}

// ---- reads and documents --------------------------------------------------------------------

export const getCreditNote = (ctx: RequestContext, id: string) => data.findCreditNote(db(ctx), idOf(id));
export const creditNotesOfInvoices = (ctx: RequestContext, ids: number[]) => data.creditNotesOfInvoices(db(ctx), ids);
export const creditNotesOfAnticipos = (ctx: RequestContext, ids: number[]) => data.creditNotesOfAnticipos(db(ctx), ids);
export const creditNoteLines = (ctx: RequestContext, ids: number[]) => data.creditNoteLinesOf(db(ctx), ids);

/** The note's CFDI as stamped (or as sealed while pendiente); null when the PAC refused it. */
export async function creditNoteCfdi(ctx: RequestContext, id: string): Promise<string | null> {
  const note = found(await data.findCreditNote(db(ctx), idOf(id)), 'La nota de crédito');
  return note.stampStatus ? data.creditNoteCfdiXml(db(ctx), note.id) : null;
}

export async function creditNotePdf(ctx: RequestContext, id: string): Promise<string> {
  const ex = db(ctx);
  const note = found(await data.findCreditNote(ex, idOf(id)), 'La nota de crédito');
  const lines = await data.creditNoteLinesOf(ex, [note.id]);
  const xml = note.stampStatus ? await data.creditNoteCfdiXml(ex, note.id) : null;
  return renderPdfBase64(creditNotePdfSpec(await getCompanyProfile(ex), note, lines, xml ? timbreOf(xml) : null));
}
