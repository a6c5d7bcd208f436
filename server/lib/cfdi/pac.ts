// The PAC (Proveedor Autorizado de Certificación) behind one interface: the built-in sandbox
// (default when no provider is configured) and Finkok's SOAP API. Invoices, payment
// complements and payroll receipts all go through it.
//
// Exactly once: every stamp carries the caller's idempotency key. A PacStore keeps, per key, the
// sealed XML that was sent and, once stamped, the result; stamp() with a key already stamped
// returns that result, and recover(key) asks the PAC for the UUID of a document whose answer was
// lost (server died between the PAC's answer and the save) instead of stamping it again.
import crypto from 'node:crypto';
import type { CfdiXsdError } from './seal';

/** SAT's codes as PACs return them, plus a few of this library's own. */
export type PacErrorCode =
  | '301' // XML mal formado (incluye no cumplir el XSD)
  | '302' // Sello mal formado o inválido
  | '303' // Sello no corresponde al emisor
  | '304' // Certificado revocado o caduco
  | '305' // La fecha de emisión no está dentro de la vigencia del CSD del emisor
  | '306' // El certificado no es de tipo CSD (es e.firma)
  | '307' // El CFDI contiene un timbre previo
  | '401' // Fecha y hora de generación fuera de rango (más de 72 h, o futura)
  | '202' // Cancelación: UUID previamente cancelado
  | '205' // Cancelación / consulta: el UUID no existe
  | 'MOTIVO' // Cancelación: motivo inválido o falta el folio de sustitución
  | 'CLAVE_REPETIDA' // la clave de idempotencia ya se usó con otro XML
  | 'NO_DISPONIBLE' // no hubo respuesta: el resultado es incierto, recupéralo con recover()
  | 'PAC'; // otro rechazo del proveedor (su código y mensaje van en el texto)

export class PacError extends Error {
  constructor(
    readonly code: PacErrorCode,
    message: string,
    /** The CFDI node or attribute the refusal is about, when there is one (e.g. "Comprobante.Fecha"). */
    readonly field?: string,
    /** True when the outcome is unknown and the same request may be retried or recovered. */
    readonly retryable = false,
  ) {
    super(message);
    this.name = 'PacError';
  }
}

export const isXsdError = (err: unknown): err is CfdiXsdError => err instanceof Error && err.name === 'CfdiXsdError';

export type StampResult = {
  uuid: string;
  /** The CFDI with its TimbreFiscalDigital in Complemento. */
  xml: string;
  fechaTimbrado: string;
  rfcProvCertif: string;
  noCertificadoSAT: string;
  selloCFD: string;
  selloSAT: string;
};

export type CancelMotivo = '01' | '02' | '03' | '04';
export const CANCEL_MOTIVOS: Record<CancelMotivo, string> = {
  '01': 'Comprobante emitido con errores con relación',
  '02': 'Comprobante emitido con errores sin relación',
  '03': 'No se llevó a cabo la operación',
  '04': 'Operación nominativa relacionada en una factura global',
};

export type CancelResult = {
  uuid: string;
  /** SAT's answer to the request: 201 solicitud recibida. */
  codigo: string;
  estatus: 'cancelado' | 'en_proceso' | 'rechazado';
  fecha: string;
  acuse?: string;
};

export type StatusResult = {
  uuid: string;
  estado: 'vigente' | 'cancelado' | 'no_encontrado';
  esCancelable: 'sin_aceptacion' | 'con_aceptacion' | 'no_cancelable' | null;
  estatusCancelacion: 'en_proceso' | 'cancelado' | 'rechazado' | 'plazo_vencido' | null;
};

export interface Pac {
  readonly name: string;
  /** True for the built-in sandbox: what it stamps has NO fiscal validity (the PDF must say so). */
  readonly sandbox: boolean;
  stamp(sealedXml: string, idempotencyKey: string): Promise<StampResult>;
  /** The result of a document already stamped with this key, or null when the PAC never stamped it. */
  recover(idempotencyKey: string): Promise<StampResult | null>;
  cancel(uuid: string, motivo: CancelMotivo, folioSustitucion?: string): Promise<CancelResult>;
  status(uuid: string): Promise<StatusResult>;
}

// ---------------------------------------------------------------------------------------------
// State store

export type StampRecord = {
  idempotencyKey: string;
  /** sha256 of the Sello: one document, one stamp. */
  sealDigest: string;
  status: 'pendiente' | 'vigente' | 'cancelado';
  /** The sealed XML as sent. */
  sentXml: string;
  emisorRfc: string;
  receptorRfc: string;
  total: string;
  stamped?: StampResult;
  cancellation?: { motivo: CancelMotivo; folioSustitucion?: string; fecha: string; estatus: CancelResult['estatus'] };
};

/**
 * What a PAC adapter keeps. claim() is the one atomic step: it inserts the record unless one
 * with the same idempotencyKey OR the same sealDigest exists, and returns the stored one (a
 * database implementation: unique indexes on both, INSERT … ON CONFLICT DO NOTHING, then SELECT).
 */
export interface PacStore {
  claim(record: StampRecord): Promise<StampRecord>;
  save(record: StampRecord): Promise<void>;
  remove(idempotencyKey: string): Promise<void>;
  byKey(idempotencyKey: string): Promise<StampRecord | undefined>;
  byUuid(uuid: string): Promise<StampRecord | undefined>;
}

/** For tests and the sandbox without a database. */
export class MemoryPacStore implements PacStore {
  private readonly records = new Map<string, StampRecord>();
  async claim(record: StampRecord): Promise<StampRecord> {
    const existing = this.records.get(record.idempotencyKey) ?? [...this.records.values()].find((r) => r.sealDigest === record.sealDigest);
    if (existing) return structuredClone(existing);
    this.records.set(record.idempotencyKey, structuredClone(record));
    return structuredClone(record);
  }
  async save(record: StampRecord): Promise<void> {
    this.records.set(record.idempotencyKey, structuredClone(record));
  }
  async remove(idempotencyKey: string): Promise<void> {
    this.records.delete(idempotencyKey);
  }
  async byKey(idempotencyKey: string): Promise<StampRecord | undefined> {
    const r = this.records.get(idempotencyKey);
    return r && structuredClone(r);
  }
  async byUuid(uuid: string): Promise<StampRecord | undefined> {
    const r = [...this.records.values()].find((x) => x.stamped?.uuid.toUpperCase() === uuid.toUpperCase());
    return r && structuredClone(r);
  }
}

export const sealDigest = (sello: string): string => crypto.createHash('sha256').update(sello).digest('hex');

// ---------------------------------------------------------------------------------------------
// Configuration

export const PAC_ENV = {
  provider: 'ERP_PAC',
  url: 'ERP_PAC_URL',
  user: 'ERP_PAC_USER',
  password: 'ERP_PAC_PASSWORD',
} as const;

export type CancelCredentials = { rfc: string; cer: Buffer; key: Buffer; password: string };

export type CreatePacOptions = {
  store: PacStore;
  env?: NodeJS.ProcessEnv;
  /** The company's CSD for cancellations (Finkok signs the request with it). */
  cancelCredentials?: () => Promise<CancelCredentials>;
  now?: () => Date;
};

/** The configured PAC: ERP_PAC=finkok (with ERP_PAC_USER/ERP_PAC_PASSWORD) or the sandbox (default). */
export async function createPac(options: CreatePacOptions): Promise<Pac> {
  const env = options.env ?? process.env;
  const provider = (env[PAC_ENV.provider] ?? 'sandbox').trim().toLowerCase();
  if (provider === 'sandbox' || provider === '') {
    const { SandboxPac } = await import('./sandbox/sandboxPac');
    return new SandboxPac({ store: options.store, now: options.now });
  }
  if (provider === 'finkok') {
    const { FinkokPac } = await import('./finkok');
    const user = env[PAC_ENV.user];
    const password = env[PAC_ENV.password];
    if (!user || !password) throw new Error(`ERP_PAC=finkok necesita ${PAC_ENV.user} y ${PAC_ENV.password}.`);
    return new FinkokPac({ url: env[PAC_ENV.url] || 'https://demo-facturacion.finkok.com', user, password, store: options.store, cancelCredentials: options.cancelCredentials });
  }
  throw new Error(`${PAC_ENV.provider}=${provider}: proveedor desconocido (usa sandbox o finkok).`);
}
