// The company's own fiscal data (the CFDI emisor and the header of every
// printed document). Stored in the one-row `company_profile` table (Ventas
// edits it); any module may read it to print documents with pdf.ts.
import { eq } from 'drizzle-orm';
import { rfcKind } from '../../schema/validators';
import type { Executor } from '../db/database';
import { catalogName, REGIMENES_FISCALES, type PersonType } from '../../schema/sat';
import { companyProfile } from '../db/tables';

export type CompanyProfile = {
  rfc: string;
  name: string;
  regimenFiscal: string;
  regimenName: string;
  /** CP of the fiscal address: the CFDI LugarExpedicion. */
  postalCode: string;
  address: string;
  phone: string;
  email: string;
  invoiceSeries: string[];
  defaultSeries: string;
  personType: PersonType;
  /** IMSS registro patronal and its c_RiesgoPuesto class, for the CFDI de nómina; '' when not captured. */
  registroPatronal: string;
  riesgoPuesto: string;
  version: number;
};

/** What a fresh installation prints until an administrator captures the real data. */
export const DEFAULT_COMPANY = {
  rfc: 'EKU9003173C9',
  name: 'EMPRESA SIN CONFIGURAR',
  regimenFiscal: '601',
  postalCode: '00000',
  address: '',
  phone: '',
  email: '',
  invoiceSeries: ['A'],
  defaultSeries: 'A',
  version: 0,
} as const;

export const personTypeOf = (rfc: string): PersonType => (rfcKind(rfc) === 'fisica' ? 'fisica' : 'moral');

type Row = Omit<CompanyProfile, 'regimenName' | 'personType' | 'invoiceSeries' | 'registroPatronal' | 'riesgoPuesto'> & {
  invoiceSeries: readonly string[];
  registroPatronal?: string | null;
  riesgoPuesto?: string | null;
};

export const toCompanyProfile = (row: Row): CompanyProfile => ({
  ...row,
  registroPatronal: row.registroPatronal ?? '',
  riesgoPuesto: row.riesgoPuesto ?? '',
  invoiceSeries: [...row.invoiceSeries],
  regimenName: catalogName(REGIMENES_FISCALES, row.regimenFiscal),
  personType: personTypeOf(row.rfc),
});

export async function getCompanyProfile(ex: Executor): Promise<CompanyProfile> {
  const rows = await ex.select().from(companyProfile).where(eq(companyProfile.id, 1));
  return toCompanyProfile(rows[0] ?? DEFAULT_COMPANY);
}

/** The lines a document header prints under the company name. */
export function companyHeaderLines(c: CompanyProfile): string[] {
  return [
    `RFC: ${c.rfc}`,
    `Régimen fiscal: ${c.regimenFiscal} - ${c.regimenName}`,
    [c.address, c.postalCode ? `C.P. ${c.postalCode}` : ''].filter(Boolean).join(', '),
    [c.phone ? `Tel. ${c.phone}` : '', c.email].filter(Boolean).join(' · '),
  ].filter((l) => l.trim() !== '');
}
