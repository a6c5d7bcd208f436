// Ventas as a seller uses it, the whole revenue chain through the screens:
// client → quote → accepted → contract → service order → generador →
// authorised → invoice (emitted) → partial payment → the aging report shows
// what is still owed. Everything after the client is created from the
// previous document, without retyping. Last, a PPD collection's payment
// complement is stamped from the payment screen.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from './fixtures';

const sideNav = (page: Page) => page.getByRole('navigation', { name: 'Módulos' });
const main = (page: Page) => page.locator('main');

async function openScreen(page: Page, card: string) {
  await sideNav(page).getByRole('link', { name: 'Ventas', exact: true }).click();
  await expect(page).toHaveURL('/system/sales');
  await main(page).getByRole('link', { name: new RegExp(`^${card}`) }).first().click();
}

async function pickOption(page: Page, scope: Locator, label: string | RegExp, option: string | RegExp, search?: string) {
  const input = scope.getByLabel(label).first();
  await input.click();
  if (search) await input.fill(search);
  await page.getByRole('option', { name: option }).first().click();
}

async function confirm(page: Page, button: string) {
  await page.getByRole('dialog').getByRole('button', { name: button, exact: true }).click();
}

test('client → quote → contract → order → generador → invoice → partial payment → aging', async ({ page }) => {
  test.setTimeout(240_000);
  // The e2e server starts on a fresh database: fixed fiscal data cannot collide.
  const name = 'CONSTRUCTORA DEL NORESTE E2E';
  const rfc = 'CNE200115AB1';
  await signIn(page, 'ventas@demo.mx');

  // 1. Clientes → Nuevo cliente
  await openScreen(page, 'Clientes');
  await expect(page).toHaveURL('/system/salesModule/clients');
  await main(page).getByRole('button', { name: 'Nuevo cliente' }).click();
  let form = main(page);
  await form.getByLabel('RFC', { exact: false }).first().fill('ABC');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form.getByText(/RFC no válido/)).toBeVisible();
  await form.getByLabel(/^RFC/).fill(rfc);
  await form.getByLabel(/^Razón social/).fill(name);
  await form.getByLabel(/^Código postal fiscal/).fill('64000');
  await form.getByLabel(/^Días de crédito/).fill('30');
  await form.getByRole('button', { name: 'Agregar contacto' }).click();
  await form.getByLabel('Nombre 1').fill('Ing. Laura Garza');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Cliente registrado.')).toBeVisible();
  await expect(page).toHaveURL('/system/salesModule/clients');

  // 2. Cotizaciones → Nueva cotización: 10 × $1,500.00 = $15,000.00 + IVA $2,400.00 = $17,400.00
  await openScreen(page, 'Cotizaciones');
  await main(page).getByRole('button', { name: 'Nueva cotización' }).click();
  form = main(page);
  await pickOption(page, form, /^Cliente/, new RegExp(name), name);
  await form.getByLabel('Asunto').fill('Mantenimiento de planta');
  await form.getByLabel('Descripción 1').fill('Mantenimiento preventivo a subestación');
  await form.getByLabel('Cantidad 1').fill('10');
  // Enter moves along the line, as in a spreadsheet.
  await form.getByLabel('Cantidad 1').press('Enter');
  await expect(form.getByLabel('Precio unitario 1')).toBeFocused();
  await page.keyboard.type('1500');
  await expect(page.getByTestId('document-totals')).toContainText('$17,400.00');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Cotización registrada.')).toBeVisible();
  await expect(page).toHaveURL(/quotes-form\?id=\d+/);

  // 3. Enviar y aceptar; convertir a contrato.
  await main(page).getByRole('button', { name: 'Enviar', exact: true }).click();
  await confirm(page, 'Enviar');
  await expect(page.getByText('Cotización marcada como enviada.')).toBeVisible();
  await main(page).getByRole('button', { name: 'Aceptar', exact: true }).click();
  await confirm(page, 'Aceptar');
  await expect(page.getByText('Cotización aceptada.')).toBeVisible();
  await main(page).getByRole('button', { name: 'Convertir a contrato' }).click();
  await expect(page).toHaveURL(/contracts-form\?quoteId=\d+/);
  form = main(page);
  await expect(form.getByLabel('Descripción 1')).toHaveValue('Mantenimiento preventivo a subestación');
  await expect(page.getByTestId('contract-amount')).toHaveText('$15,000.00');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Contrato registrado.')).toBeVisible();
  await expect(page).toHaveURL(/contracts-form\?id=\d+/);

  // 4. Nueva orden de servicio bajo el contrato.
  await main(page).getByRole('button', { name: 'Nueva orden de servicio' }).click();
  await expect(page).toHaveURL(/orders-service-form\?contractId=\d+/);
  form = main(page);
  await form.getByLabel(/^Descripción del trabajo/).fill('Primera etapa de mantenimiento');
  await form.getByLabel('Sitio').fill('Subestación principal');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Orden registrada.')).toBeVisible();
  await expect(page).toHaveURL(/orders-service-form\?id=\d+/);

  // 5. Capturar generador: 4 de 10; 11 es rechazado con las cifras.
  await main(page).getByRole('button', { name: 'Capturar generador' }).click();
  await expect(page).toHaveURL(/generators-form\?orderId=\d+/);
  form = main(page);
  await form.getByLabel('Cantidad 1').fill('11');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form.getByText(/excede lo contratado: contratado 10 Servicio, acumulado en otros generadores 0, capturado 11; disponible 10/)).toBeVisible();
  await form.getByLabel('Cantidad 1').fill('4');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Generador registrado.')).toBeVisible();
  await expect(page).toHaveURL(/generators-form\?id=\d+/);
  await main(page).getByRole('button', { name: 'Autorizar' }).click();
  await confirm(page, 'Autorizar');
  await expect(page.getByText('Generador autorizado.')).toBeVisible();

  // 6. Facturar el generador: $6,000.00 + IVA $960.00 = $6,960.00; emitir.
  await main(page).getByRole('button', { name: 'Facturar' }).click();
  await expect(page).toHaveURL(/bills-form\?clientId=\d+&generatorId=\d+/);
  form = main(page);
  await expect(form.getByRole('checkbox', { name: /GEN-\d{5}/ })).toBeChecked();
  await expect(page.getByTestId('document-totals')).toContainText('$6,960.00');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Factura guardada en borrador.')).toBeVisible();
  await expect(page).toHaveURL(/bills-form\?id=\d+/);
  await main(page).getByRole('button', { name: 'Emitir' }).click();
  await confirm(page, 'Emitir');
  await expect(page.getByText(/Factura A-\d+ emitida\./)).toBeVisible();
  await expect(main(page).getByText('Emitida', { exact: true })).toBeVisible();
  // Sealed with the demo company's (SAT test) CSD and stamped by the sandbox PAC: the folio fiscal shows.
  const stampBox = main(page).getByTestId('invoice-stamp');
  await expect(stampBox.getByText('Timbrada', { exact: true })).toBeVisible();
  await expect(stampBox.getByTestId('invoice-uuid')).toHaveText(/^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/i);
  await expect(stampBox.getByText('Timbrada por el PAC de pruebas: SIN VALIDEZ FISCAL')).toBeVisible();

  // 7. Pago parcial de $2,000.00 a la cuenta BBVA.
  await main(page).getByRole('button', { name: 'Registrar pago' }).click();
  await expect(page).toHaveURL(/paymentsForm\?clientId=\d+&invoiceId=\d+/);
  form = main(page);
  await pickOption(page, form, /^Cuenta de depósito/, /BBVA Operación/);
  await form.getByLabel(/^Importe recibido/).fill('2000');
  const row = form.getByRole('row', { name: /A-\d+/ });
  await expect(row).toContainText('$6,960.00');
  await row.getByRole('textbox').fill('3000');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form.getByText('La suma aplicada ($3,000.00) excede el importe del pago ($2,000.00).')).toBeVisible();
  // Ticking an invoice proposes what is left of the payment, up to its balance: 2,000.00 of 6,960.00.
  await row.getByRole('checkbox').uncheck();
  await row.getByRole('checkbox').check();
  await expect(row.getByRole('textbox')).toHaveValue(/^2,?000\.00$/);
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(/Pago PAG-\d{5} registrado\./)).toBeVisible();
  await expect(page).toHaveURL(/paymentsForm\?id=\d+/);
  await expect(main(page).getByRole('row', { name: /A-\d+/ })).toContainText('$4,960.00');

  // 8. Reportes → Antigüedad de saldos: the rest is owed and not yet due (30 days of credit).
  await openScreen(page, 'Reportes');
  await main(page).getByRole('tab', { name: 'Antigüedad de saldos' }).click();
  const agingRow = page.getByTestId('report-aging').getByRole('row', { name: new RegExp(name) });
  await expect(agingRow).toContainText('$4,960.00');
  const cells = agingRow.getByRole('cell');
  await expect(cells.nth(1)).toHaveText('$4,960.00'); // Corriente
  await expect(cells.nth(6)).toHaveText('$4,960.00'); // Total

  // 9. Facturas → Agrupar por cliente: the client's group shows its invoice's total and what is still owed; a click opens its invoices.
  await openScreen(page, 'Facturas');
  await main(page).getByLabel('Buscar').fill(name);
  await main(page).getByLabel('Agrupar por', { exact: true }).click();
  await page.getByRole('option', { name: 'Agrupar por cliente' }).click();
  await expect(page).toHaveURL(/groupBy=CLIENT/);
  const group = main(page).getByRole('row', { name: `Ver los documentos de ${name}` });
  await expect(group).toContainText('$6,960.00');
  await expect(group).toContainText('$4,960.00');
  await expect(main(page).getByTestId('grand-total')).toContainText('$6,960.00');
  await group.click();
  await expect(page).toHaveURL(/clientId=\d+/);
  await expect(page).not.toHaveURL(/groupBy=/);
  await expect(main(page).getByRole('row', { name: /A-\d+/ })).toContainText('$4,960.00');

  // 10. Pagos: a demo collection of a stamped PPD invoice has no complement yet; «Timbrar complemento» issues it.
  await openScreen(page, 'Pagos');
  await main(page).getByRole('row', { name: /Sin emitir/ }).first().click();
  await expect(page).toHaveURL(/paymentsForm\?id=\d+/);
  const complement = page.getByTestId('payment-complement');
  await expect(complement).toContainText('Sin emitir');
  await main(page).getByRole('button', { name: 'Timbrar complemento' }).click();
  await confirm(page, 'Timbrar complemento');
  await expect(complement).toContainText('Timbrado');
  await expect(complement.getByTestId('payment-uuid')).toHaveText(/^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/i);
  await expect(main(page).getByRole('button', { name: 'Descargar XML y PDF' })).toBeVisible();
});
