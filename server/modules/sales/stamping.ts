// An invoice's CFDI: sealed with the company's CSD at emission and stamped by the PAC exactly
// once (issue 26). The steps, and why they are split:
//
//   1. emission's own transaction (billing.ts emitInvoice): folio, frozen parties, the CFDI 4.0
//      built with Fecha = the emission instant, sealed (SAT's XSLT cadena, RSA-SHA256, XSD) and
//      kept on the invoice as stampStatus 'pendiente'. Every check the sandbox PAC makes is made
//      here first, so a bad document rolls the whole emission back: the invoice stays as it was.
//   2. after commit, the PAC is asked with the idempotency key `factura-<id>`. Its answer is
//      kept by the PAC's store (cfdi_stamps) on its own statement, outside any transaction.
//   3. a short transaction saves the stamped XML and UUID: pendiente → timbrada, once.
//
// A server that dies between 2 and 3 leaves the invoice pendiente with the sealed XML it sent:
// on the next start recoverPendingStamps() asks the PAC for that key (recover) and saves the
// same UUID; a PAC that never received it stamps that same XML under that same key. Two
// requests never stamp twice: the key and the Sello are unique in the PAC's store. A PAC refusal
// (a definite one, not "no answer") returns the invoice to borrador — keeping its folio, so the
// serie stays gapless — with the PAC's code and message.
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config';
import type { RequestContext } from '../../context';
import { actorOf } from '../../context';
import { writeAudit, type Actor } from '../../db/audit';
import type { Executor } from '../../db/database';
import { claimUpload, detachUpload, findUpload, removeUploadBytes, storageOf, withStorage } from '../../lib/attachments';
import { CsdError, PAC_ENV, type Csd, type PacError, sealCfdi } from '../../lib/cfdi';
import { recoverEach, stampPending } from '../../lib/cfdiStamping';
import { recoverPendingPaymentStamps } from './paymentStamping';
import { recoverPendingCreditNoteStamps } from './creditNotes';
import { DbPacStore } from '../../lib/cfdi/dbStore';
import { fromRoot } from '../../lib/paths';
import { getCompanyProfile } from '../../lib/company';
import { companyCsdInfo, csdInputError, loadCompanyCsd, pacRefusal, storeCompanyCsd, type CompanyCsdInfo } from '../../lib/companyCsd';
import { appError, badInput } from '../../lib/errors';
import type { AppServices } from '../../services';
import { buildCfdiXml, frozenPartiesOf, type CfdiBuildOptions } from './cfdi';
import { ANTICIPO_TIPO_RELACION } from '../../../schema/sales/anticipos';
import * as data from './data';
import type { InvoiceRow } from './data';
import { daysToExpiry } from '../../../schema/sales/csd';

export const invoiceStampKey = (invoiceId: number): string => `factura-${invoiceId}`;

export const STAMP_MSG = {
  rfcMismatch: (company: string, csd: string) =>
    `El RFC de la empresa (${company}) no es el del CSD cargado (${csd}): corrige los datos de la empresa o sube el CSD correcto.`,
  noAnswer: (label: string) =>
    `El PAC no respondió: la factura ${label} quedó emitida y pendiente de timbrar. Usa «Timbrar» para reintentarlo; al reiniciar, el sistema recupera el timbre sin duplicarlo.`,
  notPending: 'La factura no está pendiente de timbrar.',
} as const;

/**
 * Step 1, inside emission's transaction after the folio and the frozen data are written: builds
 * and seals the CFDI with the CSD and lines emitInvoice read before taking the folio, and keeps
 * it as pendiente. Throws (rolling emission back) when the CSD's RFC is not the emisor's or the
 * document fails SAT's XSD (a missing or expired CSD was already refused there).
 */
export async function sealEmittedInvoice(tx: Executor, invoiceId: number, { csd, lines }: { csd: Csd; lines: data.InvoiceLineRow[] }): Promise<void> {
  const invoice = await data.findInvoice(tx, invoiceId);
  if (!invoice?.emisorRfc) throw new Error(`factura ${invoiceId} sin datos congelados`);
  if (csd.rfc !== invoice.emisorRfc.toUpperCase()) throw appError('CONFLICT', STAMP_MSG.rfcMismatch(invoice.emisorRfc, csd.rfc));
  const xml = await buildCfdiXml(invoice, lines, frozenPartiesOf(invoice), { sealed: true, ...(await invoiceCfdiOptions(tx, invoice)) });
  let sealed: string;
  try {
    sealed = await sealCfdi(xml, csd);
  } catch (err) {
    if (err instanceof Error && err.name === 'CfdiXsdError') throw appError('CONFLICT', `El CFDI no cumple el esquema del SAT: ${err.message}`);
    throw err;
  }
  await data.markInvoiceSealed(tx, invoiceId, sealed);
}

/** What an invoice's CFDI carries besides its rows: InformacionGlobal (factura global) and the anticipos it relates (07). */
export async function invoiceCfdiOptions(ex: Executor, invoice: InvoiceRow): Promise<Pick<CfdiBuildOptions, 'informacionGlobal' | 'relacionados'>> {
  const anticipos = (await data.anticiposOfInvoices(ex, [invoice.id])).filter((a) => a.cfdiUuid);
  return {
    informacionGlobal:
      invoice.kind === 'global' && invoice.globalPeriodicidad && invoice.globalMeses && invoice.globalAnio
        ? { periodicidad: invoice.globalPeriodicidad, meses: invoice.globalMeses, anio: invoice.globalAnio }
        : null,
    relacionados: anticipos.length ? { tipoRelacion: ANTICIPO_TIPO_RELACION, uuids: anticipos.map((a) => a.cfdiUuid as string) } : undefined,
  };
}

/**
 * Steps 2 and 3 for one pendiente invoice. Returns quietly when it is already timbrada (another
 * request or the recovery saved it). A definite PAC refusal returns the invoice to borrador and
 * throws CONFLICT with the PAC's code; no answer leaves it pendiente and throws CONFLICT.
 */
export async function stampInvoice(app: AppServices, actor: Actor, invoiceId: number): Promise<void> {
  const { db } = app.database;
  const invoice = await data.findInvoice(db, invoiceId);
  if (!invoice || invoice.stampStatus !== 'pendiente') return;
  const sealed = await data.invoiceCfdiXml(db, invoiceId);
  if (!sealed) return;
  await stampPending(app, actor, {
    audit: { entity: 'invoice', entityId: invoiceId },
    key: invoiceStampKey(invoiceId),
    sealed,
    save: (tx, stamp) => data.saveInvoiceStamp(tx, invoiceId, stamp),
    noAnswer: () => appError('CONFLICT', STAMP_MSG.noAnswer(invoice.label)),
    refused: async (err) => {
      await returnToDraft(db, actor, invoice, err);
      return pacRefusal(err);
    },
  });
}

/** A definite refusal: the emission is undone (generadores back to autorizado), the folio stays reserved on the draft. */
async function returnToDraft(db: Executor, actor: Actor, invoice: InvoiceRow, err: PacError): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await data.returnInvoiceToDraft(tx, invoice.id))) return;
    await writeAudit(tx, actor, { entity: 'invoice', entityId: invoice.id, action: 'timbrado_rechazado', after: { status: 'borrador', folio: invoice.folio, pacCode: err.code, message: err.message } });
  });
}

/** «Timbrar» on an emitted invoice whose PAC did not answer. */
export async function retryInvoiceStamp(ctx: RequestContext, invoiceId: number): Promise<void> {
  const invoice = await data.findInvoice(ctx.app.database.db, invoiceId);
  if (!invoice) throw appError('NOT_FOUND', 'La factura no existe.');
  if (invoice.stampStatus !== 'pendiente') throw appError('CONFLICT', STAMP_MSG.notPending);
  await stampInvoice(ctx.app, actorOf(ctx), invoiceId);
}

/** On start: every invoice left pendiente is recovered from (or stamped once by) the PAC. */
export async function recoverPendingStamps(app: AppServices): Promise<{ recovered: number; failed: number }> {
  return recoverEach(app, 'facturas', await data.pendingStampIds(app.database.db), (actor, id) => stampInvoice(app, actor, id));
}

// ---- the company's CSD (Facturas › Certificado de sello) ------------------------------------------------

const CSD_INPUT_MSG = {
  password: 'Escribe la contraseña de la llave privada (.key).',
  sameFile: 'Sube dos archivos distintos: el certificado (.cer) y la llave privada (.key).',
} as const;

/**
 * Replaces the company's CSD with the uploaded .cer and .key (through /api/files). Whatever the
 * outcome, both uploads are deleted from the file storage: the private key is kept only
 * encrypted in company_csd.
 */
export async function uploadCompanyCsd(ctx: RequestContext, input: { cerFileId: string; keyFileId: string; password: string }): Promise<CompanyCsdView> {
  const db = ctx.app.database.db;
  const storage = storageOf(ctx);
  const uploads = [await findUpload(db, input.cerFileId), await findUpload(db, input.keyFileId)];
  try {
    if (!input.password) throw badInput({ password: CSD_INPUT_MSG.password });
    if (input.cerFileId === input.keyFileId) throw badInput({ keyFileId: CSD_INPUT_MSG.sameFile });
    return await db.transaction(async (tx) => {
      const claim = { allowed: ['der'] as const, subject: 'Ventas-Facturas', ownerEntity: 'company_csd', ownerId: 1 };
      const cerRow = await claimUpload(tx, ctx, input.cerFileId, { ...claim, field: 'cerFileId' });
      const keyRow = await claimUpload(tx, ctx, input.keyFileId, { ...claim, field: 'keyFileId' });
      const [cer, key] = await withStorage(() => Promise.all([storage.get(cerRow.storageKey), storage.get(keyRow.storageKey)]));
      const company = await getCompanyProfile(tx);
      let info: CompanyCsdInfo;
      try {
        info = await storeCompanyCsd(tx, ctx.app.config, { cer: Buffer.from(cer), key: Buffer.from(key), password: input.password, companyRfc: company.rfc, actorId: ctx.auth?.id ?? null });
      } catch (err) {
        if (err instanceof CsdError) throw csdInputError(err);
        throw err;
      }
      await writeAudit(tx, actorOf(ctx), { entity: 'company_csd', entityId: 1, action: 'cargar', after: { rfc: info.rfc, noCertificado: info.noCertificado, validFrom: info.validFrom, validTo: info.validTo } });
      return withExpiry(info);
    });
  } finally {
    for (const upload of uploads) {
      if (!upload) continue;
      await removeUploadBytes(storage, await detachUpload(db, upload.id));
    }
  }
}

type CompanyCsdView = CompanyCsdInfo & { daysToExpiry: number };
const withExpiry = (info: CompanyCsdInfo): CompanyCsdView => ({ ...info, daysToExpiry: daysToExpiry(info.validTo) });

export async function companyCsd(ctx: RequestContext): Promise<CompanyCsdView | null> {
  const info = await companyCsdInfo(ctx.app.database.db);
  return info && withExpiry(info);
}

// ---- demo data ---------------------------------------------------------------------------------

const DEMO_CSD_DIR = fromRoot('server/lib/cfdi/demo-csd');

/** The demo company's CSD: SAT's public test certificate (server/lib/cfdi/demo-csd). */
export async function installDemoCsd(tx: Executor, config: Pick<Config, 'csdKey' | 'dataDir'>, adminUserId: number): Promise<void> {
  const read = (f: string) => fs.readFileSync(path.join(DEMO_CSD_DIR, f));
  await storeCompanyCsd(tx, config, {
    cer: read('EKU9003173C9.cer'),
    key: read('EKU9003173C9.key'),
    password: read('EKU9003173C9.password.txt').toString('utf8').trim(),
    companyRfc: 'EKU9003173C9',
    actorId: adminUserId,
  });
}

/**
 * A demo invoice emitted weeks ago, sealed with Fecha = its emission and stamped by the sandbox
 * PAC as of that moment (its clock set a minute later), so every emitted demo invoice carries a
 * UUID like a real one. Only with the sandbox PAC: a real PAC never sees demo data.
 */
export async function stampDemoInvoice(tx: Executor, config: Pick<Config, 'csdKey' | 'dataDir'>, invoiceId: number): Promise<void> {
  if ((process.env[PAC_ENV.provider] ?? 'sandbox').trim().toLowerCase() !== 'sandbox') return;
  const invoice = await data.findInvoice(tx, invoiceId);
  if (!invoice?.emittedAt) return;
  const emittedAt = new Date(invoice.emittedAt);
  const csd = await loadCompanyCsd(tx, config, emittedAt);
  const lines = await data.invoiceLinesOf(tx, [invoiceId]);
  const sealed = await sealCfdi(await buildCfdiXml(invoice, lines, frozenPartiesOf(invoice), { sealed: true, ...(await invoiceCfdiOptions(tx, invoice)) }), csd);
  const { SandboxPac } = await import('../../lib/cfdi/sandbox/sandboxPac');
  const pac = new SandboxPac({ store: new DbPacStore(tx), now: () => new Date(emittedAt.getTime() + 60_000) });
  const stamped = await pac.stamp(sealed, invoiceStampKey(invoiceId));
  await data.markInvoiceSealed(tx, invoiceId, sealed);
  await data.saveInvoiceStamp(tx, invoiceId, { xml: stamped.xml, uuid: stamped.uuid, stampedAt: new Date(emittedAt.getTime() + 60_000), sandbox: true });
}

/** The registry's `recover` (server/modules/index.ts): pendiente invoices, payment complements and credit notes, logged. */
export async function recoverSales(app: AppServices): Promise<void> {
  await recoverPendingStamps(app);
  await recoverPendingPaymentStamps(app);
  await recoverPendingCreditNoteStamps(app);
}
