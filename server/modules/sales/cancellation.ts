// Cancelling a stamped invoice before SAT, through the PAC (issue 26): a motivo 01–04 (01 names
// the stamped invoice that replaces it), then SAT's answer. Without the receptor's acceptance
// (small amounts, público en general…) it is cancelled at once; otherwise the request stays
// «solicitada» — the invoice still counts, as SAT still counts it — until «Consultar estado»
// hears that the receptor accepted (cancelada), rejected (rechazada: the invoice stays vigente),
// or let the three-day term pass (cancelada, plazo vencido). Offline, the status says so.
import { writeAudit } from '../../db/audit';
import { actorOf, type RequestContext } from '../../context';
import { CANCEL_MOTIVOS, PacError, type CancelMotivo } from '../../lib/cfdi';
import { cancelAtPac } from '../../lib/cfdiStamping';
import { pacOf, pacRefusal } from '../../lib/companyCsd';
import { appError, badInput, conflict, found } from '../../lib/errors';
import * as data from './data';
import type { InvoiceRow } from './data';
import { finishCancellation, idOf } from './billing';
import { MSG } from './messages';

export const CANCEL_MSG = {
  motivo: 'Elige el motivo de cancelación ante el SAT: 01, 02, 03 o 04.',
  substitute: 'El motivo 01 requiere la factura que sustituye a esta: timbrada, del mismo cliente.',
  substituteOnlyFor01: 'La factura sustituta solo se indica con el motivo 01.',
  pending: 'La factura está pendiente de timbrar: tímbrala antes de cancelarla.',
  alreadyRequested: 'Ya se solicitó la cancelación de esta factura ante el SAT: consulta su estado.',
  notRequested: 'Esta factura no tiene una solicitud de cancelación en proceso.',
  offline: 'No se pudo consultar el estado en el SAT (PAC sin respuesta): queda pendiente de consultar.',
} as const;

const isMotivo = (m: string | null | undefined): m is CancelMotivo => !!m && m in CANCEL_MOTIVOS;

export async function cancelStampedInvoice(ctx: RequestContext, invoice: InvoiceRow, version: number, why: string, sat: { motivo?: string | null; substituteId?: string | null }): Promise<void> {
  const ex = ctx.app.database.db;
  if (invoice.version !== version) throw conflict();
  if (invoice.stampStatus === 'pendiente' || !invoice.cfdiUuid) throw appError('CONFLICT', CANCEL_MSG.pending);
  if (invoice.satCancelStatus === 'solicitada') throw appError('CONFLICT', CANCEL_MSG.alreadyRequested);
  if ((await data.activePaymentsCount(ex, invoice.id)) > 0) throw appError('CONFLICT', MSG.invoiceHasPayments);
  // SAT refuses to cancel a CFDI with vigente related documents: its credit notes go first.
  if ((await data.activeCreditNotesCount(ex, invoice.id)) > 0) throw appError('CONFLICT', MSG.invoiceHasCreditNotes);
  if (!isMotivo(sat.motivo)) throw badInput({ motivo: CANCEL_MSG.motivo });
  let substituteUuid: string | undefined;
  if (sat.motivo === '01') {
    const substitute = sat.substituteId ? await data.findInvoice(ex, idOf(sat.substituteId)) : null;
    if (!substitute || substitute.id === invoice.id || substitute.clientId !== invoice.clientId || substitute.stampStatus !== 'timbrada' || !substitute.cfdiUuid || substitute.status === 'cancelada') {
      throw badInput({ substituteId: CANCEL_MSG.substitute });
    }
    substituteUuid = substitute.cfdiUuid;
  } else if (sat.substituteId) {
    throw badInput({ substituteId: CANCEL_MSG.substituteOnlyFor01 });
  }

  let estatus: 'cancelado' | 'en_proceso' | 'rechazado';
  try {
    estatus = await cancelAtPac(ctx.app, invoice.cfdiUuid, sat.motivo, substituteUuid);
  } catch (err) {
    if (err instanceof PacError) throw pacRefusal(err);
    throw err;
  }
  const request = { satCancelMotivo: sat.motivo, satCancelSubstitute: substituteUuid ?? null, satCancelRequestedAt: new Date() };
  if (estatus === 'cancelado') {
    await ex.transaction(async (tx) => {
      if (!(await data.updateInvoice(tx, invoice.id, version, request))) throw conflict();
    });
    await finishCancellation(ctx, invoice.id, null, why, { status: 'cancelada' });
    return;
  }
  await ex.transaction(async (tx) => {
    const values = { ...request, satCancelStatus: 'solicitada', cancelReason: why };
    if (!(await data.updateInvoice(tx, invoice.id, version, values))) throw conflict();
    await writeAudit(tx, actorOf(ctx), { entity: 'invoice', entityId: invoice.id, action: 'solicitar_cancelacion', after: { uuid: invoice.cfdiUuid, motivo: sat.motivo, substitute: substituteUuid ?? null } });
  });
}

/** «Consultar estado»: SAT's answer to a cancellation that needed the receptor's acceptance. */
export async function refreshCancellation(ctx: RequestContext, id: string): Promise<InvoiceRow> {
  const ex = ctx.app.database.db;
  const invoiceId = idOf(id);
  const invoice = found(await data.findInvoice(ex, invoiceId), 'La factura');
  if (invoice.satCancelStatus !== 'solicitada' || !invoice.cfdiUuid) throw appError('CONFLICT', CANCEL_MSG.notRequested);
  const pac = await pacOf(ctx.app);
  let status;
  try {
    status = await pac.status(invoice.cfdiUuid);
  } catch (err) {
    if (err instanceof PacError) throw appError('CONFLICT', CANCEL_MSG.offline);
    throw err;
  }
  if (status.estado === 'cancelado') {
    await finishCancellation(ctx, invoiceId, null, invoice.cancelReason ?? '', { status: 'cancelada' });
  } else if (status.estatusCancelacion === 'rechazado') {
    await ex.transaction(async (tx) => {
      await data.updateInvoice(tx, invoiceId, null, { satCancelStatus: 'rechazada' });
      await writeAudit(tx, actorOf(ctx), { entity: 'invoice', entityId: invoiceId, action: 'cancelacion_rechazada', after: { uuid: invoice.cfdiUuid } });
    });
  }
  return found(await data.findInvoice(ex, invoiceId), 'La factura');
}
