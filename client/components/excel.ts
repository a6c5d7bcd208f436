// exceljs is large: it is only ever loaded through this dynamic import so it
// stays out of the entry chunk. Node exposes the CommonJS module as `default`
// only, the browser bundle may expose it either way.
type ExcelModule = typeof import('exceljs');

export async function loadExcel(): Promise<ExcelModule> {
  const mod: ExcelModule & { default?: ExcelModule } = await import('exceljs');
  return mod.default ?? mod;
}
