// Reportes de Seguridad: the kinds and their titles (screen, XLSX and PDF).
export const SECURITY_REPORT_KINDS = ['cumplimiento', 'hallazgos', 'equipo', 'permisos'] as const;
export type SecurityReportKind = (typeof SECURITY_REPORT_KINDS)[number];
export const SECURITY_REPORT_TITLES: Record<SecurityReportKind, string> = {
  cumplimiento: 'Cumplimiento de inspecciones',
  hallazgos: 'Hallazgos abiertos',
  equipo: 'Equipo en poder de empleados',
  permisos: 'Permisos por tipo y estado',
};
