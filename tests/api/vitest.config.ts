import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// API suite: each file starts a real server process (PGlite or PostgreSQL, see harness.ts), except
// the files of a group (groups.json), which share one per group file.
/** Files that run inside a group (groups.json, groups.ts): a whole run runs them in their group-<n>.test.ts. */
const groups = JSON.parse(fs.readFileSync(new URL('./groups.json', import.meta.url), 'utf8')) as Record<string, string[]>;
const grouped = Object.values(groups).flat();
const args = process.argv.slice(2);
/** File filters on the command line (`vitest run --config … tests/api/cash.test.ts`): a named file runs alone. */
const filtered = args.some((a, i) => a !== 'run' && !a.startsWith('-') && !/^--(config|root|project|reporter|outputFile)$/.test(args[i - 1] ?? ''));

/**
 * Longest first, judged by the size of the test files a spec runs (a group file runs every file
 * of its group). Vitest's own order on a clean clone is by the spec's file size, which would leave
 * the group files (three lines each) for last: one worker busy with a long group while the other
 * has nothing left to run.
 */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const dir = path.dirname(new URL(import.meta.url).pathname);
    const weight = (spec: TestSpecification): number => {
      const group = /group-(\d+)\.test\.ts$/.exec(spec.moduleId)?.[1];
      const members = group ? (groups[group] ?? []) : [path.relative(dir, spec.moduleId)];
      return members.reduce((sum, file) => sum + (fs.statSync(path.join(dir, file), { throwIfNoEntry: false })?.size ?? 0), 0);
    };
    return [...files].sort((a, b) => weight(b) - weight(a));
  }
}

export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/api/**/*.test.ts'],
    exclude: [
      // startup.test.ts is about the embedded database (first start, folder lock): it runs in the PGlite pass only.
      // multiprocess.test.ts is about several servers on one PostgreSQL (PGlite is one process by design): PostgreSQL pass only.
      process.env.ERP_TEST_DB === 'postgres' ? 'tests/api/startup.test.ts' : 'tests/api/multiprocess.test.ts',
      // A whole run runs the grouped files inside their group-<n>.test.ts.
      ...(filtered ? [] : grouped.map((f) => `tests/api/${f}`)),
    ],
    // One migrated and seeded database, copied for each server (template.ts).
    globalSetup: ['tests/api/template.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
    sequence: { sequencer: LongestFirst },
  },
});
