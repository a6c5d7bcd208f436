// "Vencido" and "por vencer" written once, so a list filter and the Tablero
// card that opens it count the same documents: overdue = due before today,
// due soon = due from today to DUE_SOON_DAYS days later (Mexico's calendar).
import { sql, type SQL } from 'drizzle-orm';
import { DUE_SOON_DAYS } from '../../schema/dates';

export const overdueOn = (dueDate: SQL, today: string): SQL => sql`${dueDate} < ${today}::date`;

export const dueSoonFrom = (dueDate: SQL, today: string): SQL => sql`${dueDate} between ${today}::date and ${today}::date + ${DUE_SOON_DAYS}::int`;
