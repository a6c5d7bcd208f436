import { test } from '@playwright/test';
import { signIn } from './fixtures';

const P = '/system/vehicleParks/';
test('vp screenshots', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, 'vehiculos@demo.mx');
  const shot = async (name: string, full = true) => {
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(600);
    await page.screenshot({ path: `/tmp/vpshots/${name}.png`, fullPage: full });
  };
  await shot('00-tablero');
  await page.goto(P + 'vehicles'); await shot('01-vehicles');
  await page.goto(P + 'vehicles?alerts=true'); await shot('02-vehicles-alerts');
  await page.goto(P + 'vehicles?search=zzzz'); await shot('03-vehicles-empty');
  await page.goto(P + 'vehicles/vehicles-form?id=1'); await shot('04-form-1');
  await page.goto(P + 'vehicles/vehicles-form?id=7'); await shot('05-form-7-warning');
  await page.goto(P + 'vehicles/vehicles-form?id=23'); await shot('06-form-baja');
  await page.goto(P + 'vehicles/vehicles-form'); await shot('07-form-new');
  await page.getByRole('button', { name: /Guardar/ }).first().click(); await shot('08-form-new-errors');
  await page.getByLabel('VIN / NIV').fill('1HGCM82643A004352'); await page.getByRole('button', { name: /Guardar/ }).first().click(); await shot('09-form-vin-error');
  await page.goto(P + 'vehicles/vehicles-form?id=999'); await shot('10-form-missing');
  await page.goto(P + 'vehicles/vehicles-form?id=2'); await page.getByRole('button', { name: 'Registrar lectura' }).click(); await page.getByLabel('Kilómetros').fill('5'); await page.getByRole('dialog').getByRole('button', { name: 'Registrar lectura' }).click(); await shot('11-odometer-refused', false);
  await page.goto(P + 'settingsVP'); await shot('12-settings');
  await page.goto(P + 'settingsVP/documents'); await shot('13-doc-types');
  await page.goto(P + 'settings/locations'); await shot('14-locations');
  await page.goto(P + 'settings/groups'); await shot('15-groups');
  await page.goto(P + 'settings/groups?edit=1'); await shot('16-group-edit', false);
  await page.goto(P + 'reports'); await shot('17-report-docs');
  await page.goto(P + 'reports?tab=vehiculos&by=group'); await shot('18-report-vehicles');
  await page.goto(P + 'reports?tab=km_mes'); await shot('19-report-km');
  await page.goto('/system/vehiclePark'); await shot('20-module-landing');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(P + 'vehicles'); await shot('21-phone-list', false);
  await page.goto(P + 'vehicles/vehicles-form?id=1'); await shot('22-phone-form');
});
