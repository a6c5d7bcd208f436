// Bulk actions on a list: a storekeeper of its own (Almacenista role) ticks
// two pending requisitions in Almacén → Requisiciones, authorises them in one
// go and sees the Spanish summary and the statuses change; then a selection
// mixing an already authorised one shows the dialog of the failed row.
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, apiToken, gql, signIn } from './fixtures';

const INITIAL_PASSWORD = 'Inicial-Alm-2026';
const PASSWORD = 'Masivo-Alm-2026';
const main = (page: Page) => page.locator('main');
const area = `Obra masiva ${Date.now() % 1_000_000}`;
let email = '';
const folios: string[] = [];

test.beforeAll(async ({ request }) => {
  const admin = await apiToken(request, ADMIN);
  const { roleOptions } = await gql<{ roleOptions: { id: string; name: string }[] }>(request, admin, '{ roleOptions { id name } }');
  email = `masivo.${Date.now() % 1_000_000}@demo.mx`;
  await gql(request, admin, 'mutation($i:UserCreateInput!){ userCreate(input:$i){ user { id } } }', {
    i: { email, name: 'Almacenista Masivo', roleId: roleOptions.find((r) => r.name === 'Almacenista')!.id, password: INITIAL_PASSWORD },
  });
  // A user created with a password must choose their own before anything else.
  const first = await apiToken(request, email, INITIAL_PASSWORD);
  const { changePassword } = await gql<{ changePassword: { token: string } }>(request, first, 'mutation($c:String!,$n:String!){ changePassword(currentPassword:$c, newPassword:$n){ token } }', { c: INITIAL_PASSWORD, n: PASSWORD });
  const token = changePassword.token;
  const refs = await gql<{ warehouses: { items: { id: string; code: string }[] }; articles: { items: { id: string }[] } }>(
    request,
    token,
    '{ warehouses(list:{ search: "ALM-CEN" }){ items { id code } } articles(list:{ pageSize: 2 }, filter:{ active: true }){ items { id } } }',
  );
  const warehouseId = refs.warehouses.items.find((w) => w.code === 'ALM-CEN')!.id;
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Mexico_City' });
  for (const quantity of ['3', '5', '2']) {
    const { warehouseRequisitionCreate } = await gql<{ warehouseRequisitionCreate: { folio: string } }>(
      request,
      token,
      'mutation($i: WarehouseRequisitionInput!){ warehouseRequisitionCreate(input:$i){ folio } }',
      { i: { area, warehouseId, neededDate: today, lines: refs.articles.items.map((a) => ({ articleId: a.id, quantity })) } },
    );
    folios.push(warehouseRequisitionCreate.folio);
  }
});

const rowOf = (page: Page, folio: string) => main(page).getByRole('row').filter({ hasText: folio });

test('bulk-authorise two pending requisitions, then a mixed selection reports the failed row', async ({ page }) => {
  await signIn(page, email, PASSWORD);
  await page.getByRole('navigation', { name: 'Módulos' }).getByRole('link', { name: 'Almacén', exact: true }).click();
  await main(page).getByRole('link', { name: /^Requisiciones/ }).first().click();
  await main(page).getByRole('textbox', { name: 'Buscar' }).fill(area);
  await expect(main(page).getByRole('row')).toHaveCount(4); // header + three of our own

  const [first, second, third] = folios;
  await rowOf(page, first).getByRole('checkbox', { name: 'Seleccionar registro' }).check();
  await rowOf(page, second).getByRole('checkbox', { name: 'Seleccionar registro' }).check();
  await expect(main(page).getByTestId('bulk-count')).toHaveText('2 seleccionados');
  await main(page).getByRole('button', { name: 'Autorizar', exact: true }).click();

  const confirm = page.getByRole('dialog', { name: 'Autorizar requisiciones' });
  await expect(confirm).toContainText('Se autorizarán las 2 requisiciones seleccionadas');
  await confirm.getByRole('button', { name: 'Autorizar' }).click();

  await expect(page.getByText('2 aplicadas, 0 con error')).toBeVisible();
  await expect(rowOf(page, first)).toContainText('Autorizada');
  await expect(rowOf(page, second)).toContainText('Autorizada');
  await expect(rowOf(page, third)).toContainText('Pendiente');
  // What applied left the selection.
  await expect(main(page).getByTestId('bulk-count')).toHaveCount(0);

  // The whole page (one already authorised): the pending one applies, the other is reported.
  await main(page).getByRole('checkbox', { name: 'Seleccionar todos los de esta página' }).check();
  await expect(main(page).getByTestId('bulk-count')).toHaveText('3 seleccionados');
  await main(page).getByRole('button', { name: 'Autorizar', exact: true }).click();
  await page.getByRole('dialog', { name: 'Autorizar requisiciones' }).getByRole('button', { name: 'Autorizar' }).click();
  const result = page.getByRole('dialog', { name: 'Autorizar: resultado' });
  await expect(result.getByTestId('bulk-summary')).toHaveText('1 aplicada, 2 con error');
  await expect(result.getByRole('row').filter({ hasText: first })).toContainText('No se puede pasar de "Autorizada" a "Autorizada".');
  await result.getByRole('button', { name: 'Cerrar' }).click();
  await expect(rowOf(page, third)).toContainText('Autorizada');
  // The failed rows stay selected for review.
  await expect(main(page).getByTestId('bulk-count')).toHaveText('2 seleccionados');
});
