// Shared e2e helpers: sign in through the real form, as a person would.
import { expect, type Page } from '@playwright/test';

export const E2E_PASSWORD = 'E2e-Demo-2026';
export const ADMIN = 'admin@demo.mx';

export async function signIn(page: Page, email: string, password = E2E_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/system\//);
}
