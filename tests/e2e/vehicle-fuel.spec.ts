// Combustible as the fleet staff uses it (vehiculos@demo.mx): three full-tank loads of one vehicle
// typed in the form; the second shows its km/l by the full-tank method, the third falls outside
// the default band (2–25 km/l) and is flagged «Atípica» in the list; an odometer that goes back is
// refused in Spanish and nothing is saved.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { todayMx } from '../../schema/dates';
import { ADMIN, apiToken, gql, signIn } from './fixtures';

const main = (page: Page) => page.locator('main');
const addDays = (iso: string, n: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

async function typeDate(field: Locator, iso: string) {
  const date = `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
  await field.fill('');
  await field.pressSequentially(date);
  await field.press('Tab');
  await expect(field).toHaveValue(date);
}

async function registerLoad(page: Page, eco: string, on: string, litres: string, amount: string, odometer: string) {
  await main(page).getByRole('link', { name: 'Registrar carga' }).or(main(page).getByRole('button', { name: 'Registrar carga' })).first().click();
  await expect(page).toHaveURL(/fuel-form/);
  const vehicle = main(page).getByRole('textbox', { name: 'Vehículo' }).or(main(page).getByRole('combobox', { name: 'Vehículo' })).first();
  await vehicle.click();
  await vehicle.pressSequentially(eco);
  await page.getByRole('option', { name: new RegExp(`^${eco}`) }).click();
  await typeDate(main(page).getByRole('textbox', { name: 'Fecha', exact: true }), on);
  await main(page).getByRole('textbox', { name: 'Litros', exact: true }).fill(litres);
  await main(page).getByRole('textbox', { name: 'Importe pagado' }).fill(amount);
  await main(page).getByRole('textbox', { name: 'Odómetro (km)' }).fill(odometer);
}

test('three full-tank loads: km/l by the full-tank method, an atípica flagged, an odometer going back refused', async ({ page, request }) => {
  test.setTimeout(120_000);
  const today = todayMx();
  const token = await apiToken(request, ADMIN);
  const eco = `E2E-CB${Date.now() % 100000}`;
  await gql(request, token, 'mutation($i:VehicleInput!){ vehicleCreate(input:$i){ id } }', {
    i: { economicNumber: eco, plate: `E2E-${Date.now() % 1000}`, brand: 'Toyota', model: 'Hilux', year: 2023, vehicleType: 'Pick-up', fuel: 'diesel', acquisitionDate: '2023-01-10', initialKm: 10000, initialKmDate: addDays(today, -6) },
  });

  await signIn(page, 'vehiculos@demo.mx');
  await page.getByRole('navigation', { name: 'Módulos' }).getByRole('link', { name: 'Parque Vehicular', exact: true }).click();
  await main(page).getByRole('link', { name: /^Combustible/ }).first().click();
  await expect(page).toHaveURL(/\/fuel(\?|$)/);

  // 1st full tank: the starting point, no km/l yet.
  await registerLoad(page, eco, addDays(today, -4), '40', '960', '10400');
  await main(page).getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Carga registrada.').last()).toBeVisible();
  // Saved, the form is replaced by the record (?id=): back from there is the list.
  await expect(page).toHaveURL(/fuel-form\?id=\d+/);
  await page.goBack();

  // An odometer below the last reading (10,400 km) is refused in Spanish; nothing is saved.
  await registerLoad(page, eco, addDays(today, -2), '50', '1200', '10300');
  await main(page).getByRole('button', { name: 'Guardar' }).click();
  await expect(main(page).getByText(/La lectura no puede ser menor que la última registrada: 10,400 km/).first()).toBeVisible();
  await expect(page).toHaveURL(/fuel-form$/); // still the new form: nothing was saved

  // 2nd full tank: (10,900 − 10,400) km ÷ 50 L = 10.000 km/l; 1,200.00 ÷ 50 = 24.000 por litro.
  await main(page).getByRole('textbox', { name: 'Odómetro (km)' }).fill('10900');
  await main(page).getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Carga registrada.').last()).toBeVisible();
  await expect(main(page).getByText('10.000 km/l').first()).toBeVisible();
  await page.goBack();

  // 3rd full tank: (11,900 − 10,900) km ÷ 20 L = 50.000 km/l, over the 25 km/l band: atípica.
  await registerLoad(page, eco, today, '20', '480', '11900');
  await main(page).getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Carga registrada.').last()).toBeVisible();
  // Saved, the form is replaced by the record (?id=): back from there is the list.
  await expect(page).toHaveURL(/fuel-form\?id=\d+/);
  await page.goBack();

  await main(page).getByRole('textbox', { name: /Buscar/ }).first().fill(eco);
  const rows = main(page).getByRole('row', { name: new RegExp(eco) });
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: '50.000 km/l' }).getByText('Atípica')).toBeVisible();
  await expect(rows.filter({ hasText: '10.000 km/l' }).getByText('Atípica')).toHaveCount(0);
  // 40 + 50 + 20 = 110 L; 960 + 1,200 + 480 = 2,640.00; one atípica.
  await expect(main(page).getByText(/3 cargas · 110\.000 L · \$2,640\.00 · 1 atípica/)).toBeVisible();
});
