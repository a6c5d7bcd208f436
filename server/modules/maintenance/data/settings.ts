// Mantenimiento data layer: the due margins (km and days).
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/database';
import { DEFAULT_DUE_MARGIN } from '../../../../schema/maintenance/due';

export type SettingsRow = { marginKm: number; marginDays: number; version: number };

export async function readSettings(ex: Executor): Promise<SettingsRow> {
  const rows = await queryRows<SettingsRow>(ex, sql`select margin_km as "marginKm", margin_days as "marginDays", version from mt_settings where id = 1`);
  return rows[0] ?? { marginKm: DEFAULT_DUE_MARGIN.km, marginDays: DEFAULT_DUE_MARGIN.days, version: 0 };
}

/** Upserts the one settings row when `version` is current (0: never saved). */
export async function saveSettings(ex: Executor, version: number, v: { marginKm: number; marginDays: number }): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    ex,
    version === 0
      ? sql`insert into mt_settings (id, margin_km, margin_days) values (1, ${v.marginKm}, ${v.marginDays}) on conflict (id) do nothing returning id`
      : sql`update mt_settings set margin_km = ${v.marginKm}, margin_days = ${v.marginDays}, version = version + 1 where id = 1 and version = ${version} returning id`,
  );
  return rows.length === 1;
}
