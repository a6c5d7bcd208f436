// Base data of every company: the fiscal figures shipped with the product
// (fiscal-tables/<year>.json, from MX_FISCAL.md). A year already stored is
// never touched, so an admin's own figures and closed payrolls stay as they are.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../../db/database';
import { fromRoot } from '../../../lib/paths';
import type { EmployerQuotaSet } from '../../../../schema/rh/employerQuotas';
import type { FiscalYearSet, PayPeriod } from '../../../../schema/rh/fiscal';
import { fiscalYearExists, insertFiscalYear } from './data';

const folder = fromRoot('server/modules/rh/fiscal-tables');

/** A shipped year; employerQuotas (the employer IMSS/INFONAVIT rates) is read from the file by the employer-cost calculator. */
type ShippedSet = FiscalYearSet & { derivedTariffs?: PayPeriod[]; employerQuotas?: EmployerQuotaSet };

export async function shippedFiscalYears(): Promise<ShippedSet[]> {
  const files = (await readdir(folder)).filter((f) => /^\d{4}\.json$/.test(f)).sort();
  return Promise.all(files.map(async (f) => JSON.parse(await readFile(path.join(folder, f), 'utf8')) as ShippedSet));
}

export async function seedFiscalTables(db: Db): Promise<void> {
  for (const set of await shippedFiscalYears()) {
    await db.transaction(async (tx) => {
      if (await fiscalYearExists(tx, set.year)) return;
      await insertFiscalYear(tx, set, { derivedTariffs: set.derivedTariffs ?? [], createdBy: null });
    });
  }
}
