// The module registry: add a module here and its resolvers join the schema.
import type { Resolvers } from '../graphql/types';
import { sessionResolvers } from './session/resolvers';
import { settingsResolvers } from './settings/resolvers';

export type ServerModule = { name: string; resolvers: Resolvers };

export const modules: ServerModule[] = [
  { name: 'session', resolvers: sessionResolvers },
  { name: 'settings', resolvers: settingsResolvers },
];
