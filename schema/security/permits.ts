// Permisos de trabajo: kinds, the fixed checklist each kind requires before
// it is authorised, the lifecycle and the overlap rule (a worker cannot
// hold two permits of the same kind whose validity windows overlap).
export const PERMIT_KINDS = ['altura', 'caliente', 'confinado', 'electrico'] as const;
export type PermitKind = (typeof PERMIT_KINDS)[number];
export const PERMIT_KIND_LABELS: Record<PermitKind, string> = {
  altura: 'Trabajo en altura',
  caliente: 'Trabajo en caliente',
  confinado: 'Espacio confinado',
  electrico: 'Trabajo eléctrico',
};

export const PERMIT_STATUSES = ['solicitado', 'autorizado', 'cerrado', 'cancelado'] as const;
export type PermitStatus = (typeof PERMIT_STATUSES)[number];
export const PERMIT_STATUS_LABELS: Record<PermitStatus, string> = { solicitado: 'Solicitado', autorizado: 'Autorizado', cerrado: 'Cerrado', cancelado: 'Cancelado' };

/** Statuses in which a permit holds its workers (they count for overlaps). */
export const ACTIVE_PERMIT_STATUSES: readonly PermitStatus[] = ['solicitado', 'autorizado'];

/** Hours before the end of its window that an authorised permit counts as "por vencer" on the Tablero. */
export const PERMIT_EXPIRING_HOURS = 24;

export const PERMIT_CHECKLISTS: Record<PermitKind, readonly { key: string; text: string }[]> = {
  altura: [
    { key: 'arnes', text: 'Arnés de cuerpo completo inspeccionado' },
    { key: 'linea_vida', text: 'Línea de vida y punto de anclaje certificados' },
    { key: 'andamio', text: 'Andamio o escalera revisados y nivelados' },
    { key: 'delimitacion', text: 'Área inferior delimitada y señalizada' },
    { key: 'capacitacion', text: 'Personal con capacitación NOM-009-STPS vigente' },
  ],
  caliente: [
    { key: 'extintor', text: 'Extintor cargado a menos de 10 m' },
    { key: 'combustibles', text: 'Materiales combustibles retirados o cubiertos' },
    { key: 'vigia', text: 'Vigía contra incendio asignado' },
    { key: 'atmosfera', text: 'Atmósfera libre de gases inflamables medida' },
    { key: 'epp', text: 'Careta, guantes y ropa ignífuga en uso' },
  ],
  confinado: [
    { key: 'atmosfera', text: 'Medición de O₂, LEL, CO y H₂S aceptable' },
    { key: 'ventilacion', text: 'Ventilación forzada instalada' },
    { key: 'vigia', text: 'Vigía en el acceso durante todo el trabajo' },
    { key: 'rescate', text: 'Equipo de rescate y comunicación disponibles' },
    { key: 'bloqueo', text: 'Energías y fluidos aislados (bloqueo)' },
  ],
  electrico: [
    { key: 'loto', text: 'Bloqueo y etiquetado (LOTO) aplicado' },
    { key: 'ausencia', text: 'Ausencia de tensión verificada' },
    { key: 'epp', text: 'EPP dieléctrico y guantes de la clase requerida' },
    { key: 'herramienta', text: 'Herramienta aislada revisada' },
    { key: 'delimitacion', text: 'Zona delimitada y personal autorizado' },
  ],
};

/** Checklist keys of a kind that are not checked (all must be checked to authorise). */
export const missingChecks = (kind: PermitKind, checked: readonly string[]) => PERMIT_CHECKLISTS[kind].filter((c) => !checked.includes(c.key));

export type Window = { from: Date | string; to: Date | string };
const ms = (v: Date | string) => (v instanceof Date ? v.getTime() : Date.parse(v));

/** Half-open windows [from, to): one ending exactly when the other starts does not overlap. */
export const windowsOverlap = (a: Window, b: Window) => ms(a.from) < ms(b.to) && ms(b.from) < ms(a.to);

/** A window is valid when it ends after it starts. */
export const windowValid = (w: Window) => Number.isFinite(ms(w.from)) && Number.isFinite(ms(w.to)) && ms(w.to) > ms(w.from);

/** The window ended (an expired permit cannot be authorised). */
export const windowExpired = (w: Window, now: Date) => ms(w.to) <= now.getTime();

export const formatPermitFolio = (folio: number) => `PT-${String(folio).padStart(5, '0')}`;
