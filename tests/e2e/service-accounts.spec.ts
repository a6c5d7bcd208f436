// Cuentas de servicio as an administrator meets them: a tab of Usuarios, the
// token shown once with a copy button, the account in the list, revoked after
// a confirm; the token works until then and is refused after.
import { expect, test } from '@playwright/test';
import { ADMIN, signIn } from './fixtures';

test('an admin creates a service account, sees its token once, and revokes it', async ({ page, request }) => {
  await signIn(page, ADMIN);
  await page.goto('/system/users');
  await page.getByRole('tab', { name: 'Cuentas de servicio' }).click();
  await expect(page).toHaveURL(/tab=service-accounts/);
  await page.getByRole('button', { name: 'Nueva cuenta' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva cuenta de servicio' });
  await dialog.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(dialog.getByText('Este campo es obligatorio.').first()).toBeVisible();
  await dialog.getByLabel(/^Nombre/).fill('Integración e2e');
  await dialog.getByRole('combobox', { name: 'Rol' }).click();
  await page.getByRole('option', { name: 'Vendedor' }).click();
  await dialog.getByRole('button', { name: 'Crear cuenta' }).click();

  const notice = page.getByRole('dialog', { name: 'Token de la cuenta de servicio' });
  await expect(notice.getByText('no se volverá a mostrar')).toBeVisible();
  await expect(notice.getByRole('button', { name: 'Copiar token' })).toBeVisible();
  const token = (await notice.getByTestId('service-account-token').textContent())?.trim() ?? '';
  expect(token).toMatch(/^erp_sa_/);
  await page.screenshot({ path: 'test-results/service-accounts-token.png' });
  await notice.getByRole('button', { name: 'Ya lo copié' }).click();

  const row = page.getByRole('row', { name: /Integración e2e/ });
  await expect(row).toContainText('Vendedor');
  await expect(row).toContainText(token.slice(0, 15));
  await expect(row).toContainText('Activa');
  await expect(page.getByText(token)).toHaveCount(0);

  const ask = () => request.post('/api/graphql', { data: { query: '{ clients { total } }' }, headers: { authorization: `Bearer ${token}` } });
  expect((await ask()).status()).toBe(200);

  await row.getByRole('button', { name: 'Revocar' }).click();
  await page.getByRole('dialog', { name: 'Revocar cuenta de servicio' }).getByRole('button', { name: 'Revocar' }).click();
  await expect(row).toContainText('Revocada');
  await page.screenshot({ path: 'test-results/service-accounts-list.png' });
  expect((await ask()).status()).toBe(401);
});
