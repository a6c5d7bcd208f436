// Test files that share one server (the groups are in groups.json, which the API config reads too). A server start costs about 7 s of CPU (the module graph,
// PGlite, the schema) and a full run started one per file; on CI's two cores that was about half
// of the API passes. A group file (group-<n>.test.ts) runs its files in this order, each as a
// describe block, against one server started from the run's template: each file's
// `startServer()` answers that server and its `stop()` leaves it for the next one.
//
// A file joins a group only if it passes after the others of its group (it keeps its own data
// apart: its own clients, codes and periods, and counts only what it made). Groups mix modules,
// so two files rarely touch the same records. Run alone (`vitest run … tests/api/cash.test.ts`),
// a file starts its own server as before. Placement that matters: security.test and rh-payroll.test
// count the demo's own records and go first in their group.
import { afterAll, describe } from 'vitest';
import GROUPS from './groups.json';
import { shareOneServer } from './harness';

export function runGroup(n: number): void {
  shareOneServer(afterAll);
  for (const file of (GROUPS as Record<string, string[]>)[String(n)]) {
    const name = file.slice(0, -'.test.ts'.length);
    describe(file, async () => {
      await import(`./${name}.test.ts`);
    });
  }
}
