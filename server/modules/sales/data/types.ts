// Ventas data layer: shapes every feature file shares (client reference, page) and the statuses.
// The statuses are defined once, with their lifecycles, in schema/sales/labels.ts.
import type { ContractStatus, GeneratorStatus, IncomeStatus, InvoiceStatus, OrderStatus, QuoteStatus } from '../../../../schema/sales/labels';
export type { ContractStatus, GeneratorStatus, IncomeStatus, InvoiceStatus, OrderStatus, QuoteStatus };

export type Ref = { id: number; name: string; rfc: string };
export type Page<T> = { items: T[]; total: number };
