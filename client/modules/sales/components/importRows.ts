// Spreadsheet rows → client import rows: the header row is matched to the
// fields by name (accents, case and punctuation ignored), so a sheet exported
// from another system imports as long as its titles are the usual Spanish ones.
import type { ClientImportRow } from '../../../../generated/modules/sales/graphql';
import { toImportRows as sharedToImportRows } from '../../../components/ImportDialog';

/** Header texts (accents and case ignored) → import field. */
export const CLIENT_IMPORT_HEADERS: Readonly<Record<string, keyof ClientImportRow>> = {
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

export const CLIENT_IMPORT_REQUIRED: readonly (keyof ClientImportRow)[] = ['rfc', 'name'];

/** Rows of the first sheet as import rows, or null when the header lacks RFC and Razón social. */
export const toImportRows = (grid: string[][]): ClientImportRow[] | null => sharedToImportRows(grid, CLIENT_IMPORT_HEADERS, CLIENT_IMPORT_REQUIRED);
