// A service call made by the admin during a demo seed (the audit shows it as such): the seeds that go
// through their module's services, as a person would, build their request context here.
import type { Db } from '../db/database';
import type { RequestContext } from '../context';
import type { AppServices } from '../services';

/** `services` adds what the called service needs besides the database (e.g. config and logger). */
export function seedContext(db: Db, adminUserId: number, services: Partial<AppServices> = {}): RequestContext {
  const app = { database: { db }, ...services } as unknown as AppServices;
  return { requestId: 'seed', ip: '', app, auth: { id: adminUserId } as RequestContext['auth'] };
}
