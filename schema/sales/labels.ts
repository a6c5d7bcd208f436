// Ventas lifecycles (legal transitions and Spanish labels) and folio formats.
// Pure data: each action owns its edges (schema/lifecycle.ts); the services
// refuse what an action does not own (server/lib/lifecycle.ts) and the SPA
// offers an action only where it applies, from the same map.

import Decimal from 'decimal.js';
import { canTransition, defineLifecycle } from '../lifecycle';

export type QuoteStatus = 'borrador' | 'enviada' | 'aceptada' | 'rechazada' | 'vencida';
export type ContractStatus = 'vigente' | 'terminado' | 'cancelado';
export type OrderStatus = 'abierta' | 'en_proceso' | 'terminada' | 'entregada';
export type GeneratorStatus = 'borrador' | 'autorizado' | 'facturado';
export type InvoiceStatus = 'borrador' | 'emitida' | 'pagada_parcial' | 'pagada' | 'cancelada';
export type IncomeStatus = 'aplicado' | 'cancelado';
export type CreditNoteStatus = 'vigente' | 'cancelada' | 'rechazada';

export const QUOTE_LIFECYCLE = defineLifecycle({
  labels: { borrador: 'Borrador', enviada: 'Enviada', aceptada: 'Aceptada', rechazada: 'Rechazada', vencida: 'Vencida' } satisfies Record<QuoteStatus, string>,
  actions: {
    enviar: { label: 'Enviar', edges: { borrador: ['enviada'] } },
    aceptar: { label: 'Aceptar', edges: { enviada: ['aceptada'] } },
    rechazar: { label: 'Rechazar', edges: { enviada: ['rechazada'] } },
    // Nobody presses it: a sent quote reads as vencida once its validity has passed (effectiveQuoteStatus).
    vencer: { label: 'Vencer', edges: { enviada: ['vencida'] } },
  },
});

export const CONTRACT_LIFECYCLE = defineLifecycle({
  labels: { vigente: 'Vigente', terminado: 'Terminado', cancelado: 'Cancelado' } satisfies Record<ContractStatus, string>,
  actions: {
    terminar: { label: 'Terminar', edges: { vigente: ['terminado'] } },
    cancelar: { label: 'Cancelar', edges: { vigente: ['cancelado'] } },
  },
});

export const ORDER_LIFECYCLE = defineLifecycle({
  labels: { abierta: 'Abierta', en_proceso: 'En proceso', terminada: 'Terminada', entregada: 'Entregada' } satisfies Record<OrderStatus, string>,
  actions: {
    iniciar: { label: 'Iniciar', edges: { abierta: ['en_proceso'] } },
    terminar: { label: 'Terminar', edges: { en_proceso: ['terminada'] } },
    entregar: { label: 'Registrar entrega', edges: { terminada: ['entregada'] } },
  },
});

export const GENERATOR_LIFECYCLE = defineLifecycle({
  labels: { borrador: 'Borrador', autorizado: 'Autorizado', facturado: 'Facturado' } satisfies Record<GeneratorStatus, string>,
  actions: {
    autorizar: { label: 'Autorizar', edges: { borrador: ['autorizado'] } },
    // Emitting the invoice that carries it.
    facturar: { label: 'Facturar', edges: { autorizado: ['facturado'] } },
    // An invoice cancelled after emission gives its generadores back.
    liberar: { label: 'Liberar', edges: { facturado: ['autorizado'] } },
  },
});

export const INVOICE_LIFECYCLE = defineLifecycle({
  labels: { borrador: 'Borrador', emitida: 'Emitida', pagada_parcial: 'Pagada parcial', pagada: 'Pagada', cancelada: 'Cancelada' } satisfies Record<InvoiceStatus, string>,
  actions: {
    // Emission takes a folio once: from borrador alone.
    emitir: { label: 'Emitir', edges: { borrador: ['emitida'] } },
    cancelar: { label: 'Cancelar', edges: { borrador: ['cancelada'], emitida: ['cancelada'] } },
    // A client payment lowers the balance.
    cobrar: { label: 'Registrar cobro', edges: { emitida: ['pagada_parcial', 'pagada'], pagada_parcial: ['pagada_parcial', 'pagada'] } },
    // A cancelled payment gives the balance back (its own action, not emission's).
    devolverSaldo: { label: 'Cancelar cobro', edges: { pagada: ['pagada_parcial', 'emitida'], pagada_parcial: ['pagada_parcial', 'emitida'] } },
    // A credit note (CFDI tipo E) lowers the balance like a payment, without money coming in.
    acreditar: { label: 'Nota de crédito', edges: { emitida: ['pagada_parcial', 'pagada'], pagada_parcial: ['pagada_parcial', 'pagada'] } },
    // A cancelled (or PAC-refused) credit note gives its amount back.
    desacreditar: { label: 'Cancelar nota de crédito', edges: { pagada: ['pagada_parcial', 'emitida'], pagada_parcial: ['pagada_parcial', 'emitida'] } },
  },
});

/** An emitted invoice's status for its balance: paid in full, untouched, or partly paid / credited. */
export const statusForBalance = (balance: string, total: string): InvoiceStatus =>
  new Decimal(balance).isZero() ? 'pagada' : new Decimal(balance).eq(total) ? 'emitida' : 'pagada_parcial';

/** Notas de crédito: issued and stamped at once; a PAC refusal or a cancellation gives the balance back. */
export const CREDIT_NOTE_LIFECYCLE = defineLifecycle({
  labels: { vigente: 'Vigente', cancelada: 'Cancelada', rechazada: 'Rechazada por el PAC' } satisfies Record<CreditNoteStatus, string>,
  actions: {
    cancelar: { label: 'Cancelar', edges: { vigente: ['cancelada'] } },
    rechazar: { label: 'Rechazada por el PAC', edges: { vigente: ['rechazada'] } },
  },
});

/** Client payments and other income. */
export const INCOME_LIFECYCLE = defineLifecycle({
  labels: { aplicado: 'Aplicado', cancelado: 'Cancelado' } satisfies Record<IncomeStatus, string>,
  actions: { cancelar: { label: 'Cancelar', edges: { aplicado: ['cancelado'] } } },
});

/** Whether some action may move the document from `from` to `to`. */
export const canMove = canTransition;

export type FolioKind = 'quote' | 'contract' | 'order' | 'generator' | 'payment' | 'otherIncome';

const PREFIX: Record<FolioKind, string> = { quote: 'COT', contract: 'CTO', order: 'OS', generator: 'GEN', payment: 'PAG', otherIncome: 'ING' };

/** "COT-00012": how people quote a document number. */
export const folioLabel = (kind: FolioKind, folio: number | null | undefined): string =>
  folio === null || folio === undefined ? '' : `${PREFIX[kind]}-${String(folio).padStart(5, '0')}`;

export const invoiceLabel = (serie: string, folio: number | null | undefined): string => (folio ? `${serie}-${folio}` : 'Borrador');
