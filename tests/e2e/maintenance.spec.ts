// Mantenimiento's main journey, by the people who do it: mantenimiento@
// turns a due service into an order and asks Almacén for a part; almacen@
// authorises and delivers the requisition on Almacén's own screen; back as
// mantenimiento@ the order (now showing the delivery and its cost) closes and
// the schedule moves to al corriente.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ADMIN, apiToken, gql, signIn } from './fixtures';

const main = (page: Page) => page.locator('main');

async function as(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

test('a due service becomes an order, Almacén delivers its part, the order closes and the schedule moves', async ({ browser, request }) => {
  test.setTimeout(180_000);
  // A stocked article of the demo warehouse (the order asks for 1 of it).
  const admin = await apiToken(request, ADMIN);
  const stock = await gql<{ stockLevels: { items: { quantity: string; warehouse: { code: string }; article: { sku: string } }[] } }>(
    request,
    admin,
    '{ stockLevels(list:{pageSize:50, sortBy:"quantity", sortDirection:DESC}) { items { quantity warehouse { code } article { sku } } } }',
  );
  const part = stock.stockLevels.items.find((i) => Number(i.quantity) >= 5)!;

  // --- mantenimiento@: Programación, vencidos, the first one → Generar orden.
  const mt = await as(browser, 'mantenimiento@demo.mx');
  await mt.goto('/system/maintenanceModule/serviceSchedule?status=vencido');
  await expect(mt.getByRole('heading', { name: 'Programación de servicios' })).toBeVisible();
  const first = main(mt).getByRole('checkbox', { name: /^Seleccionar / }).first();
  const label = (await first.getAttribute('aria-label'))!.replace(/^Seleccionar /, '');
  const vehicle = label.split(' ')[0];
  const service = label.slice(vehicle.length + 1);
  await first.check();
  await main(mt).getByRole('button', { name: 'Generar orden' }).click();
  // The order opens as the screen's title (the «Orden OM-… abierta» notice lasts 4 s: a busy machine's
  // Playwright polled past it once, so the journey reads what stays on the screen).
  await expect(mt).toHaveURL(/maintenanceOrders\?id=\d+/);
  await expect(main(mt).getByRole('heading', { name: new RegExp(`^Orden OM-\\d{6} · ${vehicle}$`) })).toBeVisible();
  const folio = (await main(mt).getByText(/^Orden OM-\d{6}/).first().textContent())!.match(/OM-\d{6}/)![0];
  await expect(main(mt).getByText('Abierta').first()).toBeVisible();

  // Start the work and ask Almacén for the part.
  await main(mt).getByRole('button', { name: 'Iniciar trabajos' }).click();
  await expect(mt.getByText('La orden está en proceso.')).toBeVisible();
  await main(mt).getByRole('button', { name: 'Pedir refacciones' }).click();
  const dialog = mt.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Almacén', exact: true }).click();
  await mt.getByRole('option', { name: new RegExp(`^${part.warehouse.code} · `) }).click();
  const article = dialog.getByRole('combobox', { name: 'Artículo', exact: true });
  await article.click();
  await article.fill(part.article.sku);
  await mt.getByRole('option', { name: new RegExp(`^${part.article.sku} · `) }).click();
  await dialog.getByRole('textbox', { name: 'Cantidad' }).fill('1');
  await dialog.getByRole('button', { name: 'Pedir refacciones' }).click();
  await expect(mt.getByText(/Requisición creada \(REQ-\d{6}\)\./)).toBeVisible();
  const requisitions = main(mt).getByRole('table', { name: 'Requisiciones de Almacén' });
  await expect(requisitions.getByText('Pendiente')).toBeVisible();
  const reqFolio = (await requisitions.getByText(/^REQ-\d{6}$/).textContent())!;

  // --- almacen@: the requisition names the order as its origin; authorise and deliver it.
  const wh = await as(browser, 'almacen@demo.mx');
  await wh.goto(`/system/warehouseModule/requisitions?search=${folio}`);
  await main(wh).getByText(reqFolio).click();
  await expect(wh).toHaveURL(/requisitionDetail\?id=\d+/);
  await expect(main(wh).getByText(folio).first()).toBeVisible();
  await main(wh).getByRole('button', { name: 'Autorizar' }).click();
  await expect(wh.getByText('Requisición autorizada.')).toBeVisible();
  await main(wh).getByRole('button', { name: 'Surtir' }).click();
  await expect(wh.getByText('Salida registrada.')).toBeVisible();

  // --- mantenimiento@ again: the delivery shows with its cost; close the order.
  await mt.reload();
  await expect(requisitions.getByText('Surtida')).toBeVisible();
  await expect(main(mt).getByRole('table', { name: 'Costos' }).getByText('Total')).toBeVisible();
  await main(mt).getByRole('button', { name: 'Cerrar orden' }).click();
  await mt.getByRole('dialog').getByRole('button', { name: 'Cerrar orden' }).click();
  await expect(mt.getByText(`Orden ${folio} cerrada.`)).toBeVisible();
  await expect(main(mt).getByText('Cerrada').first()).toBeVisible();

  // The schedule moved: that vehicle's service is al corriente, done today.
  await mt.goto(`/system/maintenanceModule/serviceSchedule?search=${encodeURIComponent(vehicle)}`);
  const row = main(mt).getByRole('row').filter({ hasText: service });
  await expect(row.getByText('Al corriente')).toBeVisible();
});
