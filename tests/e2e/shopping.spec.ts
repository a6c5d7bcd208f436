// Compras as a buyer uses it: register a supplier invoice, pay it partially
// and then fully from a company account, and read the account statement.
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, apiToken, gql, signIn } from './fixtures';
import { stampedSupplierCfdi } from '../unit/cfdi/supplierCfdi';

const sideNav = (page: Page) => page.getByRole('navigation', { name: 'Módulos' });
const main = (page: Page) => page.locator('main');
const money = (text: string) => Number(text.replace(/[$,]/g, ''));

async function pickOption(page: Page, scope: ReturnType<Page['locator']>, label: string | RegExp, option: string | RegExp) {
  await scope.getByLabel(label).first().click();
  await page.getByRole('option', { name: option }).first().click();
}

async function openScreen(page: Page, card: string) {
  await sideNav(page).getByRole('link', { name: 'Compras', exact: true }).click();
  await expect(page).toHaveURL('/system/shopping');
  await main(page).getByRole('link', { name: new RegExp(`^${card}`) }).first().click();
}

test('register an expense, pay it partially and fully from an account, see the account statement', async ({ page }) => {
  test.setTimeout(120_000);
  const folio = `E2E${Date.now() % 1_000_000}`;
  await signIn(page, 'compras@demo.mx');

  // 1. Gastos → Nuevo gasto
  await openScreen(page, 'Gastos');
  await expect(page).toHaveURL('/system/shoppingModule/expenses');
  await main(page).getByRole('button', { name: 'Nuevo gasto' }).click();
  await expect(page).toHaveURL('/system/shoppingModule/expenses/expenses-form');
  const form = main(page);
  await pickOption(page, form, 'Proveedor', /Papelería e Insumos de Oficina/);
  await expect(form.getByLabel('Vencimiento')).toHaveValue(/30 días de crédito/);
  await form.getByLabel('Serie').fill('E');
  await form.getByLabel('Folio de la factura').fill(folio);
  await form.getByLabel('Categoría').fill('Papelería');
  await form.getByRole('textbox', { name: 'Subtotal' }).fill('1000');
  const totals = form.getByRole('table', { name: 'Totales del gasto' });
  await expect(totals.getByRole('row', { name: /^IVA/ })).toContainText('$160.00');
  await expect(totals.getByRole('row', { name: /^Total/ })).toContainText('$1,160.00');
  await form.getByRole('button', { name: 'Guardar' }).click();
  // 2. Saved, it stays open as the record (`?id=`), where the supplier's files attach; then go pay it.
  await expect(page.getByText(/Gasto \S+ registrado: adjunta aquí el XML y el PDF del proveedor\./)).toBeVisible();
  await expect(page).toHaveURL(/expenses-form\?id=\d+$/);
  await expect(main(page).getByText('Pendiente', { exact: true }).first()).toBeVisible();
  const expenseUrl = page.url();
  // The supplier's CFDI XML attaches from the saved expense; an XML that is not a CFDI is refused in Spanish.
  // The record's attachments (the page's last file picker; the first is «Leer CFDI del proveedor»).
  const attachments = main(page).locator('input[type=file]').last();
  await attachments.setInputFiles({ name: 'pedido.xml', mimeType: 'text/xml', buffer: Buffer.from('<?xml version="1.0"?><pedido total="1160"/>') });
  await expect(page.getByText('El XML no es un CFDI: se espera un cfdi:Comprobante del SAT (versión 3.3 o 4.0).')).toBeVisible();
  // A bare Comprobante is refused (not stamped); the supplier's stamped CFDI attaches.
  const bare = `<?xml version="1.0" encoding="UTF-8"?><cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" Version="4.0" Serie="E" Folio="${folio}" Total="1160.00"/>`;
  await attachments.setInputFiles({ name: 'sin-timbre.xml', mimeType: 'text/xml', buffer: Buffer.from(bare) });
  await expect(page.getByText('El CFDI no está timbrado: falta el TimbreFiscalDigital con su folio fiscal (UUID).')).toBeVisible();
  const { xml: cfdi } = await stampedSupplierCfdi({ folio }, `e2e-${folio}`);
  await attachments.setInputFiles({ name: `E-${folio}.xml`, mimeType: 'text/xml', buffer: Buffer.from(cfdi) });
  await expect(page.getByText(`Se adjuntó E-${folio}.xml.`)).toBeVisible();
  await expect(main(page).getByRole('button', { name: `E-${folio}.xml`, exact: true })).toBeVisible();
  await main(page).getByRole('link', { name: 'Registrar pago' }).click();
  await expect(page).toHaveURL(/\/system\/shoppingModule\/payoffs\?new=1&supplierId=\d+/);

  // 3. Partial payment: $500.00 of $1,160.00 from BBVA Operación.
  let dialog = page.getByRole('dialog', { name: 'Nuevo pago a proveedor' });
  await pickOption(page, dialog, 'Cuenta de retiro', /BBVA Operación/);
  const expenseRow = dialog.getByRole('row', { name: new RegExp(`E-${folio}`) });
  await expect(expenseRow).toContainText('$1,160.00');
  await expenseRow.getByRole('textbox').fill('500');
  await dialog.getByRole('button', { name: 'Registrar pago por $500.00' }).click();
  await expect(page.getByText(/Pago \d+ registrado por \$500\.00\./)).toBeVisible();

  await page.goto(expenseUrl);
  await expect(main(page).getByText('Pagado parcial')).toBeVisible();
  await expect(main(page).getByRole('row', { name: /Saldo por pagar/ })).toContainText('$660.00');

  // 4. Pay the rest with "Liquidar".
  await main(page).getByRole('link', { name: 'Registrar pago' }).click();
  dialog = page.getByRole('dialog', { name: 'Nuevo pago a proveedor' });
  await pickOption(page, dialog, 'Cuenta de retiro', /BBVA Operación/);
  const rest = dialog.getByRole('row', { name: new RegExp(`E-${folio}`) });
  await expect(rest).toContainText('$660.00');
  await rest.getByRole('button', { name: 'Liquidar' }).click();
  await dialog.getByRole('button', { name: 'Registrar pago por $660.00' }).click();
  await expect(page.getByText(/Pago \d+ registrado por \$660\.00\./)).toBeVisible();
  await page.goto(expenseUrl);
  await expect(main(page).getByText('Pagado', { exact: true })).toBeVisible();
  await expect(main(page).getByRole('row', { name: /Saldo por pagar/ })).toContainText('$0.00');

  // 5. Cuentas → BBVA Operación: both withdrawals with the running balance.
  await openScreen(page, 'Cuentas');
  await main(page).getByRole('row', { name: /BBVA Operación/ }).click();
  const statement = page.getByLabel('Estado de cuenta');
  await expect(statement.getByRole('heading', { name: 'Estado de cuenta: BBVA Operación' })).toBeVisible();
  const paymentRows = statement.getByRole('row').filter({ hasText: 'Pago a proveedor' }).filter({ hasText: 'Papelería e Insumos de Oficina' });
  await expect(paymentRows).toHaveCount(2);
  const first = paymentRows.nth(0);
  const second = paymentRows.nth(1);
  await expect(first.getByRole('cell').nth(4)).toHaveText('$500.00');
  await expect(second.getByRole('cell').nth(4)).toHaveText('$660.00');
  // Each withdrawal lowers the running balance of the line just above it by its amount (the Ventas
  // journey, in the other worker, may deposit into this account between the two payments).
  const balance = async (row: typeof first) => money(await row.getByRole('cell').nth(5).innerText());
  const above = (row: typeof first) => row.locator('xpath=preceding-sibling::tr[1]');
  expect(Math.round((await balance(above(first))) * 100) - Math.round((await balance(first)) * 100)).toBe(50000);
  expect(Math.round((await balance(above(second))) * 100) - Math.round((await balance(second)) * 100)).toBe(66000);
});

test('a payment beyond the account balance is refused with the Spanish message', async ({ page }) => {
  await signIn(page, 'compras@demo.mx');
  await openScreen(page, 'Pagos');
  await main(page).getByRole('button', { name: 'Nuevo pago' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo pago a proveedor' });
  await pickOption(page, dialog, 'Proveedor', /Llantas del Norte/);
  await pickOption(page, dialog, 'Cuenta de retiro', /Caja fuerte oficina/);
  // Both open expenses ($21,656.00 + $16,704.00) exceed what the cash account holds.
  const row = dialog.getByRole('row').nth(1);
  await row.getByRole('button', { name: 'Liquidar' }).click();
  const second = dialog.getByRole('row').nth(2);
  await second.getByRole('button', { name: 'Liquidar' }).click();
  await dialog.getByRole('button', { name: /Registrar pago por/ }).click();
  // Under the account picker and in the alert above the form.
  await expect(dialog.getByText(/^La cuenta no tiene saldo suficiente \(saldo disponible \$[\d,]+\.\d{2}\)\.$/)).toHaveCount(2);
});

test('suppliers, a maintenance payment request approved into an expense, and the reports', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'compras@demo.mx');

  // Proveedores: a bad RFC and CLABE are caught on the form, in Spanish.
  await openScreen(page, 'Proveedores');
  await main(page).getByRole('button', { name: 'Nuevo proveedor' }).click();
  const form = main(page);
  await form.getByLabel('RFC').fill('ABC991332XX1');
  await form.getByLabel('Razón social').fill('Proveedor E2E SA de CV');
  await form.getByLabel('Código postal').fill('7600');
  await form.getByLabel('CLABE').fill('012180001234567897');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form.getByText('RFC no válido: 12 caracteres (persona moral) o 13 (persona física) con fecha real.')).toBeVisible();
  await expect(form.getByText('Código postal no válido: 5 dígitos.')).toBeVisible();
  await expect(form.getByText('CLABE no válida: 18 dígitos con dígito verificador.')).toBeVisible();
  await form.getByLabel('RFC').fill('eee900101ab1');
  await expect(form.getByLabel('RFC')).toHaveValue('EEE900101AB1');
  await form.getByLabel('Código postal').fill('76000');
  await form.getByLabel('CLABE').fill('012180001234567899');
  // A whole-unit field refuses "1.5" days in Spanish (never 15, never rounded to 2).
  const creditDays = form.getByLabel('Días de crédito');
  await creditDays.fill('');
  await creditDays.pressSequentially('1.5');
  await creditDays.blur();
  await expect(creditDays).toHaveValue('1.5');
  await expect(form.getByText('Debe ser un número entero.')).toBeVisible();
  await creditDays.fill('2');
  await expect(creditDays).toHaveValue('2');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Proveedor registrado.')).toBeVisible();
  await expect(main(page).getByRole('row', { name: /Proveedor E2E SA de CV/ })).toContainText('EEE900101AB1');

  // Solicitudes de pago: the seeded request from Mantenimiento (OM-0012) is approved into an expense.
  await openScreen(page, 'Solicitudes de pago');
  await main(page).getByRole('row', { name: /OM-0012/ }).click();
  const dialog = page.getByRole('dialog', { name: /^Solicitud \d+/ });
  await dialog.getByRole('button', { name: 'Aprobar' }).click();
  await dialog.getByLabel('Folio de la factura').fill('R-778');
  await dialog.getByRole('button', { name: 'Aprobar y crear gasto' }).click();
  // Creating the gasto cannot be undone: asked first, naming the request.
  const confirm = page.getByRole('dialog', { name: 'Aprobar y crear gasto' });
  await expect(confirm).toContainText(/¿Aprobar la solicitud de pago \d+\? Esta acción no se puede deshacer\./);
  await confirm.getByRole('button', { name: 'Aprobar y crear gasto' }).click();
  await expect(page.getByText(/Solicitud \d+ aprobada: se creó el gasto \d+\./)).toBeVisible();
  // The status first, then the search: a list that changes under an open dropdown moves its options
  // (the approved request leaves the default Pendiente list as soon as the search lands).
  await main(page).getByLabel('Estado').click();
  await page.getByRole('option', { name: 'Aprobada' }).click();
  await expect(page).toHaveURL(/status=aprobada/);
  await main(page).getByRole('textbox', { name: /Buscar/ }).fill('OM-0012');
  await expect(page).toHaveURL(/search=OM-0012/);
  await expect(main(page).getByRole('row', { name: /OM-0012/ })).toContainText('Aprobada');

  // Reportes: the aging has a total row; the spend report groups by category.
  await openScreen(page, 'Reportes');
  await expect(main(page).getByRole('columnheader', { name: 'Más de 90 días' })).toBeVisible();
  await expect(main(page).getByRole('row', { name: /Refaccionaria Hidalgo/ })).toBeVisible();
  await expect(main(page).locator('tfoot')).toContainText('Total');
  await main(page).getByRole('tab', { name: 'Gasto' }).click();
  await main(page).getByText('Por categoría').click();
  await expect(main(page).getByRole('row', { name: /Combustible/ })).toBeVisible();
});

test('another user\'s changes reach an open Gastos list at once and an open expense offers to reload', async ({ page, request }) => {
  await signIn(page, 'compras@demo.mx');
  await openScreen(page, 'Gastos');
  await expect(page).toHaveURL('/system/shoppingModule/expenses');
  const folio = `LIVE${Date.now() % 1_000_000}`;
  await expect(main(page).getByRole('row', { name: new RegExp(folio) })).toHaveCount(0);

  // The administrator registers it through the API (as an integrator or another screen would).
  const token = await apiToken(request, ADMIN);
  const supplier = (await gql<{ supplierOptions: { id: string }[] }>(request, token, '{ supplierOptions(activeOnly: true) { id } }')).supplierOptions[0].id;
  const input = { supplierId: supplier, date: new Date().toISOString().slice(0, 10), invoiceSerie: 'L', invoiceFolio: folio, category: 'Papelería', subtotal: '100', ivaRate: '0.16', isrRetentionRate: '0', ivaRetentionRate: '0' };
  const created = (await gql<{ expenseCreate: { id: string; version: number } }>(request, token, 'mutation($i: ExpenseInput!){ expenseCreate(input: $i){ id version } }', { i: input })).expenseCreate;
  const row = main(page).getByRole('row', { name: new RegExp(folio) });
  await expect(row).toBeVisible();

  // With the expense open, the administrator changes it: the form says so and reloads on request.
  await row.click();
  await expect(page).toHaveURL(new RegExp(`expenses-form\\?id=${created.id}`));
  await expect(main(page).getByLabel('Categoría')).toHaveValue('Papelería');
  await gql(request, token, 'mutation($id: ID!, $v: Int!, $i: ExpenseInput!){ expenseUpdate(id: $id, version: $v, input: $i){ id } }', { id: created.id, v: created.version, i: { ...input, category: 'Cafetería' } });
  await expect(main(page).getByText('Otro usuario modificó este registro mientras lo tenías abierto.', { exact: false })).toBeVisible();
  await main(page).getByRole('button', { name: 'Recargar' }).click();
  await expect(main(page).getByLabel('Categoría')).toHaveValue('Cafetería');
  await expect(main(page).getByText('Otro usuario modificó este registro', { exact: false })).toHaveCount(0);

  // Its Historial says who created and changed it, with the field that changed; a note stays there.
  await main(page).getByRole('button', { name: 'Historial' }).click();
  const drawer = page.getByRole('dialog', { name: /Historial/ });
  await expect(drawer.getByText('Modificación')).toBeVisible();
  await expect(drawer.getByText('Alta')).toBeVisible();
  await expect(drawer.getByText('Categoría:')).toBeVisible();
  await expect(drawer.getByText('Papelería')).toBeVisible();
  await drawer.getByRole('button', { name: 'Agregar nota' }).click();
  await expect(drawer.getByText('Escribe la nota.')).toBeVisible();
  await drawer.getByLabel('Agregar una nota').fill('Confirmado con el proveedor por teléfono');
  await drawer.getByRole('button', { name: 'Agregar nota' }).click();
  await expect(drawer.getByText('Confirmado con el proveedor por teléfono')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // Ctrl+S saves the form without reaching for the save bar.
  await main(page).getByLabel('Categoría').fill('Limpieza');
  await page.keyboard.press('Control+s');
  await expect(page.getByText('Gasto guardado.')).toBeVisible();
  await expect(page).toHaveURL(/\/system\/shoppingModule\/expenses$/);
  await expect(main(page).getByRole('row', { name: new RegExp(folio) })).toContainText('Limpieza');
});

test('a saved view of Gastos comes back from the Vistas menu after a reload', async ({ page }) => {
  await signIn(page, 'compras@demo.mx');
  await openScreen(page, 'Gastos');
  await main(page).getByPlaceholder('Buscar por proveedor, factura, UUID, categoría o folio').fill('Combustibles');
  await expect(page).toHaveURL(/search=Combustibles/);
  await main(page).getByRole('button', { name: 'Vistas' }).click();
  await page.getByRole('menuitem', { name: 'Guardar vista actual…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Guardar vista' });
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText('Ponle nombre a la vista.')).toBeVisible();
  await dialog.getByLabel('Nombre de la vista').fill('Combustible');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Vista «Combustible» guardada.')).toBeVisible();

  await page.goto('/system/shoppingModule/expenses');
  await page.reload();
  await main(page).getByRole('button', { name: 'Vistas' }).click();
  await page.getByRole('menuitem', { name: 'Combustible' }).click();
  await expect(page).toHaveURL(/\/system\/shoppingModule\/expenses\?search=Combustibles$/);
  await expect(main(page).getByPlaceholder('Buscar por proveedor, factura, UUID, categoría o folio')).toHaveValue('Combustibles');
});
