// Compras › Órdenes de compra in the browser: an order captured by API (an
// article and a service), authorised and partly received; the list and the
// form (with its receipts) on a desktop and on a phone, without horizontal
// overflow. Screenshots go to test-results/purchase-orders/ for a person to look at.
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, apiToken, gql, signIn } from './fixtures';
import { todayMx } from '../../schema/dates';

const SHOTS = 'test-results/purchase-orders';

/** The page is no wider than the screen; otherwise the message names the innermost elements that stick out. */
async function noOverflow(page: Page) {
  const wide = await page.evaluate(() => {
    if (document.documentElement.scrollWidth <= window.innerWidth) return [];
    const out = [...document.querySelectorAll<HTMLElement>('body *')].filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1 && ![...e.children].some((c) => c.getBoundingClientRect().right > window.innerWidth + 1));
    return out.filter((e) => !e.closest('.mantine-ScrollArea-root, [style*="overflow"]')).slice(0, 5).map((e) => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`);
  });
  expect(wide).toEqual([]);
}

test('list and form of an order received in part, desktop and phone', async ({ page, request }) => {
  const token = await apiToken(request, ADMIN);
  const suppliers = await gql<{ supplierOptions: { id: string }[] }>(request, token, '{ supplierOptions { id } }');
  const warehouses = await gql<{ purchaseWarehouseOptions: { id: string }[] }>(request, token, '{ purchaseWarehouseOptions { id } }');
  const articles = await gql<{ purchaseArticleOptions: { id: string }[] }>(request, token, '{ purchaseArticleOptions(limit: 2) { id } }');
  const created = await gql<{ purchaseOrderCreate: { id: string; version: number; folioText: string; lines: { id: string }[] } }>(
    request,
    token,
    'mutation($i:PurchaseOrderInput!){ purchaseOrderCreate(input:$i){ id version folioText lines { id } } }',
    {
      i: {
        supplierId: suppliers.supplierOptions[0].id,
        // Mexico's date, as the server judges «future» (a UTC date is tomorrow there after 18:00).
        date: todayMx(),
        deliveryDate: todayMx(new Date(Date.now() + 7 * 86_400_000)),
        warehouseId: warehouses.purchaseWarehouseOptions[0].id,
        ivaRate: '0.16',
        tolerancePercent: '5',
        notes: 'Entregar en andén 2, de 8 a 14 h.',
        lines: [
          { articleId: articles.purchaseArticleOptions[0].id, quantity: '10', unitPrice: '130' },
          { description: 'Flete a planta', quantity: '1', unitPrice: '500' },
        ],
      },
    },
  );
  const order = created.purchaseOrderCreate;
  await gql(request, token, 'mutation($id:ID!,$v:Int!){ purchaseOrderAuthorize(id:$id,version:$v){ id } }', { id: order.id, v: order.version });
  await gql(request, token, 'mutation($id:ID!,$i:PurchaseReceiptInput!){ purchaseOrderReceive(id:$id,input:$i){ id } }', { id: order.id, i: { notes: 'Remisión 881', lines: [{ lineId: order.lines[0].id, quantity: '4' }] } });

  await signIn(page, ADMIN);
  for (const size of [{ width: 1440, height: 900, name: 'desktop' }, { width: 390, height: 844, name: 'phone' }]) {
    await page.setViewportSize(size);
    await page.goto('/system/shoppingModule/purchase-orders');
    await expect(page.getByRole('heading', { name: 'Órdenes de compra' })).toBeVisible();
    await expect(page.getByText(order.folioText).first()).toBeVisible();
    await noOverflow(page);
    await page.screenshot({ path: `${SHOTS}/list-${size.name}.png`, fullPage: true });

    await page.goto(`/system/shoppingModule/purchase-orders/purchase-orders-form?id=${order.id}`);
    await expect(page.getByText(`${order.folioText} · `).first()).toBeVisible();
    await expect(page.getByText('Registrar recepción').first()).toBeVisible();
    await expect(page.getByText('Recibida parcial').first()).toBeVisible();
    await noOverflow(page);
    await page.screenshot({ path: `${SHOTS}/form-${size.name}.png`, fullPage: true });

    await page.goto('/system/shoppingModule/purchase-orders/purchase-orders-form');
    await expect(page.getByText('Nueva orden de compra').first()).toBeVisible();
    await noOverflow(page);
    await page.screenshot({ path: `${SHOTS}/new-${size.name}.png`, fullPage: true });
  }
});

test('an authorised requisition becomes an order drafted from its pending lines', async ({ page, request }) => {
  const token = await apiToken(request, ADMIN);
  const warehouses = await gql<{ purchaseWarehouseOptions: { id: string }[] }>(request, token, '{ purchaseWarehouseOptions { id } }');
  const articles = await gql<{ purchaseArticleOptions: { id: string; sku: string }[] }>(request, token, '{ purchaseArticleOptions(limit: 3) { id sku } }');
  const today = new Date(Date.now() - 6 * 3_600_000).toISOString().slice(0, 10);
  const req = await gql<{ warehouseRequisitionCreate: { id: string; version: number; folio: string; lines: { id: string }[] } }>(
    request,
    token,
    'mutation($i:WarehouseRequisitionInput!){ warehouseRequisitionCreate(input:$i){ id version folio lines { id } } }',
    { i: { area: 'Taller mecánico', warehouseId: warehouses.purchaseWarehouseOptions[0].id, neededDate: today, lines: [{ articleId: articles.purchaseArticleOptions[2].id, quantity: '6' }] } },
  );
  const r = req.warehouseRequisitionCreate;
  await gql(request, token, 'mutation($id:ID!,$v:Int!,$l:[WarehouseRequisitionLineQuantity!]!){ warehouseRequisitionAuthorize(id:$id,version:$v,lines:$l){ id } }', { id: r.id, v: r.version, l: [{ lineId: r.lines[0].id, quantity: '6' }] });

  await signIn(page, ADMIN);
  await page.goto(`/system/warehouseModule/requisitionDetail?id=${r.id}`);
  await page.getByRole('link', { name: 'Crear orden de compra' }).click();
  await expect(page).toHaveURL(/purchase-orders-form\?origin=requisicion/);
  await expect(page.getByText(/Desde requisición de almacén REQ-\d{6}/)).toBeVisible();
  await expect(page.getByLabel('Cantidad 1')).toHaveValue('6');
  await page.getByRole('combobox', { name: 'Proveedor' }).click();
  await page.getByRole('option').first().click();
  await page.getByLabel('Precio unitario 1').fill('45.50');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page).toHaveURL(/purchase-orders-form\?id=\d+/);
  // 6 × 45.50 = 273.00 + IVA 43.68 = 316.68.
  await expect(page.getByText('$316.68').first()).toBeVisible();
  await expect(page.getByText(/origen REQ-\d{6}/)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/from-requisition-desktop.png`, fullPage: true });
});
