// The date range filter on a list (Almacén · Movimientos, as a user of its
// own with the Almacenista role): two clicks in the calendar pick the range,
// the list shows only its rows, and the URL keeps the range across a reload.
import { expect, test } from '@playwright/test';
import { ADMIN, apiToken, gql, signIn } from './fixtures';

const mxToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];
const dayLabel = (iso: string) => `${Number(iso.slice(8, 10))} ${MONTHS[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}`;
const ddmm = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

test('a date range picked in the calendar filters Movimientos and survives a reload', async ({ page, request }) => {
  const admin = await apiToken(request, ADMIN);
  const { roleOptions } = await gql<{ roleOptions: { id: string; name: string }[] }>(request, admin, '{ roleOptions { id name } }');
  const email = `rango.${Date.now()}@demo.mx`;
  const initial = 'Rango-Inicial-2026';
  const password = 'Rango-Fechas-2026';
  await gql(request, admin, 'mutation($i:UserCreateInput!){ userCreate(input:$i){ user { id } } }', {
    i: { email, name: 'Prueba Rango de Fechas', roleId: roleOptions.find((r) => r.name === 'Almacenista')!.id, password: initial },
  });
  // A user an admin creates chooses a password of their own first.
  await gql(request, await apiToken(request, email, initial), 'mutation($c:String!,$n:String!){ changePassword(currentPassword:$c,newPassword:$n){ token } }', { c: initial, n: password });
  const today = mxToday();
  const from = `${today.slice(0, 8)}01`;
  const token = await apiToken(request, email, password);
  const count = async (filter: Record<string, string>) =>
    (await gql<{ stockMovements: { total: number } }>(request, token, 'query($f:StockMovementFilter){ stockMovements(filter:$f){ total } }', { f: filter })).stockMovements.total;
  const inRange = await count({ from, to: today });

  await signIn(page, email, password);
  await page.goto('/system/warehouseModule/warehouseMovements');
  await expect(page.getByText(/\d+ registros?$/)).toBeVisible();

  await page.getByTestId('date-range-filter').click();
  const dialog = page.getByRole('dialog', { name: 'Fecha del movimiento' });
  await expect(dialog.getByText(/^(lu|lun)\.?$/i).first()).toBeVisible(); // Spanish calendar, Monday first
  await dialog.getByRole('button', { name: dayLabel(from), exact: true }).click();
  await dialog.getByRole('button', { name: dayLabel(today), exact: true }).click();
  await expect(dialog).toBeHidden();

  await expect(page).toHaveURL(new RegExp(`from=${from}.*to=${today}|to=${today}.*from=${from}`));
  const label = from === today ? ddmm(today) : `${ddmm(from)} – ${ddmm(today)}`;
  await expect(page.getByTestId('date-range-filter')).toHaveText(label);
  const shown = new RegExp(`^${inRange.toLocaleString('es-MX')} ${inRange === 1 ? 'registro' : 'registros'}$`);
  await expect(page.getByText(shown)).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('date-range-filter')).toHaveText(label);
  await expect(page.getByText(shown)).toBeVisible();

  // Limpiar drops both ends from the URL.
  await page.getByRole('button', { name: 'Quitar el filtro de fechas' }).click();
  await expect(page).not.toHaveURL(/from=|to=/);
});
