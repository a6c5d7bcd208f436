// One vs two server processes on one PostgreSQL database (issue 8): the
// users list at 20 connections against one process, then 10 + 10 against
// two; server CPU per request read from /proc; and how long a permission
// change saved through process A takes to reach a rulesChanged subscriber
// connected to process B (LISTEN/NOTIFY), over several rounds.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { track } from './cleanup';
import { runLoad, summarise, type LoadResult, type LoadSample } from './load';
import { createBenchDatabase, dropBenchDatabase } from './postgres';
import { BENCH_ADMIN_EMAIL, BENCH_PASSWORD, benchGql, login, percentile, type ServerProcess, startServerProcess } from './server-process';

const USERS_QUERY = '{ users(list:{page:1,pageSize:50, search: null, sortBy:"name"}){ total items{ id email name role{ name } active lastSignInAt } } }';
const SET = 'mutation($id:ID!,$v:Int!,$g:[RoleGrantInput!]!){ roleSetPermissions(id:$id,version:$v,grants:$g){ version } }';

export type ProcessesResult = {
  one: LoadResult;
  two: LoadResult;
  propagation: { rounds: number; p50Ms: number; p95Ms: number; maxMs: number };
};

/** User + system CPU a process has used so far, in ms (Linux /proc/<pid>/stat, clock ticks of 10 ms). */
function processCpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // After "pid (comm) ": state is field 0, utime 11, stime 12.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function loadWithCpu(server: ServerProcess, token: string, connections: number, durationSec: number): Promise<LoadSample> {
  const before = processCpuMs(server.pid);
  const sample = await runLoad({ url: server.url, token, query: USERS_QUERY, connections, durationSec, warmupSec: 0 });
  return { ...sample, serverCpuMs: processCpuMs(server.pid) - before };
}

export async function benchProcesses(opts: { durationSec: number; warmupSec: number; rounds: number; step: (text: string) => void }): Promise<ProcessesResult> {
  const db = await createBenchDatabase('procesos');
  const untrackDb = track(`la base de datos ${db.name}`, () => dropBenchDatabase(db.name));
  const dirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'erp-bench-procs-')));
  const servers: ServerProcess[] = [];
  try {
    opts.step('Procesos: dos servidores sobre una base PostgreSQL vacía');
    servers.push(...(await Promise.all(dirs.map((dataDir) => startServerProcess({ dataDir, databaseUrl: db.url, timeoutMs: 180_000 })))));
    const [a, b] = servers;
    const token = await login(a.url, BENCH_ADMIN_EMAIL, BENCH_PASSWORD);

    if (opts.warmupSec > 0) await Promise.all([a, b].map((s) => runLoad({ url: s.url, token, query: USERS_QUERY, connections: 10, durationSec: opts.warmupSec, warmupSec: 0 })));
    opts.step(`Procesos: lista de usuarios, 20 conexiones a un proceso, ${opts.durationSec} s`);
    const one = summarise([await loadWithCpu(a, token, 20, opts.durationSec)]);
    opts.step(`Procesos: lista de usuarios, 10 + 10 conexiones a dos procesos, ${opts.durationSec} s`);
    const [sa, sb] = await Promise.all([loadWithCpu(a, token, 10, opts.durationSec), loadWithCpu(b, token, 10, opts.durationSec)]);
    // Both ran over the same seconds: one sample of 20 connections with both servers' CPU.
    const two = summarise([{ connections: 20, durationSec: opts.durationSec, latenciesMs: [...sa.latenciesMs, ...sb.latenciesMs], failed: sa.failed + sb.failed, serverCpuMs: (sa.serverCpuMs ?? 0) + (sb.serverCpuMs ?? 0) }]);

    opts.step(`Procesos: cambio de permisos en A → suscriptor de rulesChanged en B, ${opts.rounds} rondas`);
    const cashier = await login(b.url, 'caja@demo.mx', BENCH_PASSWORD);
    const { roleOptions: roles } = await benchGql<{ roleOptions: { id: string; name: string }[] }>(a.url, token, '{ roleOptions { id name } }');
    const roleId = roles.find((r) => r.name === 'Cajero')!.id;
    const { permissionCatalog: catalog } = await benchGql<{ permissionCatalog: { key: string; submodules: { id: string; key: string }[] }[] }>(a.url, token, '{ permissionCatalog { key submodules { id key } } }');
    const usersScreen = catalog.find((m) => m.key === 'settings')!.submodules.find((x) => x.key === 'users')!;
    const client = createClient({ url: `${b.url.replace('http', 'ws')}/api/graphql`, webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${cashier}` } });
    let heard: (() => void) | null = null;
    const unsubscribe = client.subscribe({ query: 'subscription { rulesChanged { module } }' }, { next: () => heard?.(), error: () => undefined, complete: () => undefined });
    await new Promise((r) => setTimeout(r, 500));
    const delays: number[] = [];
    try {
      for (let round = 0; round < opts.rounds; round += 1) {
        const { role } = await benchGql<{ role: { version: number; grants: { submoduleId: string; permission: string }[] } }>(a.url, token, 'query($id:ID!){ role(id:$id){ version grants{ submoduleId permission } } }', { id: roleId });
        const withUsers = role.grants.some((g) => g.submoduleId === usersScreen.id);
        const grants = withUsers ? role.grants.filter((g) => g.submoduleId !== usersScreen.id) : [...role.grants, { submoduleId: usersScreen.id, permission: 'ver' }];
        const arrived = new Promise<number>((resolve) => (heard = () => resolve(performance.now())));
        const sent = performance.now();
        await benchGql(a.url, token, SET, { id: roleId, v: role.version, g: grants });
        delays.push((await arrived) - sent);
      }
    } finally {
      unsubscribe();
      await client.dispose();
    }
    delays.sort((x, y) => x - y);
    return { one, two, propagation: { rounds: delays.length, p50Ms: percentile(delays, 50), p95Ms: percentile(delays, 95), maxMs: delays[delays.length - 1] } };
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    await dropBenchDatabase(db.name).catch(() => undefined);
    untrackDb();
  }
}
