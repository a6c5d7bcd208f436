// The company's CSD (Certificado de Sello Digital): the SAT .cer (DER X.509) and .key (PKCS#8
// DER, encrypted with the CSD password). Read with Node's own crypto (X509Certificate,
// createPrivateKey: OpenSSL underneath), which decrypts SAT's PBES2 keys and signs RSA-SHA256
// with no dependency; the SAT-specific parts (RFC in x500UniqueIdentifier, the 20-digit
// NoCertificado written as the serial's ASCII bytes, e.firma vs CSD by the key usage) are a few
// lines here. Every refusal is a CsdError with a Spanish message and the field it is about.
//
// The password and the private key never leave this module in clear: a Csd exposes sign(),
// and its toJSON/inspect show only the public data, so logging one logs no secret.
import crypto from 'node:crypto';
import { inspect } from 'node:util';

export type CsdErrorCode =
  | 'CER_INVALIDO'
  | 'NO_ES_CSD'
  | 'RFC_DISTINTO'
  | 'FUERA_DE_VIGENCIA'
  | 'LLAVE_INVALIDA'
  | 'CONTRASENA_INCORRECTA'
  | 'LLAVE_NO_CORRESPONDE'
  | 'CLAVE_CIFRADO';

export type CsdField = 'cer' | 'key' | 'password' | 'config';

export class CsdError extends Error {
  constructor(readonly code: CsdErrorCode, readonly field: CsdField, message: string) {
    super(message);
    this.name = 'CsdError';
  }
}

/** Public data of a SAT certificate (CSD, e.firma or a PAC's). */
export type CertificateInfo = {
  /** 20 digits: the serial number's bytes read as ASCII, as SAT writes NoCertificado. */
  noCertificado: string;
  /** Base64 of the DER certificate, one line: the CFDI's Certificado attribute. */
  certificado: string;
  /** The holder's RFC (first RFC of x500UniqueIdentifier; a persona moral's is followed by its legal representative's). */
  rfc: string;
  name: string;
  validFrom: Date;
  validTo: Date;
  /** e.firma (FIEL) certificates may also encipher and agree keys; a CSD only signs. */
  kind: 'CSD' | 'FIEL';
  x509: crypto.X509Certificate;
};

export type Csd = Omit<CertificateInfo, 'x509'> & {
  /** Sello: base64 of the RSA PKCS#1 v1.5 SHA-256 signature of the UTF-8 cadena original. */
  sign(cadena: string): string;
  publicKey: crypto.KeyObject;
};

const day = (d: Date): string => d.toISOString().slice(0, 10);

function subjectField(subject: string, name: string): string | undefined {
  for (const line of subject.split('\n')) {
    const at = line.indexOf('=');
    if (at > 0 && line.slice(0, at) === name) return line.slice(at + 1).replace(/\\(.)/g, '$1').trim();
  }
  return undefined;
}

/** The KeyUsage extension's first byte of bits (bit 0x80 digitalSignature … 0x08 keyAgreement), or null. */
function keyUsageBits(der: Buffer): number | null {
  const oid = Buffer.from([0x06, 0x03, 0x55, 0x1d, 0x0f]);
  let at = der.indexOf(oid);
  if (at < 0) return null;
  at += oid.length;
  if (der[at] === 0x01) at += 2 + der[at + 1]; // critical flag
  if (der[at] !== 0x04) return null; // OCTET STRING
  at += 2;
  if (der[at] !== 0x03) return null; // BIT STRING
  const length = der[at + 1];
  return length >= 2 ? der[at + 3] : 0;
}

/** Reads a certificate from its DER bytes or the base64 of them (a CFDI's Certificado). */
export function readCertificate(input: Buffer | string): CertificateInfo {
  const der = typeof input === 'string' ? Buffer.from(input.replace(/\s+/g, ''), 'base64') : input;
  let x509: crypto.X509Certificate;
  try {
    x509 = new crypto.X509Certificate(der);
  } catch {
    throw new CsdError('CER_INVALIDO', 'cer', 'El archivo .cer no es un certificado válido: se espera el certificado del SAT en formato DER (.cer).');
  }
  const serial = Buffer.from(x509.serialNumber.length % 2 ? `0${x509.serialNumber}` : x509.serialNumber, 'hex').toString('latin1');
  if (!/^\d{20}$/.test(serial)) {
    throw new CsdError('CER_INVALIDO', 'cer', 'El certificado no es del SAT: su número de serie no es el número de certificado de 20 dígitos.');
  }
  const unique = subjectField(x509.subject, 'x500UniqueIdentifier') ?? '';
  const rfc = unique.split('/')[0].trim().toUpperCase();
  if (!/^[A-ZÑ&]{3,4}\d{6}[A-Z\d]{2}[A\d]$/.test(rfc)) {
    throw new CsdError('CER_INVALIDO', 'cer', 'El certificado no trae el RFC de su titular (x500UniqueIdentifier): no es un certificado del SAT.');
  }
  const bits = keyUsageBits(x509.raw);
  // 0x10 dataEncipherment, 0x08 keyAgreement: e.firma keys; a CSD is digitalSignature + nonRepudiation only.
  const fiel = bits === null || (bits & 0x18) !== 0 || (x509.keyUsage?.length ?? 0) > 0;
  return {
    noCertificado: serial,
    certificado: x509.raw.toString('base64'),
    rfc,
    name: subjectField(x509.subject, 'O') ?? subjectField(x509.subject, 'name') ?? subjectField(x509.subject, 'CN') ?? '',
    validFrom: new Date(x509.validFrom),
    validTo: new Date(x509.validTo),
    kind: fiel ? 'FIEL' : 'CSD',
    x509,
  };
}

export type CsdInput = {
  cer: Buffer;
  key: Buffer;
  password: string;
  /** The company's RFC: the certificate must be issued to it. */
  companyRfc?: string;
  /** When it must be valid (default: now). */
  now?: Date;
};

/** Reads and checks a CSD; throws CsdError (Spanish message, field) when it cannot seal the company's CFDI. */
export function loadCsd(input: CsdInput): Csd {
  const info = readCertificate(input.cer);
  if (info.kind === 'FIEL') {
    throw new CsdError('NO_ES_CSD', 'cer', 'El certificado es de e.firma (FIEL), no un Certificado de Sello Digital (CSD). La e.firma no sirve para sellar facturas: sube el .cer del CSD que el SAT emitió para facturar.');
  }
  if (input.companyRfc && info.rfc !== input.companyRfc.trim().toUpperCase()) {
    throw new CsdError('RFC_DISTINTO', 'cer', `El certificado es del RFC ${info.rfc}, no del RFC de la empresa (${input.companyRfc.trim().toUpperCase()}).`);
  }
  const now = input.now ?? new Date();
  if (now < info.validFrom || now > info.validTo) {
    const when = now < info.validFrom ? 'aún no entra en vigor' : 'ya venció';
    throw new CsdError('FUERA_DE_VIGENCIA', 'cer', `El certificado ${when}: es válido del ${day(info.validFrom)} al ${day(info.validTo)}.`);
  }
  let privateKey: crypto.KeyObject;
  try {
    privateKey = crypto.createPrivateKey({ key: input.key, format: 'der', type: 'pkcs8', passphrase: input.password });
  } catch (err) {
    const reason = String((err as { code?: string }).code ?? '') + String((err as Error).message);
    if (/BAD_DECRYPT|bad decrypt|INTERRUPTED_OR_CANCELLED|passphrase/i.test(reason)) {
      throw new CsdError('CONTRASENA_INCORRECTA', 'password', 'La contraseña de la llave privada (.key) es incorrecta.');
    }
    throw new CsdError('LLAVE_INVALIDA', 'key', 'El archivo .key no es una llave privada válida: se espera la llave del CSD del SAT (PKCS#8 DER cifrada).');
  }
  if (privateKey.asymmetricKeyType !== 'rsa' || !info.x509.checkPrivateKey(privateKey)) {
    throw new CsdError('LLAVE_NO_CORRESPONDE', 'key', 'La llave privada (.key) no corresponde al certificado (.cer): sube la llave del mismo CSD.');
  }
  const { x509, ...pub } = info;
  const csd: Csd = {
    ...pub,
    publicKey: x509.publicKey,
    sign: (cadena) => crypto.sign('sha256', Buffer.from(cadena, 'utf8'), privateKey).toString('base64'),
  };
  const shown = { noCertificado: pub.noCertificado, rfc: pub.rfc, name: pub.name, validFrom: pub.validFrom, validTo: pub.validTo };
  Object.defineProperty(csd, 'toJSON', { value: () => shown, enumerable: false });
  Object.defineProperty(csd, inspect.custom, { value: () => `Csd ${inspect(shown)}`, enumerable: false });
  return csd;
}

// ---------------------------------------------------------------------------------------------
// Encryption at rest (the .key and its password when the company's CSD is stored): AES-256-GCM
// with a 32-byte key from ERP_CSD_KEY (base64 or 64 hex digits; `openssl rand -base64 32`).
// Stored form: "v1." + base64(iv[12] | tag[16] | ciphertext). `context` (e.g. "csd-key:<company>")
// is authenticated data: a value copied to another record does not decrypt there.

export const CSD_KEY_ENV = 'ERP_CSD_KEY';

function atRestKey(env: NodeJS.ProcessEnv): Buffer {
  const raw = env[CSD_KEY_ENV]?.trim();
  if (!raw) throw new CsdError('CLAVE_CIFRADO', 'config', `Falta la variable de entorno ${CSD_KEY_ENV} (32 bytes en base64) para cifrar la llave del CSD.`);
  const key = /^[0-9a-f]{64}$/i.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
  if (key.length !== 32) throw new CsdError('CLAVE_CIFRADO', 'config', `${CSD_KEY_ENV} debe ser de 32 bytes (44 caracteres en base64 o 64 dígitos hexadecimales).`);
  return key;
}

export function encryptAtRest(plain: Buffer | string, context: string, env: NodeJS.ProcessEnv = process.env): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', atRestKey(env), iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(typeof plain === 'string' ? Buffer.from(plain, 'utf8') : plain), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
}

export function decryptAtRest(stored: string, context: string, env: NodeJS.ProcessEnv = process.env): Buffer {
  const key = atRestKey(env);
  const raw = stored.startsWith('v1.') ? Buffer.from(stored.slice(3), 'base64') : Buffer.alloc(0);
  if (raw.length < 28) throw new CsdError('CLAVE_CIFRADO', 'config', 'El dato cifrado del CSD está dañado.');
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
  } catch {
    throw new CsdError('CLAVE_CIFRADO', 'config', `No se pudo descifrar la llave del CSD: ${CSD_KEY_ENV} no es la clave con que se guardó, o el dato fue alterado.`);
  }
}
