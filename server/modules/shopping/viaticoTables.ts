// Viáticos tables (issue 28), apart from ./tables because they point at Ventas'
// contracts and service orders and RH's employees (Ventas' tables already
// import Compras' accounts). Job cost sums «viáticos comprobados» per contract
// or service order from here: viaticos.contract_id / service_order_id and the
// comprobantes' subtotal (net of IVA) in viatico_proofs.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { uploads, users } from '../../db/tables';
import { rhAgreements, rhEmployees } from '../rh/tables';
import { contracts, serviceOrders } from '../sales/tables';
import { companyAccounts } from './tables';

const amount = (name: string) => numeric(name, { precision: 18, scale: 2 });

/** An advance to an employee for a contract and/or service order, paid from a company account or caja. */
export const viaticos = pgTable(
  'viaticos',
  {
    id: serial('id').primaryKey(),
    folio: integer('folio').notNull(),
    employeeId: integer('employee_id').notNull().references(() => rhEmployees.id),
    contractId: integer('contract_id').references(() => contracts.id),
    serviceOrderId: integer('service_order_id').references(() => serviceOrders.id),
    accountId: integer('account_id').notNull().references(() => companyAccounts.id),
    date: date('date').notNull(),
    purpose: text('purpose').notNull(),
    amount: amount('amount').notNull(),
    /** Sum of the comprobantes' totals (cache written with them, under the advance's row lock). */
    comprobado: amount('comprobado').notNull().default('0'),
    status: text('status').notNull().default('borrador'),
    paymentEntryId: bigint('payment_entry_id', { mode: 'number' }),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    settlement: text('settlement'),
    settlementAmount: amount('settlement_amount'),
    settlementEntryId: bigint('settlement_entry_id', { mode: 'number' }),
    settlementAccountId: integer('settlement_account_id').references(() => companyAccounts.id),
    /** Descuento en nómina: the convenio RH deducts in the next ordinary payroll, and the employee's signed consent. */
    agreementId: integer('agreement_id').references(() => rhAgreements.id),
    consent: boolean('consent').notNull().default(false),
    consentUploadId: uuid('consent_upload_id').references(() => uploads.id),
    closedOn: date('closed_on'),
    cancelReason: text('cancel_reason'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('viaticos_folio_uq').on(t.folio),
    index('viaticos_contract_idx').on(t.contractId),
    index('viaticos_service_order_idx').on(t.serviceOrderId),
    index('viaticos_employee_idx').on(t.employeeId),
    check('viaticos_status_ck', sql`${t.status} in ('borrador', 'pagado', 'comprobado_parcial', 'comprobado', 'cerrado', 'cancelado')`),
    check('viaticos_amount_ck', sql`${t.amount} > 0 and ${t.comprobado} >= 0`),
    check('viaticos_settlement_ck', sql`${t.settlement} is null or ${t.settlement} in ('reintegro', 'descuento_nomina', 'reembolso', 'exacto')`),
    check('viaticos_paid_ck', sql`${t.status} in ('borrador', 'cancelado') or ${t.paymentEntryId} is not null`),
  ],
);

/** A comprobante: a supplier CFDI (read and seal-checked) or a receipt without CFDI, «no deducible». */
export const viaticoProofs = pgTable(
  'viatico_proofs',
  {
    id: serial('id').primaryKey(),
    viaticoId: integer('viatico_id').notNull().references(() => viaticos.id),
    kind: text('kind').notNull(),
    date: date('date').notNull(),
    concept: text('concept').notNull(),
    emisorRfc: text('emisor_rfc'),
    emisorName: text('emisor_name'),
    cfdiUuid: text('cfdi_uuid'),
    cfdiUploadId: uuid('cfdi_upload_id').references(() => uploads.id),
    /** Net of IVA (the CFDI's subtotal less its discount; the whole receipt when no deducible): what job cost adds. */
    subtotal: amount('subtotal').notNull(),
    iva: amount('iva').notNull().default('0'),
    total: amount('total').notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('viatico_proofs_viatico_idx').on(t.viaticoId),
    uniqueIndex('viatico_proofs_cfdi_uq').on(sql`upper(${t.cfdiUuid})`).where(sql`${t.cfdiUuid} is not null`),
    check('viatico_proofs_kind_ck', sql`${t.kind} in ('cfdi', 'no_deducible')`),
    check('viatico_proofs_cfdi_ck', sql`(${t.kind} = 'cfdi') = (${t.cfdiUuid} is not null)`),
    check('viatico_proofs_amounts_ck', sql`${t.total} > 0 and ${t.subtotal} >= 0 and ${t.iva} >= 0`),
  ],
);

/** Compras settings: one row. */
export const shoppingSettings = pgTable(
  'shopping_settings',
  {
    id: integer('id').primaryKey().default(1),
    viaticoOverdueDays: integer('viatico_overdue_days').notNull().default(5),
    version: integer('version').notNull().default(1),
  },
  (t) => [check('shopping_settings_one_ck', sql`${t.id} = 1`), check('shopping_settings_days_ck', sql`${t.viaticoOverdueDays} between 1 and 365`)],
);
