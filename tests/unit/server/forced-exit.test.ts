// A stopping server exits by its deadline even when its main thread is stuck (issue 24).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

function run(script: string): Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }> {
  const started = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root, stdio: 'ignore' });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal, ms: Date.now() - started })));
}

describe('forceExitAfter', () => {
  it('exits with code 1 at the deadline when the process would otherwise stay alive', async () => {
    const r = await run(`import { forceExitAfter } from './server/lib/forcedExit.ts'; setInterval(() => {}, 1000); forceExitAfter(300, 5000);`);
    expect(r.code).toBe(1);
    expect(r.ms).toBeLessThan(5000);
  });

  it('kills the process from its watchdog thread when the main thread never yields', async () => {
    const r = await run(`import { forceExitAfter } from './server/lib/forcedExit.ts'; forceExitAfter(300, 300); setTimeout(() => { for (;;) {} }, 0);`);
    expect(r.signal).toBe('SIGKILL');
  });

  it('does not keep a process alive that has finished', async () => {
    const r = await run(`import { forceExitAfter } from './server/lib/forcedExit.ts'; forceExitAfter(60_000);`);
    expect(r.code).toBe(0);
    expect(r.ms).toBeLessThan(30_000);
  });
});
