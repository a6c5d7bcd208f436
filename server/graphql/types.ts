export type { Resolvers } from '../../generated/server';
