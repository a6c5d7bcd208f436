// Start-up behaviour of `npm start`'s server: first-start credentials, the
// PGlite folder lock, production introspection. Always on PGlite (the lock
// and the first-start seed are about the embedded database).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { productionServerEnv, SERVER_ARGS } from '../serverProcess';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-startup-'));
const running: ReturnType<typeof spawn>[] = [];

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, SERVER_ARGS, {
    cwd: root,
    env: productionServerEnv({ PORT: '0', HOST: '127.0.0.1', DATABASE_URL: '', ERP_DATA_DIR: dataDir, ERP_ADMIN_PASSWORD: '', LOG_LEVEL: 'error', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let output = '';
  const ready = new Promise<{ url: string | null; output: string; code: number | null }>((resolve) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /ERP listo en (http:\/\/\S+)/.exec(output);
      if (m) setTimeout(() => resolve({ url: m[1].replace('localhost', '127.0.0.1'), output, code: null }), 100);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => resolve({ url: null, output, code }));
  });
  const stop = () =>
    new Promise<number | null>((resolve) => {
      if (child.exitCode !== null) return resolve(child.exitCode);
      child.once('exit', (code) => resolve(code));
      child.kill('SIGTERM');
    });
  return { ready, stop };
}

afterAll(() => {
  for (const c of running) if (c.exitCode === null) c.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('first start, lock and shutdown', () => {
  let firstPassword = '';

  // A first start migrates and seeds the demo company: on a busy 2-core machine that alone can pass a minute.
  it('generates and prints the admin password once on the first start, and it signs in', { timeout: 240_000 }, async () => {
    const first = start({});
    const { url, output } = await first.ready;
    expect(url).not.toBeNull();
    const m = /Contraseña generada \(se muestra UNA sola vez\): (\S+)/.exec(output);
    expect(m).not.toBeNull();
    firstPassword = m![1];
    expect(firstPassword).toHaveLength(16);
    expect(output).toContain('Administrador: admin@demo.mx');

    // A second process on the same folder is refused with a clear message and a non-zero exit.
    const second = start({});
    const refused = await second.ready;
    expect(refused.url).toBeNull();
    expect(refused.code).toBe(2);
    expect(refused.output).toContain('ya está en uso por otro proceso del servidor');

    const res = await fetch(`${url}/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'mutation($p:String!){ login(email:"admin@demo.mx", password:$p){ user { email } } }', variables: { p: firstPassword } }),
    });
    expect(((await res.json()) as { data: { login: { user: { email: string } } } }).data.login.user.email).toBe('admin@demo.mx');

    // SIGTERM shuts down gracefully (exit 0) and releases the folder.
    expect(await first.stop()).toBe(0);
    expect(fs.existsSync(path.join(dataDir, '.erp.lock'))).toBe(false);
  });

  it('does not print a password again on later starts; production hides introspection', async () => {
    const again = start({});
    const { url, output } = await again.ready;
    expect(url).not.toBeNull();
    expect(output).not.toContain(firstPassword);
    expect(output).toContain('Contraseña: la generada en el primer arranque');
    const res = await fetch(`${url}/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __schema { queryType { name } } }' }),
    });
    const body = (await res.json()) as { errors?: { message: string }[] };
    expect(body.errors?.[0].message).toBe('La introspección del esquema está desactivada en producción.');
    expect(JSON.stringify(body)).not.toMatch(/stacktrace|node_modules/);
    // Integrators still get the SDL (descriptions and abilities), once signed in.
    expect((await fetch(`${url}/api/schema.graphql`)).status).toBe(401);
    const login = await fetch(`${url}/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'mutation($e:String!,$p:String!){ login(email:$e,password:$p){ token } }', variables: { e: 'admin@demo.mx', p: firstPassword } }),
    });
    const token = ((await login.json()) as { data: { login: { token: string } } }).data.login.token;
    const sdl = await fetch(`${url}/api/schema.graphql`, { headers: { authorization: `Bearer ${token}` } });
    expect(sdl.status).toBe(200);
    const text = await sdl.text();
    expect(text).toContain('type Attachment {');
    expect(text).toContain('expenseFileAttach(expenseId: ID!, fileId: ID!): Attachment! @can(action: "editar", subject: "Compras-Gastos")');
    expect(await again.stop()).toBe(0);
  });
});
