// The company accounts ledger (Compras › Cuentas), shared with Ventas.
//
// An account's balance is never typed in: it is the sum of its entries. Every
// deposit (+) or withdrawal (−) goes through postAccountEntry, inside the
// caller's own transaction, so a document (supplier payment, client payment,
// other income) and its money movement commit or roll back together.
//
// Concurrency: the account row is locked (SELECT … FOR UPDATE) before the
// balance is read, so parallel postings queue on the row and the balance
// check is exact on PostgreSQL; on PGlite transactions are serialised anyway.
// Callers that also lock their own documents must lock those FIRST and the
// account LAST (documents by id, then the account), so two modules never
// take the same rows in opposite orders.
//
// This signature is a contract with other modules: keep it stable.
import type { Actor } from '../../db/audit';
import { writeAudit } from '../../db/audit';
import type { Executor } from '../../db/database';
import { badInput, notFound } from '../../lib/errors';
import { isIsoDate, todayMx } from '../../../schema/dates';
import { dec, decimalPlaces, formatMxn, money } from '../../../schema/money';
import * as data from './data';
import { ACCOUNT_ENTRY_KINDS } from './tables';

export type AccountEntryKind = (typeof ACCOUNT_ENTRY_KINDS)[number];

export type AccountEntryInput = {
  accountId: number;
  /** YYYY-MM-DD */
  date: string;
  kind: AccountEntryKind;
  /** Signed decimal string: + deposit, − withdrawal. Two decimals at most. */
  amount: string;
  reference: string;
  /** What produced the entry (e.g. 'supplier_payment', 'client_payment', 'other_income'). */
  sourceEntity?: string;
  sourceId?: string | number;
};

export type PostedEntry = { entryId: number; balanceAfter: string };

export const LEDGER_MSG = {
  noFunds: (available: string) => `La cuenta no tiene saldo suficiente (saldo disponible ${available}).`,
  accountMissing: 'La cuenta no existe.',
  accountInactive: 'La cuenta está inactiva; no admite movimientos.',
  badAmount: 'El importe debe ser distinto de cero y tener máximo 2 decimales.',
  badDate: 'Fecha no válida.',
  beforeOpening: 'La fecha es anterior a la apertura de la cuenta.',
  badKind: 'Tipo de movimiento no válido.',
  referenceTooLong: 'Máximo 200 caracteres.',
  alreadyReversed: 'El movimiento ya fue cancelado.',
  reversalOfReversal: 'Un movimiento de cancelación no se puede cancelar.',
  reasonRequired: 'Indica el motivo de la cancelación.',
} as const;

async function insertEntry(
  tx: Executor,
  actor: Actor,
  account: data.LedgerAccount,
  e: { date: string; kind: AccountEntryKind; amount: string; reference: string; sourceEntity: string | null; sourceId: string | null; reversalOf: number | null; reason: string | null },
): Promise<PostedEntry> {
  const balanceAfter = money(dec(account.balance).plus(e.amount));
  if (dec(balanceAfter).isNegative()) throw badInput({ accountId: LEDGER_MSG.noFunds(formatMxn(account.balance)) }, LEDGER_MSG.noFunds(formatMxn(account.balance)));
  const entryId = await data.insertAccountEntry(tx, { accountId: account.id, ...e, balanceAfter, createdBy: actor.userId });
  await data.setAccountBalance(tx, account.id, balanceAfter);
  await writeAudit(tx, actor, {
    entity: 'account_entry',
    entityId: entryId,
    action: e.reversalOf === null ? 'post' : 'reverse',
    after: { accountId: account.id, ...e, balanceAfter },
  });
  return { entryId, balanceAfter };
}

/**
 * Writes one ledger entry and moves the account's balance, inside `tx`.
 * Refuses (BAD_USER_INPUT, field `accountId`) an entry that would leave the
 * account below zero, an unknown/inactive account, a zero amount or a bad date.
 */
export async function postAccountEntry(tx: Executor, actor: Actor, entry: AccountEntryInput): Promise<PostedEntry> {
  const fields: Record<string, string> = {};
  let amount: string | null = null;
  try {
    const d = dec(entry.amount);
    if (!d.isFinite() || d.isZero() || decimalPlaces(d) > 2) fields.amount = LEDGER_MSG.badAmount;
    else amount = money(d);
  } catch {
    fields.amount = LEDGER_MSG.badAmount;
  }
  if (!isIsoDate(entry.date)) fields.date = LEDGER_MSG.badDate;
  if (!(ACCOUNT_ENTRY_KINDS as readonly string[]).includes(entry.kind)) fields.kind = LEDGER_MSG.badKind;
  if (entry.reference.length > 200) fields.reference = LEDGER_MSG.referenceTooLong;
  if (Object.keys(fields).length) throw badInput(fields);

  const account = await data.lockLedgerAccount(tx, entry.accountId);
  if (!account) throw badInput({ accountId: LEDGER_MSG.accountMissing });
  if (!account.active) throw badInput({ accountId: LEDGER_MSG.accountInactive });
  if (entry.date < account.opening_date) throw badInput({ date: LEDGER_MSG.beforeOpening });
  return insertEntry(tx, actor, account, {
    date: entry.date,
    kind: entry.kind,
    amount: amount as string,
    reference: entry.reference.trim(),
    sourceEntity: entry.sourceEntity ?? null,
    sourceId: entry.sourceId === undefined ? null : String(entry.sourceId),
    reversalOf: null,
    reason: null,
  });
}

/**
 * Cancels an entry by posting its opposite (same kind, dated today, linked
 * both ways) — entries are never deleted. Refuses a second reversal and a
 * reversal that would leave the account below zero (money already spent).
 * Works on inactive accounts too, so a document can always be cancelled.
 */
export async function reverseAccountEntry(tx: Executor, actor: Actor, entryId: number, reason: string): Promise<PostedEntry> {
  const why = reason.trim();
  if (!why) throw badInput({ reason: LEDGER_MSG.reasonRequired });
  const accountId = await data.entryAccountId(tx, entryId);
  if (accountId === null) throw notFound('El movimiento de cuenta');
  // Account first (the same lock every posting takes), then the entry itself.
  const account = await data.lockLedgerAccount(tx, accountId);
  if (!account) throw notFound('La cuenta');
  const original = await data.lockEntryForReversal(tx, entryId);
  if (original.reversed_by !== null) throw badInput({ entryId: LEDGER_MSG.alreadyReversed });
  if (original.reversal_of !== null) throw badInput({ entryId: LEDGER_MSG.reversalOfReversal });
  const today = todayMx();
  const posted = await insertEntry(tx, actor, account, {
    date: today < account.opening_date ? account.opening_date : today,
    kind: original.kind,
    amount: money(dec(original.amount).negated()),
    reference: `Cancelación: ${original.reference}`.slice(0, 200),
    sourceEntity: original.source_entity,
    sourceId: original.source_id,
    reversalOf: entryId,
    reason: why.slice(0, 500),
  });
  await data.setEntryReversedBy(tx, entryId, posted.entryId);
  return posted;
}
