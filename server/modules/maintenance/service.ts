// Mantenimiento rules. Other modules use Mantenimiento only through the
// functions exported here: Seguridad raises failure reports from an
// inspection's "no cumple" and reads their outcome back.
import type { Actor } from '../../db/audit';
import { writeAudit } from '../../db/audit';
import type { Executor } from '../../db/database';
import { nextFolio } from '../../db/folios';
import * as data from './data';

export const FAILURE_REPORT_FOLIO_KEY = 'mt-failure-report';
export const formatFailureReportFolio = (folio: number) => `REP-${String(folio).padStart(6, '0')}`;

export type FailureReportOrigin = {
  source: 'conductor' | 'seguridad' | 'otro';
  /** The originating record's id (an inspection's) and how people name it (its folio). */
  sourceId?: string | null;
  sourceReference?: string;
  vehicleId?: number | null;
  location?: string;
  title: string;
  description?: string;
  reporterEmployeeId?: number | null;
};

/**
 * Raises a failure report (status nuevo) in the caller's transaction, with a
 * gapless folio; it appears in Mantenimiento › Gestión de reportes. The caller
 * validates its own input (titles are trimmed and required here).
 */
export async function raiseFailureReport(tx: Executor, actor: Actor, input: FailureReportOrigin): Promise<{ id: number; folio: number }> {
  const folio = await nextFolio(tx, FAILURE_REPORT_FOLIO_KEY);
  const row: data.FailureReportInsert = {
    folio,
    source: input.source,
    sourceId: input.sourceId ?? null,
    sourceReference: input.sourceReference ?? '',
    vehicleId: input.vehicleId ?? null,
    location: (input.location ?? '').trim(),
    title: input.title.trim(),
    description: (input.description ?? '').trim(),
    reportedBy: actor.userId,
    reporterEmployeeId: input.reporterEmployeeId ?? null,
  };
  const id = await data.insertFailureReport(tx, row);
  await writeAudit(tx, actor, { entity: 'mt_failure_report', entityId: id, action: 'create', after: row });
  return { id, folio };
}

/** The reports raised from records of `source` (e.g. 'seguridad' + inspection ids), for the origin to show their outcome. */
export const failureReportsBySource = (ex: Executor, source: FailureReportOrigin['source'], sourceIds: (string | number)[]) =>
  data.failureReportsBySource(ex, source, sourceIds.map(String));

/** A page of the reports raised by one origin (Seguridad's «Reportes de Mantenimiento»), with their outcome. */
export const failureReportsOfSource = (
  ex: Executor,
  source: FailureReportOrigin['source'],
  q: { limit: number; offset: number; status?: string | null; search?: string | null },
) => data.failureReportsOfSource(ex, source, { limit: q.limit, offset: q.offset, status: q.status ?? null, search: q.search ?? null });
