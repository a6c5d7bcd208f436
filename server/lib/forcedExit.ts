// The forced exit of a stopping server. A timer on the main thread cannot fire
// while that thread is stuck in synchronous work (a long WASM call into PGlite,
// a runaway loop), and a stop that hung there kept a process alive with its
// port closed for minutes. So the deadline is kept twice: an ordinary timer
// exits with code 1 when the thread is free, and a watchdog on a thread of its
// own kills the process a little later whatever the main thread is doing.
import { Worker } from 'node:worker_threads';

/** After `ms`, exit(1); after `ms + graceMs`, SIGKILL from another thread. Neither keeps the process alive. */
export function forceExitAfter(ms: number, graceMs = 2_000): void {
  setTimeout(() => process.exit(1), ms).unref();
  const watchdog = new Worker(`setTimeout(() => process.kill(${process.pid}, 'SIGKILL'), ${ms + graceMs});`, { eval: true });
  watchdog.unref();
}
