import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, PASSWORD, startServer, type TestServer } from './harness';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => s?.stop());

const LOGIN = 'mutation($e:String!,$p:String!){ login(email:$e,password:$p){ token user{ id email name forcedPasswordReset role{ id name } } rules{ module submodules{ id name permitions{ name } } } } }';

describe('login', () => {
  it('returns a token, the user and the rules payload of SPEC §1', async () => {
    const r = await s.gql(LOGIN, { e: ADMIN_EMAIL, p: PASSWORD });
    expect(r.errors).toBeUndefined();
    const login = r.data!.login;
    expect(login.token.split('.')).toHaveLength(3);
    expect(login.user).toMatchObject({ email: ADMIN_EMAIL, forcedPasswordReset: false, role: { name: 'Administrador' } });
    const settings = login.rules.find((m: { module: string }) => m.module === 'Configuración');
    expect(settings.submodules.map((x: { name: string }) => x.name)).toEqual(['Usuarios', 'Módulos', 'Roles', 'Cuentas de servicio', 'Empresa']);
    expect(settings.submodules[0].permitions.map((p: { name: string }) => p.name).sort()).toEqual(['crear', 'editar', 'eliminar', 'exportar', 'ver']);
    expect(login.rules).toHaveLength(9);
  });

  it('answers a wrong password and an unknown e-mail with the same Spanish message', async () => {
    const wrong = await s.gql(LOGIN, { e: 'consulta@demo.mx', p: 'incorrecta-123' });
    const unknown = await s.gql(LOGIN, { e: 'nadie@demo.mx', p: 'incorrecta-123' });
    expect(wrong.errors![0].message).toBe('Correo o contraseña incorrectos.');
    expect(unknown.errors![0].message).toBe('Correo o contraseña incorrectos.');
    expect(wrong.errors![0].extensions!.code).toBe('UNAUTHENTICATED');
    expect(unknown.errors![0].extensions!.code).toBe('UNAUTHENTICATED');
  });

  it('throttles an account after 5 failures, even with the right password', async () => {
    for (let i = 0; i < 5; i++) await s.gql(LOGIN, { e: 'caja@demo.mx', p: `mala-${i}-xxxx` });
    const r = await s.gql(LOGIN, { e: 'caja@demo.mx', p: PASSWORD });
    expect(r.errors![0].message).toBe('Demasiados intentos. Espera unos minutos e inténtalo de nuevo.');
    expect(r.data).toBeNull();
  });

  it('gives a Spanish field message for an empty e-mail', async () => {
    const r = await s.gql(LOGIN, { e: '', p: 'x' });
    expect(r.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { email: 'El correo es obligatorio.' } });
  });

  it('records the sign-in in the audit log and the last sign-in date', async () => {
    const token = await s.login('seguridad@demo.mx');
    const mine = await s.gql('{ myAuditEntries(limit: 5){ entity action userName } }', {}, token);
    expect(mine.data!.myAuditEntries[0]).toMatchObject({ entity: 'session', action: 'login', userName: 'Demo Seguridad' });
    const admin = await s.login(ADMIN_EMAIL);
    const users = await s.gql('{ users(list:{search:"seguridad@demo.mx"}){ items{ lastSignInAt } } }', {}, admin);
    expect(Date.now() - Date.parse(users.data!.users.items[0].lastSignInAt)).toBeLessThan(60_000);
  });
});

describe('session tokens', () => {
  it('me and myRules answer for a valid token, UNAUTHENTICATED without one', async () => {
    const token = await s.login('ventas@demo.mx');
    const me = await s.gql('{ me { email role { name } } myRules { module } }', {}, token);
    expect(me.data!.me).toEqual({ email: 'ventas@demo.mx', role: { name: 'Vendedor' } });
    expect(me.data!.myRules).toEqual([{ module: 'Ventas' }]);
    const anon = await s.gql('{ myRules { module } }');
    expect(anon.errors![0].extensions!.code).toBe('UNAUTHENTICATED');
    expect(anon.errors![0].message).toBe('Inicia sesión para continuar.');
  });

  it('logout revokes the token', async () => {
    const token = await s.login('compras@demo.mx');
    expect((await s.gql('mutation{ logout }', {}, token)).data!.logout).toBe(true);
    const after = await s.gql('{ me { email } }', {}, token);
    expect(after.errors![0].extensions!.code).toBe('UNAUTHENTICATED');
  });

  it('a forged or tampered token is refused', async () => {
    const token = await s.login('rh@demo.mx');
    const [h, p] = token.split('.');
    const r = await s.gql('{ me { email } }', {}, `${h}.${p}.invalidsignature`);
    expect(r.errors![0].extensions!.code).toBe('UNAUTHENTICATED');
  });

  it('changePassword: validates, revokes older tokens, returns a new session', async () => {
    const token = await s.login('mantenimiento@demo.mx');
    const other = await s.login('mantenimiento@demo.mx');
    const short = await s.gql('mutation{ changePassword(currentPassword:"x", newPassword:"corta"){ token } }', {}, token);
    expect(short.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { newPassword: 'La contraseña debe tener al menos 8 caracteres.' } });
    const wrong = await s.gql('mutation{ changePassword(currentPassword:"no-es-la-actual", newPassword:"Nueva-Clave-99"){ token } }', {}, token);
    expect(wrong.errors![0].extensions!.fields).toEqual({ currentPassword: 'La contraseña actual no es correcta.' });
    const ok = await s.gql('mutation($c:String!){ changePassword(currentPassword:$c, newPassword:"Nueva-Clave-99"){ token user{ forcedPasswordReset } } }', { c: PASSWORD }, token);
    expect(ok.errors).toBeUndefined();
    expect((await s.gql('{ me { email } }', {}, other)).errors![0].extensions!.code).toBe('UNAUTHENTICATED');
    expect((await s.gql('{ me { email } }', {}, token)).errors![0].extensions!.code).toBe('UNAUTHENTICATED');
    expect((await s.gql('{ me { email } }', {}, ok.data!.changePassword.token)).data!.me.email).toBe('mantenimiento@demo.mx');
    await expect(s.login('mantenimiento@demo.mx', 'Nueva-Clave-99')).resolves.toBeTruthy();
  });

  it('loginWithFirebase is refused when the provider is local', async () => {
    const r = await s.gql('mutation{ loginWithFirebase(idToken:"x"){ token } }');
    expect(r.errors![0]).toMatchObject({ message: 'El inicio de sesión con Firebase no está habilitado.', extensions: { code: 'UNAUTHENTICATED' } });
  });

  it('authConfig tells the SPA which provider to use', async () => {
    const r = await s.gql('{ authConfig { provider } }');
    expect(r.data!.authConfig.provider).toBe('local');
  });
});

describe('per-IP sign-in throttle', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startServer({ ERP_LOGIN_MAX_ATTEMPTS_PER_IP: '4' });
  });
  afterAll(async () => limited?.stop());

  it('blocks an address that sprays failures across different accounts', async () => {
    const accounts = ['uno@demo.mx', 'dos@demo.mx', 'tres@demo.mx', 'cuatro@demo.mx'];
    for (const e of accounts) {
      const r = await limited.gql(LOGIN, { e, p: 'incorrecta-123' });
      expect(r.errors![0].message).toBe('Correo o contraseña incorrectos.');
    }
    // A fifth account, never tried before, is refused because of the address — even with the right password.
    const r = await limited.gql(LOGIN, { e: ADMIN_EMAIL, p: PASSWORD });
    expect(r.errors![0].message).toBe('Demasiados intentos. Espera unos minutos e inténtalo de nuevo.');
  });

  it('ignores X-Forwarded-For unless ERP_TRUST_PROXY names the proxy, so a local client cannot pick a fresh bucket', async () => {
    // The address above is already blocked; claiming another one in the header changes nothing.
    const r = await loginFrom(limited.url, '203.0.113.9', ADMIN_EMAIL, PASSWORD);
    expect(r.errors![0].message).toBe('Demasiados intentos. Espera unos minutos e inténtalo de nuevo.');
  });

  it('behind a configured proxy, each forwarded client address has its own bucket', async () => {
    const proxied = await startServer({ ERP_LOGIN_MAX_ATTEMPTS_PER_IP: '4', ERP_TRUST_PROXY: 'loopback' });
    try {
      for (const e of ['uno@demo.mx', 'dos@demo.mx', 'tres@demo.mx', 'cuatro@demo.mx']) {
        const r = await loginFrom(proxied.url, '198.51.100.7', e, 'incorrecta-123');
        expect(r.errors![0].message).toBe('Correo o contraseña incorrectos.');
      }
      const blocked = await loginFrom(proxied.url, '198.51.100.7', ADMIN_EMAIL, PASSWORD);
      expect(blocked.errors![0].message).toBe('Demasiados intentos. Espera unos minutos e inténtalo de nuevo.');
      const other = await loginFrom(proxied.url, '198.51.100.8', ADMIN_EMAIL, PASSWORD);
      expect(other.errors).toBeUndefined();
      expect(other.data?.login?.token).toBeTruthy();
    } finally {
      await proxied.stop();
    }
  });
});

async function loginFrom(url: string, forwardedFor: string, e: string, p: string) {
  const res = await fetch(`${url}/api/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    body: JSON.stringify({ query: LOGIN, variables: { e, p } }),
  });
  return (await res.json()) as { data?: { login?: { token: string } | null }; errors?: { message: string }[] };
}
