// The activity list (Tablero) reads the audit log to a person: every entity
// and action the services write must have its Spanish name, and every entity
// a folio or name to show (or be listed as having none). The entities and
// actions are read from the writeAudit calls in server/, so a new one fails
// here until it is named.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '../../../client/app/texts';
import { CONTRACT_LIFECYCLE, ORDER_LIFECYCLE, QUOTE_LIFECYCLE } from '../../../schema/sales/labels';
import { auditReference, auditReferences, historySubjectsOf, UNREFERENCED_ENTITIES } from '../../../server/modules/session/auditReferences';
import { MODULE_CATALOG } from '../../../schema/catalog';

const SERVER = path.resolve(__dirname, '../../../server');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') ? [full] : [];
  });
}

/** The text of every `writeAudit(...)` call (balanced parentheses). */
function auditCalls(source: string): string[] {
  const calls: string[] = [];
  for (let at = source.indexOf('writeAudit('); at >= 0; at = source.indexOf('writeAudit(', at + 1)) {
    let depth = 0;
    let end = at + 'writeAudit'.length;
    do {
      if (source[end] === '(') depth += 1;
      if (source[end] === ')') depth -= 1;
      end += 1;
    } while (depth > 0 && end < source.length);
    calls.push(source.slice(at, end));
  }
  return calls;
}

const calls = sourceFiles(SERVER)
  .filter((f) => !f.endsWith(path.join('db', 'audit.ts')))
  .flatMap((f) => auditCalls(fs.readFileSync(f, 'utf8')));
const literals = (key: string) => new Set(calls.flatMap((c) => [...c.matchAll(new RegExp(`${key}: ([^,}]*)`, 'g'))].flatMap((m) => [...m[1].matchAll(/'([a-z_]+)'/g)].map((l) => l[1]))));

const entities = literals('entity');
// Ventas records a lifecycle move under the status it reaches (`action: to`); sign-ins pass their action to openSession.
const sessionActions = new Set(
  [...fs.readFileSync(path.join(SERVER, 'modules/session/service.ts'), 'utf8').matchAll(/openSession\([^)]*'([a-z_]+)'\)/g)].map((m) => m[1]),
);
const reached = [QUOTE_LIFECYCLE, CONTRACT_LIFECYCLE, ORDER_LIFECYCLE].flatMap((lc) => Object.values(lc.transitions).flat() as string[]);
const actions = new Set([...literals('action'), ...reached, ...sessionActions]);

describe('audit log in Spanish', () => {
  it('finds the writeAudit calls it checks', () => {
    expect(calls.length).toBeGreaterThan(80);
    expect(entities).toContain('invoice');
    expect(actions).toContain('login');
    expect(actions).toContain('enviada');
  });

  it('names every audited entity and action', () => {
    expect([...entities].filter((e) => !AUDIT_ENTITIES[e])).toEqual([]);
    expect([...actions].filter((a) => !AUDIT_ACTIONS[a])).toEqual([]);
  });

  it('knows how to show every audited entity by folio or name, or says it has none', () => {
    const none: readonly string[] = UNREFERENCED_ENTITIES;
    expect([...entities].filter((e) => !auditReferences()[e] && !none.includes(e))).toEqual([]);
  });

  it('guards the Historial of every audited entity with the ability of a screen that exists', () => {
    // A note or a saved view belongs to the record or screen it was left on: no Historial of its own.
    const none: readonly string[] = [...UNREFERENCED_ENTITIES, 'record_note', 'saved_view'];
    expect([...entities].filter((e) => !historySubjectsOf(e).length && !none.includes(e))).toEqual([]);
    const subjects = new Set(MODULE_CATALOG.flatMap((m) => m.submodules.map((s) => `${m.name}-${s.name}`)));
    const guarded = Object.keys(auditReferences()).map((e) => [e, historySubjectsOf(e)] as const);
    expect(guarded.flatMap(([, screens]) => screens.filter((subject) => !subjects.has(subject)))).toEqual([]);
    expect(guarded.filter(([, screens]) => !screens.length).map(([e]) => e)).toEqual(['record_note', 'saved_view']);
    // A payroll's Historial is shown by both of its screens.
    expect(historySubjectsOf('rh_payroll')).toEqual(['Recursos Humanos-Nóminas', 'Recursos Humanos-Nóminas Fiscales']);
  });

  it('labels records as their screens show them', () => {
    expect(auditReference('quote', { folio: 12, name: 'HOSPITAL GENERAL' })).toBe('COT-00012 · HOSPITAL GENERAL');
    expect(auditReference('invoice', { serie: 'A', folio: 7, name: 'CLIENTE' })).toBe('A-7 · CLIENTE');
    expect(auditReference('invoice', { serie: 'A', folio: null, name: 'CLIENTE' })).toBe('Borrador · CLIENTE');
    expect(auditReference('requisition', { folio: 3, name: 'Obra' })).toBe('REQ-000003 · Obra');
    expect(auditReference('cash_period', { folio: 2, name: 'Caja general' })).toBe('Caja general · Período 2');
    expect(auditReference('stock_movement', { serie: 'ENT', folio: 5 })).toBe('ENT-000005');
    expect(auditReference('session', null)).toBeNull();
    expect(auditReference('quote', null)).toBeNull(); // deleted since
  });
});
