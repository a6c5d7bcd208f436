// CFDI dates are local wall time without a zone (Fecha, FechaTimbrado); this library reads and
// writes them as Mexico City time (centro del país, UTC−6 all year since 2022).
const ZONE = 'America/Mexico_City';

const parts = (at: Date): Record<string, string> =>
  Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );

/** "2026-01-31T10:20:30": the instant in Mexico City wall time, as CFDI writes it. */
export function cfdiLocalTime(at: Date): string {
  const p = parts(at);
  return `${p.year}-${p.month}-${p.day}T${p.hour === '24' ? '00' : p.hour}:${p.minute}:${p.second}`;
}

/** The instant a CFDI wall-time string means in Mexico City, or null if it is not one. */
export function instantOfCfdiTime(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/.test(value)) return null;
  const asUtc = Date.parse(`${value}Z`);
  if (Number.isNaN(asUtc)) return null;
  // The zone's offset at about that time: format the UTC guess in the zone and compare.
  const shown = Date.parse(`${cfdiLocalTime(new Date(asUtc))}Z`);
  return new Date(asUtc - (shown - asUtc));
}
