// The module registry: add a module here and its resolvers join the schema.
import type { Db } from '../db/database';
import type { Resolvers } from '../graphql/types';
import { sessionResolvers } from './session/resolvers';
import { settingsResolvers } from './settings/resolvers';

export type ServerModule = {
  name: string;
  resolvers: Resolvers;
  /** Demo data for a new company; runs once, after roles and users exist, in module order. */
  seedDemo?: (db: Db, ctx: { adminUserId: number }) => Promise<void>;
};

export const modules: ServerModule[] = [
  { name: 'session', resolvers: sessionResolvers },
  { name: 'settings', resolvers: settingsResolvers },
];
