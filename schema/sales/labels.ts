// Ventas lifecycles (legal transitions and Spanish labels) and folio formats.
// Pure data: the services enforce the transitions (server/lib/lifecycle.ts)
// and the SPA offers only the buttons that are legal now, from the same map.

type Lifecycle<S extends string> = { labels: Record<S, string>; transitions: Record<S, readonly S[]> };

export type QuoteStatus = 'borrador' | 'enviada' | 'aceptada' | 'rechazada' | 'vencida';
export type ContractStatus = 'vigente' | 'terminado' | 'cancelado';
export type OrderStatus = 'abierta' | 'en_proceso' | 'terminada' | 'entregada';
export type GeneratorStatus = 'borrador' | 'autorizado' | 'facturado';
export type InvoiceStatus = 'borrador' | 'emitida' | 'pagada_parcial' | 'pagada' | 'cancelada';
export type IncomeStatus = 'aplicado' | 'cancelado';

export const QUOTE_LIFECYCLE: Lifecycle<QuoteStatus> = {
  labels: { borrador: 'Borrador', enviada: 'Enviada', aceptada: 'Aceptada', rechazada: 'Rechazada', vencida: 'Vencida' },
  transitions: { borrador: ['enviada'], enviada: ['aceptada', 'rechazada', 'vencida'], aceptada: [], rechazada: [], vencida: [] },
};

export const CONTRACT_LIFECYCLE: Lifecycle<ContractStatus> = {
  labels: { vigente: 'Vigente', terminado: 'Terminado', cancelado: 'Cancelado' },
  transitions: { vigente: ['terminado', 'cancelado'], terminado: [], cancelado: [] },
};

export const ORDER_LIFECYCLE: Lifecycle<OrderStatus> = {
  labels: { abierta: 'Abierta', en_proceso: 'En proceso', terminada: 'Terminada', entregada: 'Entregada' },
  transitions: { abierta: ['en_proceso'], en_proceso: ['terminada'], terminada: ['entregada'], entregada: [] },
};

export const GENERATOR_LIFECYCLE: Lifecycle<GeneratorStatus> = {
  labels: { borrador: 'Borrador', autorizado: 'Autorizado', facturado: 'Facturado' },
  // An invoice cancelled after emission gives its generadores back.
  transitions: { borrador: ['autorizado'], autorizado: ['facturado'], facturado: ['autorizado'] },
};

export const INVOICE_LIFECYCLE: Lifecycle<InvoiceStatus> = {
  labels: { borrador: 'Borrador', emitida: 'Emitida', pagada_parcial: 'Pagada parcial', pagada: 'Pagada', cancelada: 'Cancelada' },
  transitions: {
    borrador: ['emitida', 'cancelada'],
    emitida: ['pagada_parcial', 'pagada', 'cancelada'],
    // A cancelled payment gives the balance back.
    pagada_parcial: ['pagada', 'emitida'],
    pagada: ['pagada_parcial', 'emitida'],
    cancelada: [],
  },
};

export const INCOME_LIFECYCLE: Lifecycle<IncomeStatus> = {
  labels: { aplicado: 'Aplicado', cancelado: 'Cancelado' },
  transitions: { aplicado: ['cancelado'], cancelado: [] },
};

export const canMove = <S extends string>(lc: Lifecycle<S>, from: S, to: S): boolean => lc.transitions[from]?.includes(to) ?? false;

export type FolioKind = 'quote' | 'contract' | 'order' | 'generator' | 'payment' | 'otherIncome';

const PREFIX: Record<FolioKind, string> = { quote: 'COT', contract: 'CTO', order: 'OS', generator: 'GEN', payment: 'PAG', otherIncome: 'ING' };

/** "COT-00012": how people quote a document number. */
export const folioLabel = (kind: FolioKind, folio: number | null | undefined): string =>
  folio === null || folio === undefined ? '' : `${PREFIX[kind]}-${String(folio).padStart(5, '0')}`;

export const invoiceLabel = (serie: string, folio: number | null | undefined): string => (folio ? `${serie}-${folio}` : 'Borrador');
