// Spreadsheet rows → client import rows: the header row is matched to the
// fields by name (accents, case and punctuation ignored), so a sheet exported
// from another system imports as long as its titles are the usual Spanish ones.
import type { ClientImportRow } from '../../../../generated/graphql';

/** Header texts (accents and case ignored) → import field. */
const HEADERS: Record<string, keyof ClientImportRow> = {
  rfc: 'rfc',
  'razon social': 'name',
  nombre: 'name',
  'regimen fiscal': 'regimenFiscal',
  regimen: 'regimenFiscal',
  'codigo postal': 'postalCode',
  cp: 'postalCode',
  'uso cfdi': 'usoCfdi',
  domicilio: 'address',
  direccion: 'address',
  ciudad: 'city',
  estado: 'state',
  correo: 'email',
  telefono: 'phone',
  'dias de credito': 'creditDays',
  'limite de credito': 'creditLimit',
  contacto: 'contactName',
  'correo contacto': 'contactEmail',
  'telefono contacto': 'contactPhone',
};

const fold = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9 ]+/g, ' ').replace(/\s+/g, ' ').trim();

/** Rows of the first sheet as import rows, or null when the header lacks RFC and Razón social. */
export function toImportRows(grid: string[][]): ClientImportRow[] | null {
  const [header, ...body] = grid;
  if (!header) return null;
  const fields = header.map((h) => HEADERS[fold(h)] ?? null);
  if (!fields.includes('rfc') || !fields.includes('name')) return null;
  return body.map((cells) => {
    const row: ClientImportRow = {};
    fields.forEach((field, i) => {
      if (field) row[field] = (cells[i] ?? '').trim();
    });
    return row;
  });
}

