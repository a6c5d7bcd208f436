// Global set-up of the API suite: one server migrates and seeds a database
// once, and every server of the run starts from a copy of it (harness.ts),
// instead of each test file paying for a first start.
import type { TestProject } from 'vitest/node';
import { createServerTemplate } from './harness';

export async function setup(project: TestProject) {
  const { template, drop } = await createServerTemplate();
  project.provide('erpServerTemplate', template);
  return drop;
}
