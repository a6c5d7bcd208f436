// SAT's cancellation motives for a stamped CFDI (Anexo 20, since 2022), as the cancel dialog offers
// them and the server accepts them; 01 needs the stamped invoice that replaces the cancelled one.
export type CancelMotivo = '01' | '02' | '03' | '04';

export const SAT_CANCEL_MOTIVOS: readonly { value: CancelMotivo; label: string }[] = [
  { value: '01', label: '01 · Comprobante emitido con errores con relación (lo sustituye otra factura)' },
  { value: '02', label: '02 · Comprobante emitido con errores sin relación' },
  { value: '03', label: '03 · No se llevó a cabo la operación' },
  { value: '04', label: '04 · Operación nominativa relacionada en una factura global' },
];

export const SAT_CANCEL_STATUS_LABELS = {
  solicitada: 'Cancelación solicitada: el receptor debe aceptarla',
  cancelada: 'Cancelada ante el SAT',
  rechazada: 'El receptor rechazó la cancelación: sigue vigente',
} as const;
