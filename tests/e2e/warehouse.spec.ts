// Almacén as the storekeeper uses it: an entrada and a salida captured in
// Movimientos, the stock and the kárdex following them, an over-exit refused
// with its Spanish message, and a requisition from creation to surtida.
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, apiToken, gql, signIn } from './fixtures';

const sideNav = (page: Page) => page.getByRole('navigation', { name: 'Módulos' });
const main = (page: Page) => page.locator('main');

async function openScreen(page: Page, card: string) {
  await sideNav(page).getByRole('link', { name: 'Almacén', exact: true }).click();
  await expect(page).toHaveURL('/system/warehouse');
  await main(page).getByRole('link', { name: new RegExp(`^${card}`) }).first().click();
}

async function pick(page: Page, label: string | RegExp, option: string | RegExp) {
  await main(page).getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

async function pickArticle(page: Page, label: string, sku: string) {
  const input = main(page).getByRole('combobox', { name: label, exact: true });
  await input.click();
  await input.fill(sku);
  await page.getByRole('option', { name: new RegExp(`^${sku} · `) }).click();
}

async function newMovement(page: Page, concept: RegExp, lines: { sku: string; quantity: string; cost?: string }[], reference: string) {
  await main(page).getByRole('button', { name: 'Nuevo movimiento' }).click();
  await pick(page, 'Concepto', concept);
  await pick(page, 'Almacén', /^ALM-CEN · Almacén Central/);
  await main(page).getByRole('textbox', { name: 'Referencia' }).fill(reference);
  for (const [i, line] of lines.entries()) {
    if (i > 0) await main(page).getByRole('button', { name: 'Agregar partida' }).click();
    await pickArticle(page, `Artículo ${i + 1}`, line.sku);
    await main(page).getByRole('textbox', { name: `Cantidad ${i + 1}` }).fill(line.quantity);
    if (line.cost) await main(page).getByRole('textbox', { name: `Costo unitario ${i + 1}` }).fill(line.cost);
  }
  await main(page).getByRole('button', { name: 'Aplicar movimiento' }).click();
}

let sku = '';
let stockedSku = '';

test.beforeAll(async ({ request }) => {
  // A fresh article with no history, so every figure below is known.
  const token = await apiToken(request, ADMIN);
  const lines = await gql<{ productLines: { items: { id: string; code: string }[] } }>(request, token, '{ productLines(list:{ search: "FER" }){ items { id code } } }');
  const lineId = lines.productLines.items.find((l) => l.code === 'FER')!.id;
  sku = `E2E-${Date.now() % 1_000_000}`;
  stockedSku = `${sku}-R`;
  const create = 'mutation($i: ArticleInput!){ articleCreate(input:$i){ id } }';
  await gql(request, token, create, { i: { sku, name: 'Balero 6204 2RS', lineId, unit: 'H87', minStock: '8', maxStock: '40' } });
  // The requisition test draws on its own article, stocked here, so it does not depend on the other test.
  const stocked = await gql<{ articleCreate: { id: string } }>(request, token, create, { i: { sku: stockedSku, name: 'Filtro de aceite LF3000', lineId, unit: 'H87' } });
  const refs = await gql<{ warehouses: { items: { id: string; code: string }[] }; stockConcepts: { items: { id: string; code: string }[] } }>(
    request,
    token,
    '{ warehouses(list:{ search: "ALM-CEN" }){ items { id code } } stockConcepts(list:{ search: "E-COM" }){ items { id code } } }',
  );
  await gql(request, token, 'mutation($i: StockMovementInput!){ stockMovementPost(input:$i){ id } }', {
    i: {
      date: new Date().toLocaleDateString('en-CA', { timeZone: 'America/Mexico_City' }),
      conceptId: refs.stockConcepts.items.find((c) => c.code === 'E-COM')!.id,
      warehouseId: refs.warehouses.items.find((w) => w.code === 'ALM-CEN')!.id,
      lines: [{ articleId: stocked.articleCreate.id, quantity: '20', unitCost: '145' }],
    },
  });
});

test('entrada and salida move the stock and the kárdex; an over-exit is refused', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'almacen@demo.mx');
  await openScreen(page, 'Movimientos');
  await expect(page).toHaveURL('/system/warehouseModule/warehouseMovements');

  // Entrada: 10 @ $25.50 = $255.00
  await newMovement(page, /Compra a proveedor/, [{ sku, quantity: '10', cost: '25.50' }], 'Factura F-9001');
  await expect(page.getByText(/Movimiento E-\d{6} aplicado\./)).toBeVisible();
  await expect(main(page).getByText('$255.00').first()).toBeVisible();
  await expect(main(page).getByText('Aplicado')).toBeVisible();

  // Salida: 4 at the average $25.50 = $102.00 → 6 left
  await main(page).getByRole('button', { name: 'Volver a la lista' }).click();
  await newMovement(page, /Consumo en servicio/, [{ sku, quantity: '4' }], 'OS-777');
  await expect(page.getByText(/Movimiento S-\d{6} aplicado\./)).toBeVisible();
  await expect(main(page).getByText('$102.00').first()).toBeVisible();

  // Over-exit: 7 with 6 on hand, refused with the article and what is available.
  await main(page).getByRole('button', { name: 'Volver a la lista' }).click();
  await newMovement(page, /Consumo en servicio/, [{ sku, quantity: '7' }], 'OS-778');
  const message = `Existencia insuficiente de ${sku} Balero 6204 2RS en Almacén Central: disponible 6, se requieren 7 (Pieza).`;
  await expect(main(page).getByRole('alert').filter({ hasText: message })).toBeVisible();
  await expect(main(page).getByText(message).first()).toBeVisible();
  await main(page).getByRole('button', { name: 'Cancelar' }).click();
  await page.getByRole('button', { name: 'Salir sin guardar' }).click();
  // Back on the list before going anywhere else: a click while the form is still leaving is asked about again.
  await expect(page).toHaveURL('/system/warehouseModule/warehouseMovements');

  // Existencias: 6 pieces worth $153.00, below its minimum of 8.
  await openScreen(page, 'Existencias');
  await main(page).getByRole('textbox', { name: 'Buscar' }).fill(sku);
  // The search is sent after a pause in typing; the list is filtered once it is in the URL.
  await expect(page).toHaveURL(new RegExp(`search=${sku}`));
  const row = main(page).getByRole('row', { name: new RegExp(`${sku} Balero`) });
  await expect(row).toContainText('6 Pieza');
  await expect(row).toContainText('$153.00');
  await expect(row).toContainText('Bajo mínimo');

  // Kárdex: opening 0, +10 → 10 / $255.00, −4 → 6 / $153.00.
  await row.click();
  await expect(page).toHaveURL(/articleId=\d+&warehouseId=\d+/);
  const kardex = main(page).getByRole('table', { name: 'Kárdex' });
  await expect(kardex).toBeVisible();
  const entries = kardex.locator('tbody tr');
  await expect(entries).toHaveCount(4);
  await expect(entries.nth(1)).toContainText('Compra a proveedor');
  await expect(entries.nth(1)).toContainText('$255.00');
  await expect(entries.nth(2)).toContainText('Consumo en servicio');
  await expect(entries.nth(2)).toContainText('$153.00');
  await expect(entries.nth(3)).toContainText('Saldo final');
  await expect(entries.nth(3)).toContainText('$153.00');
});

test('a requisition goes from creation to surtida', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'almacen@demo.mx');
  await openScreen(page, 'Requisiciones');
  await main(page).getByRole('button', { name: 'Nueva requisición' }).click();
  await expect(page).toHaveURL('/system/warehouseModule/requisitionDetail');
  await main(page).getByRole('textbox', { name: 'Área solicitante' }).fill('Mantenimiento de flotilla');
  await main(page).getByRole('textbox', { name: 'Referencia de origen' }).fill('OM-000999');
  await pick(page, 'Almacén', /^ALM-CEN · Almacén Central/);
  await pickArticle(page, 'Artículo 1', stockedSku);
  await main(page).getByRole('textbox', { name: 'Solicitado 1' }).fill('3');
  await main(page).getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(/Requisición REQ-\d{6} creada\./)).toBeVisible();
  await expect(main(page).getByText('Pendiente').first()).toBeVisible();

  // Authorise what was requested, then deliver it: the salida is posted.
  await main(page).getByRole('button', { name: 'Autorizar' }).click();
  await expect(page.getByText('Requisición autorizada.')).toBeVisible();
  await expect(main(page).getByText('Autorizada').first()).toBeVisible();
  await expect(main(page).getByRole('textbox', { name: `A surtir ${stockedSku}` })).toHaveValue('3');
  await main(page).getByRole('button', { name: 'Surtir' }).click();
  await expect(page.getByText('Salida registrada.')).toBeVisible();
  await expect(main(page).getByText('Surtida').first()).toBeVisible();
  await expect(main(page).getByRole('link', { name: /^S-\d{6}$/ })).toBeVisible();
});
