// A count sheet uploaded to Inventario: SKU and counted-quantity columns.
import type { InventoryCountEntryInput } from '../../../../generated/modules/warehouse/graphql';

export const fold = (text: string) => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').trim().toLowerCase();

/** SKU and counted-quantity columns of an uploaded count sheet. */
export function countSheetEntries(rows: string[][]): InventoryCountEntryInput[] | null {
  const header = (rows[0] ?? []).map(fold);
  const sku = header.findIndex((h) => h === 'sku' || h === 'clave');
  const qty = header.findIndex((h) => h.startsWith('cantidad') || h === 'contado' || h === 'conteo');
  if (sku < 0 || qty < 0) return null;
  return rows.slice(1).filter((r) => (r[sku] ?? '').trim()).map((r) => ({ sku: (r[sku] ?? '').trim(), countedQuantity: (r[qty] ?? '').trim() }));
}
