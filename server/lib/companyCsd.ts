// The company's CSD and the PAC, for every module that issues a CFDI (invoices, payment
// complements, payroll receipts): the CSD is kept in company_csd with its private key and
// password encrypted at rest; the PAC is built once per server over the cfdi_stamps table.
//
// The at-rest key is ERP_CSD_KEY. Without it (a fresh `npm start`), one is generated once into
// <dataDir>/csd-key (mode 600), as the README says: production sets ERP_CSD_KEY and keeps it
// out of the database's backups.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { GraphQLError } from 'graphql';
import type { Config } from '../config';
import type { Executor } from '../db/database';
import { companyCsd } from '../db/tables';
import type { AppServices } from '../services';
import { CSD_KEY_ENV, CsdError, createPac, decryptAtRest, encryptAtRest, loadCsd, PacError, type Csd, type Pac, type StampResult } from './cfdi';
import type { CancelCredentials } from './cfdi/pac';
import { DbPacStore } from './cfdi/dbStore';
import { appError, badInput } from './errors';

export type CompanyCsdInfo = { rfc: string; holderName: string; noCertificado: string; validFrom: Date; validTo: Date; uploadedAt: Date };

const KEY_CONTEXT = 'company-csd:key';
const PASSWORD_CONTEXT = 'company-csd:password';

export const CSD_MSG = {
  missing: 'La empresa no tiene un CSD cargado: súbelo en Ventas › Facturas › Certificado de sello (CSD) antes de emitir comprobantes.',
  expired: (to: string) => `El CSD de la empresa venció el ${to}: sube el vigente en Ventas › Facturas › Certificado de sello (CSD).`,
} as const;

/** The environment the at-rest encryption reads ERP_CSD_KEY from. */
export function csdAtRestEnv(config: Pick<Config, 'csdKey' | 'dataDir'>): NodeJS.ProcessEnv {
  if (config.csdKey) return { [CSD_KEY_ENV]: config.csdKey };
  const file = path.join(config.dataDir, 'csd-key');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    try {
      fs.writeFileSync(file, crypto.randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  return { [CSD_KEY_ENV]: fs.readFileSync(file, 'utf8').trim() };
}

export async function companyCsdInfo(ex: Executor): Promise<CompanyCsdInfo | null> {
  const rows = await ex
    .select({ rfc: companyCsd.rfc, holderName: companyCsd.holderName, noCertificado: companyCsd.noCertificado, validFrom: companyCsd.validFrom, validTo: companyCsd.validTo, uploadedAt: companyCsd.uploadedAt })
    .from(companyCsd)
    .where(eq(companyCsd.id, 1));
  return rows[0] ?? null;
}

const CSD_FIELDS: Record<CsdError['field'], string> = { cer: 'cerFileId', key: 'keyFileId', password: 'password', config: 'cerFileId' };

/** A CsdError as BAD_USER_INPUT on the input field it is about. */
export const csdInputError = (err: CsdError): GraphQLError => badInput({ [CSD_FIELDS[err.field]]: err.message }, err.message);

/**
 * Checks the files as SAT's CSD of this company (CsdError otherwise) and stores it, replacing
 * the previous one, inside the caller's transaction.
 */
export async function storeCompanyCsd(
  tx: Executor,
  config: Pick<Config, 'csdKey' | 'dataDir'>,
  input: { cer: Buffer; key: Buffer; password: string; companyRfc: string; actorId: number | null; now?: Date },
): Promise<CompanyCsdInfo> {
  const csd = loadCsd({ cer: input.cer, key: input.key, password: input.password, companyRfc: input.companyRfc, now: input.now });
  const env = csdAtRestEnv(config);
  const values = {
    rfc: csd.rfc,
    holderName: csd.name,
    noCertificado: csd.noCertificado,
    validFrom: csd.validFrom,
    validTo: csd.validTo,
    certificate: csd.certificado,
    keyEncrypted: encryptAtRest(input.key, KEY_CONTEXT, env),
    passwordEncrypted: encryptAtRest(input.password, PASSWORD_CONTEXT, env),
    uploadedBy: input.actorId,
    uploadedAt: input.now ?? new Date(),
  };
  await tx
    .insert(companyCsd)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: companyCsd.id, set: { ...values, version: 1 } });
  return { rfc: values.rfc, holderName: values.holderName, noCertificado: values.noCertificado, validFrom: values.validFrom, validTo: values.validTo, uploadedAt: values.uploadedAt };
}

const loadedCsds = new Map<string, Csd>();

/** The company's CSD ready to seal; CONFLICT in Spanish when there is none or it is out of its validity. */
export async function loadCompanyCsd(ex: Executor, config: Pick<Config, 'csdKey' | 'dataDir'>, now = new Date()): Promise<Csd> {
  const rows = await ex.select().from(companyCsd).where(eq(companyCsd.id, 1));
  const row = rows[0];
  if (!row) throw appError('CONFLICT', CSD_MSG.missing);
  if (now > row.validTo) throw appError('CONFLICT', CSD_MSG.expired(row.validTo.toISOString().slice(0, 10)));
  // Decrypting the key (PBKDF2) costs milliseconds per emission: the loaded CSD is kept per stored
  // row (its certificate number and upload instant); a new upload is a new entry.
  const cacheKey = `${row.noCertificado}:${row.uploadedAt.getTime()}:${row.version}`;
  const cached = loadedCsds.get(cacheKey);
  if (cached) return cached;
  const env = csdAtRestEnv(config);
  try {
    const csd = loadCsd({
      cer: Buffer.from(row.certificate, 'base64'),
      key: decryptAtRest(row.keyEncrypted, KEY_CONTEXT, env),
      password: decryptAtRest(row.passwordEncrypted, PASSWORD_CONTEXT, env).toString('utf8'),
      now,
    });
    loadedCsds.clear();
    loadedCsds.set(cacheKey, csd);
    return csd;
  } catch (err) {
    if (err instanceof CsdError) throw appError('CONFLICT', `El CSD guardado no se pudo usar: ${err.message}`);
    throw err;
  }
}

/**
 * The stored CSD as a PAC that signs cancellation requests with it needs it (Finkok): RFC, the
 * certificate, the private key and its password. Without one: CONFLICT in Spanish.
 */
export async function companyCancelCredentials(ex: Executor, config: Pick<Config, 'csdKey' | 'dataDir'>): Promise<CancelCredentials> {
  const row = (await ex.select().from(companyCsd).where(eq(companyCsd.id, 1)))[0];
  if (!row) throw appError('CONFLICT', CSD_MSG.missing);
  const env = csdAtRestEnv(config);
  return {
    rfc: row.rfc,
    cer: Buffer.from(row.certificate, 'base64'),
    key: decryptAtRest(row.keyEncrypted, KEY_CONTEXT, env),
    password: decryptAtRest(row.passwordEncrypted, PASSWORD_CONTEXT, env).toString('utf8'),
  };
}

const pacs = new WeakMap<AppServices, Promise<Pac>>();

/** The configured PAC (ERP_PAC; the sandbox by default), one per server. */
export function pacOf(app: AppServices): Promise<Pac> {
  let pac = pacs.get(app);
  if (!pac) {
    pac = createPac({ store: new DbPacStore(app.database.db), cancelCredentials: () => companyCancelCredentials(app.database.db, app.config) });
    pacs.set(app, pac);
  }
  return pac;
}

/** A PAC refusal as the client sees it: CONFLICT with the PAC's code and the CFDI node it names. */
export function pacRefusal(err: PacError): GraphQLError {
  return new GraphQLError(`El PAC rechazó el comprobante: ${err.message}`, {
    extensions: { code: 'CONFLICT', pacCode: err.code, ...(err.field ? { cfdiField: err.field } : {}) },
  });
}

export type { StampResult };
