// Every document lifecycle, found rather than listed: each action may take
// exactly the edges it owns and the server refuses it, with a Spanish
// CONFLICT, on every other (from, to) pair. A lifecycle added under schema/
// is walked here without anyone adding it; one defined elsewhere fails the
// first test. Issue 25 item 0: «Emitir» took pagada_parcial → emitida (an
// edge meant for a cancelled payment) and re-issued a paid invoice.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { canAct, canTransition, isLifecycle, type Lifecycle } from '../../../schema/lifecycle';
import { assertAction } from '../../../server/lib/lifecycle';
import { GraphQLError } from 'graphql';
import { INVOICE_LIFECYCLE } from '../../../schema/sales/labels';
import { EXPENSE_LIFECYCLE } from '../../../schema/shopping/lifecycles';

const ROOT = path.resolve(__dirname, '../../..');
const modules = import.meta.glob('../../../schema/**/*.ts', { eager: true }) as Record<string, Record<string, unknown>>;

const lifecycles: { name: string; lc: Lifecycle<string, string> }[] = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([, value]) => isLifecycle(value))
    .map(([name, value]) => ({ name: `${path.basename(path.dirname(file))}/${name}`, lc: value as Lifecycle<string, string> })),
);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'generated' ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(e.name) ? [full] : [];
  });
}

const statusesOf = (lc: Lifecycle<string, string>) => Object.keys(lc.labels);
const owns = (lc: Lifecycle<string, string>, action: string, from: string, to: string) => (lc.actions[action].edges[from] ?? []).includes(to);

/** The refusal the server sends, or null when the move goes ahead. */
function attempt(lc: Lifecycle<string, string>, action: string, from: string, to: string): { code: string; message: string } | null {
  try {
    assertAction(lc, action, from, to);
    return null;
  } catch (e) {
    expect(e).toBeInstanceOf(GraphQLError);
    return { code: String((e as GraphQLError).extensions.code), message: (e as GraphQLError).message };
  }
}

describe('document lifecycles: every one is found', () => {
  it('finds the lifecycles of every module that has one', () => {
    const names = lifecycles.map((l) => l.name);
    for (const expected of ['sales/INVOICE_LIFECYCLE', 'sales/INCOME_LIFECYCLE', 'sales/QUOTE_LIFECYCLE', 'sales/GENERATOR_LIFECYCLE', 'sales/CREDIT_NOTE_LIFECYCLE', 'warehouse/REQUISITION_LIFECYCLE', 'warehouse/PDM_LIFECYCLE', 'warehouse/COUNT_LIFECYCLE', 'maintenance/ORDER_LIFECYCLE', 'shopping/EXPENSE_LIFECYCLE', 'shopping/PAYMENT_REQUEST_LIFECYCLE']) {
      expect(names).toContain(expected);
    }
  });

  it('no lifecycle is defined outside schema/ (where this test finds them) and none declares transitions apart from its actions', () => {
    const offenders = [...sourceFiles(path.join(ROOT, 'server')), ...sourceFiles(path.join(ROOT, 'client'))]
      .filter((f) => /\bdefineLifecycle\s*\(|\btransitions\s*:\s*\{/.test(fs.readFileSync(f, 'utf8')))
      .map((f) => path.relative(ROOT, f));
    expect(offenders).toEqual([]);
    const schemaOffenders = sourceFiles(path.join(ROOT, 'schema'))
      .filter((f) => !f.endsWith(path.join('schema', 'lifecycle.ts')) && /\btransitions\s*:\s*\{/.test(fs.readFileSync(f, 'utf8')))
      .map((f) => path.relative(ROOT, f));
    expect(schemaOffenders).toEqual([]);
  });

  it('services name the action they perform: the bare (from, to) check is gone', () => {
    const bare = sourceFiles(path.join(ROOT, 'server'))
      .filter((f) => /\bassertTransition\s*\(/.test(fs.readFileSync(f, 'utf8')))
      .map((f) => path.relative(ROOT, f));
    expect(bare).toEqual([]);
  });
});

describe.each(lifecycles)('$name', ({ lc }) => {
  const statuses = statusesOf(lc);
  const actions = Object.keys(lc.actions);

  it('labels every status in Spanish and every action owns at least one edge between declared statuses', () => {
    expect(statuses.length).toBeGreaterThan(1);
    for (const s of statuses) expect(lc.labels[s]).toMatch(/^[A-ZÁÉÍÓÚÑ][a-záéíóúñü ]+( [A-Za-záéíóúñü]+)*$/);
    expect(actions.length).toBeGreaterThan(0);
    for (const a of actions) {
      expect(lc.actions[a].label.trim()).not.toBe('');
      const edges = Object.entries(lc.actions[a].edges).flatMap(([from, tos]) => (tos ?? []).map((to) => [from, to]));
      expect(edges.length, `${a} owns no edge`).toBeGreaterThan(0);
      for (const [from, to] of edges) {
        expect(statuses).toContain(from);
        expect(statuses).toContain(to);
      }
    }
  });

  it('its transitions are exactly the union of its actions\' edges', () => {
    for (const from of statuses) {
      for (const to of statuses) {
        const byAnyAction = actions.some((a) => owns(lc, a, from, to));
        expect(canTransition(lc, from, to), `${from} → ${to}`).toBe(byAnyAction);
      }
    }
  });

  it('each action takes exactly its own edges and is refused, CONFLICT in Spanish, on every other (from, to) pair', () => {
    let taken = 0;
    let refused = 0;
    for (const action of actions) {
      for (const from of statuses) {
        // What the SPA asks before offering the button.
        expect(canAct(lc, action, from), `${action} from ${from}`).toBe((lc.actions[action].edges[from] ?? []).length > 0);
        for (const to of statuses) {
          const refusal = attempt(lc, action, from, to);
          if (owns(lc, action, from, to)) {
            expect(refusal, `${action}: ${from} → ${to} is its own edge`).toBeNull();
            expect(canAct(lc, action, from, to)).toBe(true);
            taken++;
          } else {
            expect(refusal, `${action}: ${from} → ${to} is not its edge`).toEqual({ code: 'CONFLICT', message: `No se puede pasar de "${lc.labels[from]}" a "${lc.labels[to]}".` });
            expect(canAct(lc, action, from, to)).toBe(false);
            refused++;
          }
        }
      }
    }
    expect(taken + refused).toBe(actions.length * statuses.length ** 2);
    expect(taken).toBeGreaterThan(0);
  });
});

describe('the edges issue 25 was about', () => {
  it('«Emitir» owns borrador → emitida alone; a paid or partly paid invoice cannot be issued again', () => {
    expect(INVOICE_LIFECYCLE.actions.emitir.edges).toEqual({ borrador: ['emitida'] });
    for (const from of ['emitida', 'pagada_parcial', 'pagada', 'cancelada'] as const) {
      expect(canAct(INVOICE_LIFECYCLE, 'emitir', from)).toBe(false);
      expect(attempt(INVOICE_LIFECYCLE, 'emitir', from, 'emitida')?.code).toBe('CONFLICT');
    }
    expect(attempt(INVOICE_LIFECYCLE, 'emitir', 'pagada_parcial', 'emitida')?.message).toBe('No se puede pasar de "Pagada parcial" a "Emitida".');
  });

  it('the balance goes back to emitida only through a cancelled payment or credit note, and payments and credit notes only lower it', () => {
    const owners = (lc: Lifecycle<string, string>, from: string, to: string) => Object.keys(lc.actions).filter((a) => owns(lc, a, from, to));
    // A credit note lowers the balance too, and its cancellation gives it back (issue 26).
    expect(owners(INVOICE_LIFECYCLE, 'pagada_parcial', 'emitida')).toEqual(['devolverSaldo', 'desacreditar']);
    expect(owners(INVOICE_LIFECYCLE, 'pagada', 'emitida')).toEqual(['devolverSaldo', 'desacreditar']);
    expect(owners(INVOICE_LIFECYCLE, 'emitida', 'pagada')).toEqual(['cobrar', 'acreditar']);
    expect(owners(INVOICE_LIFECYCLE, 'emitida', 'cancelada')).toEqual(['cancelar']);
    expect(owners(INVOICE_LIFECYCLE, 'pagada_parcial', 'cancelada')).toEqual([]);
    expect(owners(EXPENSE_LIFECYCLE, 'pagado', 'pendiente')).toEqual(['devolverSaldo']);
  });
});
