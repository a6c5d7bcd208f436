// «Actualización bimestral del SBC» on Movimientos IMSS (issue 27): the empty state, then the preview of the last
// closed bimester (September–October 2026 on the e2e clock) with its effective date and IDSE deadline; with
// nobody changing SBC, «Aplicar» is disabled and says why.
import { expect, test } from '@playwright/test';
import { ADMIN, signIn } from './fixtures';

test('RH previews the bimonthly SBC update', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.getByRole('navigation', { name: 'Módulos' }).getByRole('link', { name: 'Recursos Humanos', exact: true }).click();
  await page.locator('main').getByRole('link', { name: /^Movimientos IMSS/ }).first().click();
  const section = page.locator('div.mantine-Paper-root', { hasText: 'Actualización bimestral del SBC' });
  await expect(section.getByText('Elige un bimestre cerrado y pulsa «Calcular»')).toBeVisible();
  await page.screenshot({ path: 'test-results/sbc-variable-empty.png', fullPage: true });
  await section.getByRole('button', { name: 'Calcular' }).click();
  await expect(section.getByText(/fecha de efecto \d\d\/\d\d\/\d{4} · fecha límite IDSE/)).toBeVisible();
  // Only who changes SBC at first (the 07s to present); everyone with the switch off.
  const onlyChanged = section.getByRole('switch', { name: /^Solo quienes cambian de SBC \(\d+ de \d+\)$/ });
  await expect(onlyChanged).toBeChecked();
  // The demo company closed no payroll with variable perceptions in that bimester: nobody changes, nothing to apply.
  await expect(onlyChanged).toHaveAccessibleName(/\(0 de \d+\)$/);
  await expect(section.getByRole('button', { name: 'Aplicar' })).toBeDisabled();
  await expect(section.getByText('Nada que aplicar: nadie cambia de SBC en este bimestre.')).toBeVisible();
  await onlyChanged.uncheck();
  await expect(section.getByRole('columnheader', { name: 'SBC nuevo' })).toBeVisible();
  await expect(section.getByRole('row').nth(1)).toBeVisible();
  await page.screenshot({ path: 'test-results/sbc-variable-preview.png', fullPage: true });
});
