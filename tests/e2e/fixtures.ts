// Shared e2e helpers: sign in through the real form, as a person would, and
// a GraphQL helper for the admin-side setup a test needs.
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const E2E_PASSWORD = 'E2e-Demo-2026';
export const ADMIN = 'admin@demo.mx';

export async function signIn(page: Page, email: string, password = E2E_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel(/^Contraseña/).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/system\//);
}

/**
 * Follows the address bar to `to` inside the running SPA (as Back/Forward does) instead of a full page load:
 * a walk through ~100 screens took minutes of reloads. A history entry the router did not create is not
 * held by a form's leave guard (nothing is saved either), so a walk that typed into a form moves on.
 */
export async function pushTo(page: Page, to: string): Promise<void> {
  await page.evaluate((path) => {
    window.history.pushState(null, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, to);
}

export async function apiToken(request: APIRequestContext, email: string, password = E2E_PASSWORD): Promise<string> {
  const data = await gql<{ login: { token: string } }>(request, null, 'mutation($e:String!,$p:String!){ login(email:$e,password:$p){ token } }', { e: email, p: password });
  return data.login.token;
}

export async function gql<T>(request: APIRequestContext, token: string | null, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  // A new connection each time: a set-up call after a long browser step would otherwise reuse a
  // kept-alive socket the server closes after 5 s idle, and lose the race (read ECONNRESET, seen once).
  const res = await request.post('/api/graphql', {
    data: { query, variables },
    headers: { connection: 'close', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  const body = (await res.json()) as { data?: T; errors?: { message: string }[] };
  if (body.errors?.length) throw new Error(body.errors.map((e) => e.message).join('; '));
  return body.data as T;
}
