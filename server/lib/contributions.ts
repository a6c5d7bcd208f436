// What a module contributes to the platform's screens, declared in its
// registry entry (server/modules/index.ts) the way an Odoo manifest declares
// a module's menus and reports: Tablero indicators, Ctrl+K search sources,
// and how its audited records are shown and whose screen guards their
// Historial. The platform modules (dashboard, search, session) read these
// declarations from the registry and never import a business module, so a
// new module is one registry entry plus its own folders.
import type { RequestContext } from '../context';
import type { Executor } from '../db/database';
import type { Indicator } from './indicators';
import type { Label, PartsOf } from './references';

/** An ability as the rules check it: `ability.can(action, subject)`. */
export type Ability = readonly [action: string, subject: string];

/**
 * One figure of a Tablero card, answered as `Dashboard.<group>.<name>`. It is
 * computed only for users with `ability` (the one of the list the card links
 * to), as one expression of the Tablero's single prepared statement; a group
 * whose figures are all hidden is null.
 */
export type IndicatorContribution = {
  group: string;
  name: string;
  ability: Ability;
  indicator: (today: string) => Indicator<unknown>;
};

export type QuickSearchHit = { entity: string; id: string; label: string; description: string };

/**
 * A kind of record Ctrl+K finds, through its module's own list (the same
 * search rule as its screen), only for users with `ver` on `subject`. Kinds
 * are answered by `sequence`, lowest first.
 */
export type SearchSource = {
  entity: string;
  subject: string;
  sequence: number;
  find: (ctx: RequestContext, search: string, limit: number) => Promise<QuickSearchHit[]>;
};

/**
 * An audited entity as people see it: `parts` reads the record's folio and/or
 * name (SQL from the module's data layer), `label` writes them, and
 * `historySubject` is the screen whose `ver` guards the record's Historial,
 * or the screens any of which does (a payroll is shown by Nóminas and by
 * Nóminas Fiscales); none: the entity has no Historial of its own, e.g. a note.
 */
export type AuditReference = { parts: PartsOf; label: Label; historySubject?: string | readonly string[] };

/** The employee being dado de baja, as a module needs them to let go of what they held. */
export type EmployeeLeaving = { id: number; number: string; fullName: string; date: string; reason: string };

/**
 * What a module lets go of when an employee is dado de baja (e.g. Parque
 * Vehicular frees the vehicles they drove). Runs inside the baja's
 * transaction, with the employee row locked, and writes its own audit entries
 * on its records; answers what it released (e.g. `{ releasedVehicles: 'ECO-01, ECO-07' }`)
 * for the employee's own audit entry.
 */
export type EmployeeRelease = (tx: Executor, ctx: RequestContext, employee: EmployeeLeaving) => Promise<Record<string, string>>;

export type ModuleContributions = {
  indicators?: readonly IndicatorContribution[];
  searchSources?: readonly SearchSource[];
  auditReferences?: Readonly<Record<string, AuditReference>>;
  employeeReleases?: readonly EmployeeRelease[];
};

/** The first page of a module's list, searched as its screen searches: what a search source's `find` asks. */
export const searchPage = (search: string, limit: number) => ({ search, pageSize: limit, page: 1 });
