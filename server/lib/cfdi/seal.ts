// Sealing (Anexo 20): NoCertificado and Certificado from the CSD, then the cadena original by
// SAT's XSLT (it includes NoCertificado, not Sello nor Certificado), then
// Sello = base64(RSA-SHA256(cadena)) with the CSD's private key.
import crypto from 'node:crypto';
import { CsdError, readCertificate, type CertificateInfo, type Csd } from './csd';
import { comprobanteAttribute, setComprobanteAttributes } from './xml';
import { cadenaOriginal } from './xslt';
import { validateCfdiXsd } from './xsd';

/** A CFDI that does not pass SAT's schemas: the Spanish message names the nodes and attributes. */
export class CfdiXsdError extends Error {
  constructor(readonly errors: string[]) {
    super(`El XML no cumple los esquemas del SAT (XSD): ${errors.slice(0, 5).join(' ')}`);
    this.name = 'CfdiXsdError';
  }
}

const local = (qname: string): string => qname.replace(/^\{[^}]*\}/, '');

/** libxml2's schema messages, in Spanish, naming the node and the attribute. */
export function describeXsdError(message: string): string {
  const text = message.replace(/^Schemas validity error\s*:\s*/, '').trim();
  let m = /^Element '([^']+)', attribute '([^']+)': \[facet '(\w+)'\] The value '([^']*)'/.exec(text);
  if (m) return `Nodo ${local(m[1])}, atributo ${m[2]}: el valor «${m[4]}» no cumple la restricción ${m[3]} del SAT.`;
  m = /^Element '([^']+)', attribute '([^']+)': '([^']*)' is not a valid value/.exec(text);
  if (m) return `Nodo ${local(m[1])}, atributo ${m[2]}: el valor «${m[3]}» no es válido.`;
  m = /^Element '([^']+)': The attribute '([^']+)' is required but missing/.exec(text);
  if (m) return `Nodo ${local(m[1])}: falta el atributo requerido ${m[2]}.`;
  m = /^Element '([^']+)', attribute '([^']+)': The attribute '[^']+' is not allowed/.exec(text);
  if (m) return `Nodo ${local(m[1])}: el atributo ${m[2]} no está permitido.`;
  m = /^Element '([^']+)': This element is not expected/.exec(text);
  if (m) return `Nodo ${local(m[1])}: no se esperaba en esa posición del comprobante.`;
  m = /^Element '([^']+)': Missing child element\(s\)\. Expected is (?:one of )?\( ?([^)]*)\)/.exec(text);
  if (m) return `Nodo ${local(m[1])}: falta el nodo hijo ${m[2].split(',').map((s) => local(s.trim())).join(' o ')}.`;
  m = /^Element '([^']+)': No matching global declaration/.exec(text);
  if (m) return `Nodo ${local(m[1])}: no es un CFDI 4.0 ni un complemento conocido.`;
  return text;
}

/** XSD check as a throwing step: every XML is validated before it leaves. */
export async function assertValidXsd(xml: string): Promise<void> {
  const result = await validateCfdiXsd(xml);
  if (!result.valid) throw new CfdiXsdError(result.errors.map(describeXsdError));
}

export type SealOptions = {
  /** Validate against SAT's XSDs after sealing (default true). */
  validate?: boolean;
};

/** Sets NoCertificado, Certificado and Sello on a CFDI 4.0 built without them. */
export async function sealCfdi(xml: string, csd: Csd, options: SealOptions = {}): Promise<string> {
  const prepared = setComprobanteAttributes(xml, { NoCertificado: csd.noCertificado, Certificado: csd.certificado, Sello: '' });
  const cadena = await cadenaOriginal(prepared);
  const sealed = setComprobanteAttributes(prepared, { Sello: csd.sign(cadena) });
  if (options.validate !== false) await assertValidXsd(sealed);
  return sealed;
}

export type SealCheck =
  | { valid: true; cadena: string; certificate: CertificateInfo }
  | { valid: false; reason: string; cadena?: string; certificate?: CertificateInfo };

/** Verifies the Sello of a CFDI with the certificate it carries (Certificado), as a PAC or a receiver does. */
export async function verifySeal(xml: string): Promise<SealCheck> {
  const sello = comprobanteAttribute(xml, 'Sello');
  const certificado = comprobanteAttribute(xml, 'Certificado');
  const noCertificado = comprobanteAttribute(xml, 'NoCertificado');
  if (!certificado) return { valid: false, reason: 'El comprobante no trae el atributo Certificado.' };
  let certificate: CertificateInfo;
  try {
    certificate = readCertificate(certificado);
  } catch (err) {
    return { valid: false, reason: `Atributo Certificado: ${err instanceof CsdError ? err.message : 'no es un certificado válido.'}` };
  }
  if (noCertificado !== certificate.noCertificado) {
    return { valid: false, certificate, reason: `El atributo NoCertificado (${noCertificado ?? 'vacío'}) no es el número del certificado incluido (${certificate.noCertificado}).` };
  }
  if (!sello || !/^[A-Za-z0-9+/]+={0,2}$/.test(sello)) return { valid: false, certificate, reason: 'El atributo Sello está vacío o no es base64.' };
  const cadena = await cadenaOriginal(xml);
  const ok = crypto.verify('sha256', Buffer.from(cadena, 'utf8'), certificate.x509.publicKey, Buffer.from(sello, 'base64'));
  return ok ? { valid: true, cadena, certificate } : { valid: false, cadena, certificate, reason: 'El atributo Sello no corresponde a la cadena original del comprobante firmada con el certificado incluido.' };
}
