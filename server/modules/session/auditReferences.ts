// How a person recognises an audited record in an activity list ("COT-00012
// · HOSPITAL GENERAL" instead of the id the audit log keeps), and which
// screen's `ver` guards its Historial. Each module declares both for the
// entities it audits (`auditReferences` of its registry entry, see
// server/lib/contributions.ts); this file reads them from the registry. A
// unit test checks every entity the services audit has one, or is listed
// here as having none.
import { contributions } from '../index';
import type { AuditReference } from '../../lib/contributions';
import { labelOf, type ReferenceParts } from '../../lib/references';

/** Every module's audited entities (read at call time: the registry imports this module while it loads). */
export const auditReferences = (): Readonly<Record<string, AuditReference>> => contributions().auditReferences;

/** Entities audited without a record a person would look up (a session id is half a credential; the demo load). */
export const UNREFERENCED_ENTITIES = ['session', 'company'] as const;

/** "COT-00012 · HOSPITAL GENERAL", or null when the record has nothing to show or no longer exists. */
export const auditReference = (entity: string, parts: ReferenceParts | null): string | null => labelOf(auditReferences()[entity]?.label, parts);

/** The ability subject whose `ver` reads the record's Historial, or undefined when the entity has none (a note belongs to the record it was left on). */
/** The screens whose `ver` shows the entity's Historial (any of them does); none when it has no Historial. */
export const historySubjectsOf = (entity: string): readonly string[] => {
  const subject = auditReferences()[entity]?.historySubject;
  return subject === undefined ? [] : typeof subject === 'string' ? [subject] : subject;
};
