// Tablero: decides from the user's abilities which indicators to compute; a
// figure the user may not see is never queried (null in the answer). The
// indicators are the ones the modules declare in the registry
// (`contributions.indicators`, server/lib/contributions.ts): each is one
// expression of a single prepared statement, one round trip per request
// whatever the number of cards. A card group (`Dashboard.<group>`) whose
// figures are all hidden is null.
import type { RequestContext } from '../../context';
import { todayMx } from '../../../schema/dates';
import { contributions } from '../index';
import * as data from './data';

const db = (ctx: RequestContext) => ctx.app.database.db;

/** The column of a figure in the Tablero's statement. */
const column = (i: { group: string; name: string }) => `${i.group}.${i.name}`;

/** `today` and one field per card group, named as the modules declare them (`Dashboard.<group>` in the SDL). */
export async function dashboard(ctx: RequestContext): Promise<{ today: string }> {
  const ability = ctx.auth?.ability;
  const today = todayMx();
  const all = contributions().indicators;
  const may = all.map((i) => (ability ? ability.can(i.ability[0], i.ability[1]) : false));
  const allowed = all.flatMap((i, n) => (may[n] ? [{ ...i, indicator: i.indicator(today) }] : []));
  // The combination's key: one bit per indicator in the registry's order.
  const key = may.reduce((bits, yes, n) => (yes ? bits | (1n << BigInt(n)) : bits), 0n).toString(36);
  const row = await data.readIndicators(db(ctx), key, allowed.map((i) => [column(i), i.indicator.sql]));

  const groups: Record<string, Record<string, unknown> | null> = {};
  for (const i of all) groups[i.group] ??= null;
  for (const i of allowed) {
    const value = column(i) in row ? i.indicator.read(row[column(i)]) : null;
    if (value === null) continue;
    groups[i.group] ??= Object.fromEntries(all.filter((f) => f.group === i.group).map((f) => [f.name, null]));
    groups[i.group]![i.name] = value;
  }
  return { today, ...groups };
}
