// The company's CSD: what it exposes and every refusal, with its Spanish message.
import crypto from 'node:crypto';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { CsdError, decryptAtRest, encryptAtRest, loadCsd } from '../../../server/lib/cfdi/csd';
import { fakeFiel, testCsd } from './fixtures';

const inRange = new Date('2026-06-01T12:00:00Z');

function refusal(fn: () => unknown): CsdError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(CsdError);
    return err as CsdError;
  }
  throw new Error('no refusal');
}

describe('CSD', () => {
  it("reads SAT's test CSD: NoCertificado, Certificado, RFC, name, validity, and signs RSA-SHA256", () => {
    const csd = loadCsd({ ...testCsd(), companyRfc: 'eku9003173c9', now: inRange });
    expect(csd.noCertificado).toBe('30001000000500003416');
    expect(csd.certificado).toBe(testCsd().cer.toString('base64'));
    expect(csd.rfc).toBe('EKU9003173C9');
    expect(csd.name).toBe('ESCUELA KEMPER URGATE SA DE CV');
    expect(csd.validFrom.toISOString()).toBe('2023-05-18T11:43:51.000Z');
    expect(csd.validTo.toISOString()).toBe('2027-05-18T11:43:51.000Z');
    expect(csd.kind).toBe('CSD');
    const sello = csd.sign('||4.0|ñ||');
    const cert = new crypto.X509Certificate(testCsd().cer);
    expect(crypto.verify('sha256', Buffer.from('||4.0|ñ||', 'utf8'), cert.publicKey, Buffer.from(sello, 'base64'))).toBe(true);
  });

  it('never shows the private key or the password when logged or serialized', () => {
    const input = { ...testCsd(), now: inRange };
    const csd = loadCsd(input);
    const shown = JSON.stringify(csd) + String(JSON.stringify({ csd })) + inspect(csd, { depth: 5 });
    expect(shown).toContain('30001000000500003416');
    expect(shown).not.toContain(input.password);
    expect(shown).not.toMatch(/PRIVATE KEY|privateKey/);
  });

  it('refuses an e.firma (FIEL) instead of a CSD', () => {
    const err = refusal(() => loadCsd({ ...fakeFiel(), now: inRange }));
    expect(err.code).toBe('NO_ES_CSD');
    expect(err.field).toBe('cer');
    expect(err.message).toBe('El certificado es de e.firma (FIEL), no un Certificado de Sello Digital (CSD). La e.firma no sirve para sellar facturas: sube el .cer del CSD que el SAT emitió para facturar.');
  });

  it("refuses a certificate whose RFC is not the company's", () => {
    const err = refusal(() => loadCsd({ ...testCsd(), companyRfc: 'URE180429TM6', now: inRange }));
    expect(err.code).toBe('RFC_DISTINTO');
    expect(err.message).toBe('El certificado es del RFC EKU9003173C9, no del RFC de la empresa (URE180429TM6).');
  });

  it('refuses a certificate out of its validity dates, both sides', () => {
    const late = refusal(() => loadCsd({ ...testCsd(), now: new Date('2027-05-19T00:00:00Z') }));
    expect(late.code).toBe('FUERA_DE_VIGENCIA');
    expect(late.message).toBe('El certificado ya venció: es válido del 2023-05-18 al 2027-05-18.');
    const early = refusal(() => loadCsd({ ...testCsd(), now: new Date('2023-01-01T00:00:00Z') }));
    expect(early.message).toBe('El certificado aún no entra en vigor: es válido del 2023-05-18 al 2027-05-18.');
  });

  it('refuses a key that does not match the certificate', () => {
    const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    const otherKey = privateKey.export({ format: 'der', type: 'pkcs8', cipher: 'aes-256-cbc', passphrase: '12345678a' });
    const err = refusal(() => loadCsd({ ...testCsd(), key: otherKey, now: inRange }));
    expect(err.code).toBe('LLAVE_NO_CORRESPONDE');
    expect(err.field).toBe('key');
    expect(err.message).toBe('La llave privada (.key) no corresponde al certificado (.cer): sube la llave del mismo CSD.');
  });

  it('refuses a wrong password', () => {
    const err = refusal(() => loadCsd({ ...testCsd(), password: '12345678b', now: inRange }));
    expect(err.code).toBe('CONTRASENA_INCORRECTA');
    expect(err.field).toBe('password');
    expect(err.message).toBe('La contraseña de la llave privada (.key) es incorrecta.');
  });

  it('refuses files that are not a certificate or a key', () => {
    expect(refusal(() => loadCsd({ ...testCsd(), cer: Buffer.from('hola'), now: inRange })).code).toBe('CER_INVALIDO');
    const key = refusal(() => loadCsd({ ...testCsd(), key: Buffer.from('hola'), now: inRange }));
    expect(['LLAVE_INVALIDA', 'CONTRASENA_INCORRECTA']).toContain(key.code);
  });
});

describe('encryption at rest (AES-256-GCM, ERP_CSD_KEY)', () => {
  const env = { ERP_CSD_KEY: crypto.randomBytes(32).toString('base64') };

  it('round-trips the .key, bound to its context', () => {
    const key = testCsd().key;
    const stored = encryptAtRest(key, 'csd-key:empresa-1', env);
    expect(stored.startsWith('v1.')).toBe(true);
    expect(stored).not.toContain(key.toString('base64').slice(0, 40));
    expect(decryptAtRest(stored, 'csd-key:empresa-1', env).equals(key)).toBe(true);
    expect(() => decryptAtRest(stored, 'csd-key:empresa-2', env)).toThrow(/No se pudo descifrar/);
    expect(() => decryptAtRest(stored, 'csd-key:empresa-1', { ERP_CSD_KEY: crypto.randomBytes(32).toString('hex') })).toThrow(/no es la clave con que se guardó/);
  });

  it('refuses to work without a 32-byte ERP_CSD_KEY, in Spanish', () => {
    expect(() => encryptAtRest('x', 'c', {})).toThrow('Falta la variable de entorno ERP_CSD_KEY (32 bytes en base64) para cifrar la llave del CSD.');
    expect(() => encryptAtRest('x', 'c', { ERP_CSD_KEY: 'corta' })).toThrow(/debe ser de 32 bytes/);
  });
});
