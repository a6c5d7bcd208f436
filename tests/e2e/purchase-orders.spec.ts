// Compras › Órdenes de compra in the browser: an order captured by API (an
// article and a service), authorised and partly received; the list and the
// form (with its receipts) on a desktop and on a phone, without horizontal
// overflow; then the rest received from the form and the supplier's CFDI
// matched against the order and its two receipts (conciliación a tres vías).
// Screenshots go to test-results/purchase-orders/ for a person to look at.
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, apiToken, gql, signIn } from './fixtures';
import { todayMx } from '../../schema/dates';
import { stampedSupplierCfdi } from '../unit/cfdi/supplierCfdi';

const SHOTS = 'test-results/purchase-orders';
const main = (page: Page) => page.locator('main');

/** The page is no wider than the screen; otherwise the message names the innermost elements that stick out. */
async function noOverflow(page: Page) {
  const wide = await page.evaluate(() => {
    if (document.documentElement.scrollWidth <= window.innerWidth) return [];
    const out = [...document.querySelectorAll<HTMLElement>('body *')].filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1 && ![...e.children].some((c) => c.getBoundingClientRect().right > window.innerWidth + 1));
    return out.filter((e) => !e.closest('.mantine-ScrollArea-root, [style*="overflow"]')).slice(0, 5).map((e) => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`);
  });
  expect(wide).toEqual([]);
}

test('list and form of an order received in part, desktop and phone; the rest received and matched with the CFDI', async ({ page, request }) => {
  const token = await apiToken(request, ADMIN);
  // The supplier of the stamped test CFDI (the demo company is the test CSD's holder, so it is its own
  // supplier here); cfdi.spec.ts may register it at the same time.
  const kemper = async () => (await gql<{ supplierOptions: { id: string; rfc: string }[] }>(request, token, '{ supplierOptions(activeOnly:false){ id rfc } }')).supplierOptions.find((s) => s.rfc === 'EKU9003173C9');
  if (!(await kemper())) {
    await gql(request, token, 'mutation($i:SupplierInput!){ supplierCreate(input:$i){ id } }', { i: { rfc: 'EKU9003173C9', name: 'ESCUELA KEMPER URGATE', taxRegime: '601', postalCode: '42501', creditDays: 15, active: true } }).catch(async (e: unknown) => {
      if (!(await kemper())) throw e;
    });
  }
  const supplierId = (await kemper())!.id;
  const warehouses = await gql<{ purchaseWarehouseOptions: { id: string }[] }>(request, token, '{ purchaseWarehouseOptions { id } }');
  const articles = await gql<{ purchaseArticleOptions: { id: string }[] }>(request, token, '{ purchaseArticleOptions(limit: 2) { id } }');
  const created = await gql<{ purchaseOrderCreate: { id: string; version: number; folioText: string; lines: { id: string }[] } }>(
    request,
    token,
    'mutation($i:PurchaseOrderInput!){ purchaseOrderCreate(input:$i){ id version folioText lines { id } } }',
    {
      i: {
        supplierId,
        // Mexico's date, as the server judges «future» (a UTC date is tomorrow there after 18:00).
        date: todayMx(),
        deliveryDate: todayMx(new Date(Date.now() + 7 * 86_400_000)),
        warehouseId: warehouses.purchaseWarehouseOptions[0].id,
        ivaRate: '0.16',
        tolerancePercent: '5',
        notes: 'Entregar en andén 2, de 8 a 14 h.',
        // 8 × 246.14 = 1,969.12 + 500.00 = 2,469.12 + IVA 395.06 = 2,864.18: the supplier's CFDI below.
        lines: [
          { articleId: articles.purchaseArticleOptions[0].id, quantity: '8', unitPrice: '246.14' },
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

  // The second receipt, from the form: what is still open (4 of 8 and the flete) is proposed.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/system/shoppingModule/purchase-orders/purchase-orders-form?id=${order.id}`);
  await expect(main(page).getByRole('textbox', { name: 'Se recibe 1' })).toHaveValue('4');
  await expect(main(page).getByRole('textbox', { name: 'Se recibe 2' })).toHaveValue('1');
  await main(page).getByRole('textbox', { name: 'Notas (remisión del proveedor)' }).fill('Remisión 917');
  await main(page).getByRole('button', { name: 'Registrar recepción' }).click();
  await expect(page.getByText(`Recepción registrada en la orden ${order.folioText}.`)).toBeVisible();
  await expect(main(page).getByText('Recibida', { exact: true }).first()).toBeVisible();
  await expect(main(page).getByRole('row', { name: /Remisión 917/ })).toBeVisible();
  await expect(main(page).getByRole('row', { name: /Remisión 881/ })).toBeVisible();

  // Gastos › Nuevo gasto: the supplier's CFDI fills the expense, which names the order; saved, the
  // invoice matches what the two receipts took and may be paid.
  const folio = `OC${Date.now() % 1_000_000}`;
  const cfdi = await stampedSupplierCfdi({ folio }, `e2e-oc-${folio}`);
  await page.getByRole('navigation', { name: 'Módulos' }).getByRole('link', { name: 'Compras', exact: true }).click();
  await main(page).getByRole('link', { name: /^Gastos/ }).first().click();
  await main(page).getByRole('button', { name: 'Nuevo gasto' }).click();
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), main(page).getByRole('button', { name: 'Leer CFDI del proveedor' }).click()]);
  await chooser.setFiles({ name: `A-${folio}.xml`, mimeType: 'text/xml', buffer: Buffer.from(cfdi.xml) });
  await expect(page.getByTestId('supplier-cfdi')).toContainText(cfdi.uuid);
  await expect(main(page).getByRole('combobox', { name: 'Proveedor', exact: true })).toHaveValue(/ESCUELA KEMPER URGATE/);
  await main(page).getByRole('combobox', { name: 'Orden de compra' }).click();
  await page.getByRole('option', { name: new RegExp(`^${order.folioText} · `) }).click();
  await main(page).getByRole('combobox', { name: 'Categoría', exact: true }).fill('Materiales');
  await main(page).getByRole('button', { name: 'Guardar' }).click();
  await expect(page).toHaveURL(/expenses-form\?id=\d+$/);
  const match = main(page).getByText('Conciliación con la orden de compra').locator('xpath=ancestor::div[contains(@class,"mantine-Paper-root")][1]');
  await expect(match.getByText('Sin diferencias')).toBeVisible();
  await expect(match.getByText('La factura coincide con lo recibido: se puede pagar.')).toBeVisible();
  await expect(match.getByText('Facturado según el XML (CFDI) adjunto.')).toBeVisible();
  // Pedido, recibido and facturado: $2,864.18 each, no difference.
  await expect(match.getByRole('table', { name: 'Totales de la conciliación' }).getByRole('row', { name: /^Total/ }).getByRole('cell')).toHaveText(['Total', '$2,864.18', '$2,864.18', '$2,864.18', '$0.00']);
  await page.screenshot({ path: `${SHOTS}/match-desktop.png`, fullPage: true });
  // The order's screen shows the same conciliación, naming the expense.
  await match.getByRole('link', { name: order.folioText }).click();
  await expect(page).toHaveURL(new RegExp(`purchase-orders-form\\?id=${order.id}$`));
  await expect(main(page).getByText(/Conciliación del gasto \d+ del .* por \$2,864\.18/)).toBeVisible();
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
