// Global set-up of the API suite: one server migrates and seeds a database
// once, and every server of the run starts from a copy of it (harness.ts),
// instead of each test file paying for a first start. The compiled server
// (dist/server, what `npm start` runs) is brought up to date first.
import type { TestProject } from 'vitest/node';
import { buildServer, createServerTemplate } from './harness';

export async function setup(project: TestProject) {
  buildServer();
  const { template, drop } = await createServerTemplate();
  project.provide('erpServerTemplate', template);
  return drop;
}
