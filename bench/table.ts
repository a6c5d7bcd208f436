// Plain-text tables and number formats for the bench output.
export const ms = (value: number): string => (value >= 10_000 ? `${(value / 1000).toFixed(1)} s` : `${value.toFixed(value < 10 ? 2 : 1)} ms`);
export const mib = (value: number): string => `${Math.round(value)} MiB`;
export const kB = (bytes: number): string => `${(bytes / 1000).toFixed(1)} kB`;
export const rps = (value: number): string => value.toFixed(0);
export const ratio = (value: number): string => value.toFixed(2);

/** Columns padded to their widest cell; numbers (cells starting with a digit) right-aligned. */
export function formatTable(headers: string[], rows: string[][]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const numeric = headers.map((_, i) => rows.length > 0 && rows.every((r) => (r[i] ?? '') === '' || /^[\d.]/.test(r[i])));
  const line = (cells: string[]) =>
    '  ' + cells.map((c, i) => (numeric[i] ? (c ?? '').padStart(widths[i]) : (c ?? '').padEnd(widths[i]))).join('  ').trimEnd();
  return [line(headers), '  ' + widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}
