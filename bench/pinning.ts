// CPU pinning for the sections that compare processes answering the same list
// (b: the server, its floor and PostGraphile; b': the two permission sides).
// Unpinned, at 1 connection, a server with and without its permission rules (a
// 27 ns check) came out 0.99-1.22x apart in CPU per answer from run to run, the
// slower side slower in every round: something about each process, not the
// rules. Pinned, every answering process runs on the last core and the load
// generator on the first (PostgreSQL where the kernel puts it): 0.91-0.99x over
// five runs. `--pin=off`, no `taskset` or a single core leave them unpinned.
import { execFileSync } from 'node:child_process';
import os from 'node:os';

let enabled = false;

/** Whether this machine can pin (taskset and at least two cores). */
export function canPin(): boolean {
  if (os.cpus().length < 2) return false;
  try {
    execFileSync('taskset', ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Turns pinning on or off for the processes started from now on. */
export function setPinning(on: boolean): void {
  enabled = on;
}

export const pinningOn = (): boolean => enabled;

/** The command and arguments that start `execPath args` on the answering core (or unpinned). */
export function answeringCommand(execPath: string, args: string[]): [string, string[]] {
  return enabled ? ['taskset', ['-c', String(os.cpus().length - 1), execPath, ...args]] : [execPath, args];
}

/** Moves a started load generator to the first core (nothing when pinning is off). */
export function pinLoadGenerator(pid: number | undefined): void {
  if (enabled && pid !== undefined) execFileSync('taskset', ['-p', '-c', '0', String(pid)], { stdio: 'ignore' });
}
