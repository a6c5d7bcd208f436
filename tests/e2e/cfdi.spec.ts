// Facturación electrónica as an admin does it in the browser (issue 26, «Done when»): load the
// company's CSD (a wrong password refused in Spanish first), issue a PUE invoice, give it a credit
// note, cancel an invoice with substitution (motivo 01), issue a PPD invoice and collect it in two
// partial payments with their payment complements, and read a supplier's CFDI into a Compras
// expense. Every CFDI is downloaded through the screen and checked apart from the code that made
// it (tests/unit/cfdi/fixtures.ts: SAT's XSDs, the cadena from SAT's XSLT, the seal against the
// certificate in the file, the TFD's SelloCFD and the sandbox PAC's SelloSAT), totals to the cent.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { checkStampedCfdi, CSD_DIR } from '../unit/cfdi/fixtures';
import { stampedSupplierCfdi } from '../unit/cfdi/supplierCfdi';
import { ADMIN, apiToken, gql, signIn } from './fixtures';

const UUID = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/i;
// SAT's test receptor; the demo company is the test CSD's holder (EKU9003173C9).
const CLIENT = { rfc: 'URE180429TM6', name: 'UNIVERSIDAD ROBOTICA ESPAÑOLA' };

const sideNav = (page: Page) => page.getByRole('navigation', { name: 'Módulos' });
const main = (page: Page) => page.locator('main');

const LANDINGS = { Ventas: '/system/sales', Compras: '/system/shopping', Configuración: '/system/settings' } as const;

async function openScreen(page: Page, module: keyof typeof LANDINGS, card: string) {
  await sideNav(page).getByRole('link', { name: module, exact: true }).click();
  await expect(page).toHaveURL(LANDINGS[module]);
  await main(page).getByRole('link', { name: new RegExp(`^${card}`) }).first().click();
}

async function pickOption(page: Page, input: Locator, option: string | RegExp, search?: string) {
  await input.click();
  if (search) await input.fill(search);
  await page.getByRole('option', { name: option }).first().click();
  // What a person checks before going on: the field now shows the option picked (a search answered
  // late must not have replaced the list under the click).
  await expect(input).toHaveValue(option);
}

async function confirm(page: Page, button: string) {
  await page.getByRole('dialog').getByRole('button', { name: button, exact: true }).click();
}

/** Picks a file through the browser's file chooser, as a person does after clicking the field. */
async function chooseFile(page: Page, trigger: Locator, file: string | { name: string; mimeType: string; buffer: Buffer }) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), trigger.click()]);
  await chooser.setFiles(file);
}

/** Clicks a download button and reads the file the browser saved. */
async function downloaded(page: Page, button: Locator): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return { name: download.suggestedFilename(), text: fs.readFileSync(await download.path(), 'utf8') };
}

const attrsOf = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag} ([^>]*?)/?>`, 'g'))].map((m) => Object.fromEntries([...m[1].matchAll(/(\w+)="([^"]*)"/g)].map((a) => [a[1], a[2]])));

/** The checks every CFDI of the journey must pass; returns its UUID. */
async function expectValidCfdi(xml: string, uuid?: string): Promise<string> {
  const check = await checkStampedCfdi(xml);
  expect(check, check.xsdErrors.join('\n')).toMatchObject({ xsdValid: true, selloValid: true, selloCfdMatches: true, selloSatValid: true });
  expect(check.uuid).toMatch(UUID);
  if (uuid) expect(check.uuid).toBe(uuid);
  // Sealed with the company's CSD (SAT's test certificate), issued just now: Fecha is Mexico City's wall time (UTC−6).
  expect(attrsOf(xml, 'cfdi:Emisor')[0]).toMatchObject({ Rfc: 'EKU9003173C9' });
  const issued = Date.parse(`${attrsOf(xml, 'cfdi:Comprobante')[0].Fecha}-06:00`);
  expect(Math.abs(Date.now() - issued)).toBeLessThan(15 * 60_000);
  return check.uuid;
}

/**
 * API set-up of a record the journey needs once (a client, a supplier): created when missing. Another
 * worker may create it at the same moment (its RFC is unique): then it is there when asked again.
 */
async function ensure(exists: () => Promise<boolean>, create: () => Promise<unknown>): Promise<void> {
  if (await exists()) return;
  try {
    await create();
  } catch (caught) {
    if (!(await exists())) throw caught;
  }
}

/** Ventas › Facturas › Nueva factura with one free concept; saved and emitted (sealed, stamped). */
async function issueInvoice(page: Page, o: { metodo: 'PUE' | 'PPD'; description: string; quantity: string; price: string; total: string }): Promise<{ label: string; uuid: string }> {
  await openScreen(page, 'Ventas', 'Facturas');
  await main(page).getByRole('button', { name: 'Nueva factura' }).click();
  await expect(page).toHaveURL(/bills-form$/);
  const form = main(page);
  await pickOption(page, form.getByRole('combobox', { name: 'Cliente', exact: true }), new RegExp(CLIENT.name), CLIENT.rfc);
  if (o.metodo === 'PUE') {
    await pickOption(page, form.getByRole('combobox', { name: 'Método de pago', exact: true }), /^PUE/);
    // PUE is paid at once: its forma de pago is no longer 99 (por definir).
    await expect(form.getByRole('combobox', { name: 'Forma de pago', exact: true })).toHaveValue(/^03/);
  }
  await form.getByLabel('Descripción 1').fill(o.description);
  await form.getByLabel('Cantidad 1').fill(o.quantity);
  await form.getByLabel('Precio unitario 1').fill(o.price);
  await expect(page.getByTestId('document-totals')).toContainText(o.total);
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Factura guardada en borrador.').last()).toBeVisible();
  await expect(page).toHaveURL(/bills-form\?id=\d+/);
  await main(page).getByRole('button', { name: 'Emitir' }).click();
  await confirm(page, 'Emitir');
  const emitted = page.getByText(/^Factura A-\d+ emitida\.$/).last();
  await expect(emitted).toBeVisible();
  const label = /A-\d+/.exec(await emitted.innerText())?.[0] ?? '';
  const stamp = main(page).getByTestId('invoice-stamp');
  await expect(stamp.getByText('Timbrada', { exact: true })).toBeVisible();
  await expect(stamp.getByText('Timbrada por el PAC de pruebas: SIN VALIDEZ FISCAL')).toBeVisible();
  const uuid = await stamp.getByTestId('invoice-uuid').innerText();
  expect(uuid).toMatch(UUID);
  return { label, uuid };
}

test.beforeAll(async ({ request }) => {
  // Set-up that is not the point of the journey: SAT's test receptor as a client.
  const token = await apiToken(request, ADMIN);
  await ensure(
    async () => (await gql<{ clientOptions: { rfc: string }[] }>(request, token, 'query($s:String){ clientOptions(search:$s){ rfc } }', { s: CLIENT.rfc })).clientOptions.some((c) => c.rfc === CLIENT.rfc),
    () => gql(request, token, 'mutation($i:ClientInput!){ clientCreate(input:$i){ id } }', { i: { ...CLIENT, regimenFiscal: '601', postalCode: '86991', usoCfdi: 'G03', creditDays: 30, creditLimit: '0', active: true } }),
  );
});

test('CSD, PUE invoice, credit note and cancellation with substitution, every XML checked', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, ADMIN);

  // 1. Configuración › Empresa: the emisor's data and its CSD; a wrong password is refused in Spanish, then the CSD loads.
  await openScreen(page, 'Configuración', 'Empresa');
  await expect(page).toHaveURL('/system/company');
  await expect(main(page).getByText('EKU9003173C9', { exact: true }).first()).toBeVisible();
  await main(page).getByRole('button', { name: /^(Cargar|Reemplazar) CSD$/ }).click();
  const csd = page.getByRole('dialog', { name: 'Certificado de sello digital (CSD)' });
  await chooseFile(page, csd.getByRole('button', { name: 'Certificado (.cer)' }), path.join(CSD_DIR, 'EKU9003173C9.cer'));
  await chooseFile(page, csd.getByRole('button', { name: 'Llave privada (.key)' }), path.join(CSD_DIR, 'EKU9003173C9.key'));
  await csd.getByLabel(/^Contraseña de la llave privada/).fill('no-es-la-clave');
  await csd.getByRole('button', { name: 'Cargar CSD' }).click();
  await expect(csd.getByText('La contraseña de la llave privada (.key) es incorrecta.')).toBeVisible();
  await csd.getByLabel(/^Contraseña de la llave privada/).fill('12345678a');
  await csd.getByRole('button', { name: 'Cargar CSD' }).click();
  await expect(page.getByText('CSD cargado: las facturas se sellarán con el certificado 30001000000500003416.').last()).toBeVisible();
  await expect(csd).toBeHidden();
  // The screen shows the loaded certificate: its number and the RFC it belongs to.
  await expect(main(page).getByText('30001000000500003416', { exact: true })).toBeVisible();
  await expect(main(page).getByRole('button', { name: 'Reemplazar CSD' })).toBeVisible();

  // 2. A PUE invoice: 10 × $1,250.00 = $12,500.00 + IVA 16 % $2,000.00 = $14,500.00.
  const pue = await issueInvoice(page, { metodo: 'PUE', description: 'Servicio de vigilancia, noviembre', quantity: '10', price: '1250', total: '$14,500.00' });
  const invoiceXml = await downloaded(page, main(page).getByRole('button', { name: 'XML CFDI' }));
  expect(invoiceXml.name).toBe(`Factura-${pue.label}.xml`);
  await expectValidCfdi(invoiceXml.text, pue.uuid);
  expect(attrsOf(invoiceXml.text, 'cfdi:Comprobante')[0]).toMatchObject({ TipoDeComprobante: 'I', MetodoPago: 'PUE', FormaPago: '03', SubTotal: '12500.00', Total: '14500.00' });
  expect(attrsOf(invoiceXml.text, 'cfdi:Receptor')[0]).toMatchObject({ Rfc: CLIENT.rfc });
  expect(attrsOf(invoiceXml.text, 'cfdi:Impuestos')[0]).toMatchObject({ TotalImpuestosTrasladados: '2000.00' });

  // 3. Nota de crédito: a $1,000.00 bonificación + IVA $160.00 = $1,160.00; the balance goes 14,500.00 → 13,340.00.
  await main(page).getByRole('button', { name: 'Nota de crédito' }).click();
  const note = page.getByRole('dialog', { name: `Nota de crédito de la factura ${pue.label}` });
  await note.getByLabel('Precio unitario 1').fill('1000');
  await expect(note.getByRole('row', { name: /^Saldo después de la nota/ })).toContainText('$13,340.00');
  await note.getByRole('button', { name: 'Emitir nota de crédito' }).click();
  const noteToast = page.getByText(/^Nota de crédito \S+ emitida y timbrada\.$/).last();
  await expect(noteToast).toBeVisible();
  const noteLabel = /Nota de crédito (\S+) emitida/.exec(await noteToast.innerText())?.[1] ?? '';
  await expect(main(page).getByRole('row', { name: /^Saldo/ }).last()).toContainText('$13,340.00');
  const noteXml = await downloaded(page, main(page).getByRole('button', { name: `XML ${noteLabel}` }));
  await expectValidCfdi(noteXml.text);
  expect(attrsOf(noteXml.text, 'cfdi:Comprobante')[0]).toMatchObject({ TipoDeComprobante: 'E', SubTotal: '1000.00', Total: '1160.00' });
  expect(attrsOf(noteXml.text, 'cfdi:CfdiRelacionados')[0]).toEqual({ TipoRelacion: '01' });
  expect(attrsOf(noteXml.text, 'cfdi:CfdiRelacionado')[0]).toEqual({ UUID: pue.uuid });

  // 4. Cancellation with substitution: an invoice with an error (1 × $500.00 + IVA = $580.00), the
  //    correct one stamped (1 × $550.00 + IVA $88.00 = $638.00), then the first cancelled naming it.
  //    Up to $1,000.00 SAT cancels without the receptor's acceptance.
  const wrong = await issueInvoice(page, { metodo: 'PUE', description: 'Mantenimiento (precio erróneo)', quantity: '1', price: '500', total: '$580.00' });
  const wrongUrl = page.url();
  const substitute = await issueInvoice(page, { metodo: 'PUE', description: 'Mantenimiento', quantity: '1', price: '550', total: '$638.00' });
  const substituteXml = await downloaded(page, main(page).getByRole('button', { name: 'XML CFDI' }));
  await expectValidCfdi(substituteXml.text, substitute.uuid);
  expect(attrsOf(substituteXml.text, 'cfdi:Comprobante')[0]).toMatchObject({ SubTotal: '550.00', Total: '638.00' });
  await page.goto(wrongUrl);
  await main(page).getByRole('button', { name: 'Cancelar factura' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancelar factura' });
  await pickOption(page, cancel.getByRole('combobox', { name: 'Motivo ante el SAT', exact: true }), /^01 · /);
  await pickOption(page, cancel.getByRole('combobox', { name: 'Factura que la sustituye', exact: true }), new RegExp(`^${substitute.label} · \\$638\\.00`));
  await cancel.getByRole('textbox', { name: 'Explicación (queda en el Historial)', exact: true }).fill('Precio equivocado: la sustituye la factura correcta.');
  await cancel.getByRole('button', { name: 'Cancelar factura' }).click();
  await expect(page.getByText('Factura cancelada.').last()).toBeVisible();
  // The record says where the cancellation stands, its motivo and the CFDI that replaces it.
  const cancelled = main(page).getByTestId('invoice-sat-cancel');
  await expect(cancelled).toContainText('Cancelada ante el SAT');
  await expect(cancelled).toContainText('Motivo: 01 · Comprobante emitido con errores con relación (lo sustituye otra factura)');
  await expect(cancelled.getByTestId('invoice-substitute-uuid')).toHaveText(substitute.uuid);
  await expect(main(page).getByText('Cancelada', { exact: true }).first()).toBeVisible();
  // The cancelled invoice's CFDI is still the stamped one (SAT keeps it, cancelled).
  const wrongXml = await downloaded(page, main(page).getByRole('button', { name: 'XML CFDI' }));
  await expectValidCfdi(wrongXml.text, wrong.uuid);
  expect(attrsOf(wrongXml.text, 'cfdi:Comprobante')[0]).toMatchObject({ SubTotal: '500.00', Total: '580.00' });
});

test('PPD invoice paid in two parts with their payment complements; a supplier CFDI fills an expense', async ({ page, request }) => {
  test.setTimeout(180_000);
  await signIn(page, ADMIN);

  // 1. A PPD invoice: 1 × $10,000.00 + IVA $1,600.00 = $11,600.00 (forma 99).
  const ppd = await issueInvoice(page, { metodo: 'PPD', description: 'Obra eléctrica, estimación 1', quantity: '1', price: '10000', total: '$11,600.00' });
  const invoiceUrl = page.url();
  const invoiceXml = await downloaded(page, main(page).getByRole('button', { name: 'XML CFDI' }));
  await expectValidCfdi(invoiceXml.text, ppd.uuid);
  expect(attrsOf(invoiceXml.text, 'cfdi:Comprobante')[0]).toMatchObject({ MetodoPago: 'PPD', FormaPago: '99', SubTotal: '10000.00', Total: '11600.00' });

  // 2. Two payments, each with its complement (REP 2.0), proportional taxes by hand:
  //    p1 = 5,000.00 / 11,600.00: BaseDR = 10,000.00 × p1 = 4,310.3448… → 4,310.34; ImporteDR = 1,600.00 × p1 = 689.6551… → 689.66.
  //    p2 = 6,600.00 / 11,600.00: BaseDR = 5,689.6551… → 5,689.66; ImporteDR = 910.3448… → 910.34 (4,310.34 + 5,689.66 = 10,000.00; 689.66 + 910.34 = 1,600.00).
  const payments = [
    { amount: '5000', parcialidad: '1', saldoAnt: '11600.00', pagado: '5000.00', insoluto: '6600.00', base: '4310.34', iva: '689.66', balance: '$6,600.00' },
    { amount: '6600', parcialidad: '2', saldoAnt: '6600.00', pagado: '6600.00', insoluto: '0.00', base: '5689.66', iva: '910.34', balance: '$0.00' },
  ];
  const complementUuids: string[] = [];
  for (const p of payments) {
    await main(page).getByRole('button', { name: 'Registrar pago' }).click();
    await expect(page).toHaveURL(/paymentsForm\?clientId=\d+&invoiceId=\d+/);
    const form = main(page);
    await pickOption(page, form.getByRole('combobox', { name: 'Cuenta de depósito', exact: true }), /BBVA Operación/);
    // Opened from the invoice, it comes ticked with its whole balance; the amount received then
    // becomes what this payment settles, without retyping it in the invoice's row.
    const row = form.getByRole('row', { name: new RegExp(ppd.label) });
    await expect(row.getByRole('checkbox')).toBeChecked();
    const cents = (figure: string) => new RegExp(`^${figure.replace(/\.00$/, '').replace(/\B(?=(\d{3})+$)/g, ',?')}\\.00$`);
    await expect(row.getByRole('textbox')).toHaveValue(cents(p.saldoAnt));
    await form.getByRole('textbox', { name: 'Importe recibido (MXN)', exact: true }).fill(p.amount);
    await expect(row.getByRole('textbox')).toHaveValue(cents(p.pagado));
    await expect(form.getByText('Sin aplicar:')).toContainText('$0.00');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText(/^Pago PAG-\d{5} registrado\.$/).last()).toBeVisible();
    await expect(page).toHaveURL(/paymentsForm\?id=\d+/);
    const complement = page.getByTestId('payment-complement');
    await expect(complement).toContainText('Timbrado');
    await expect(complement).toContainText('SIN VALIDEZ FISCAL');
    const uuid = await complement.getByTestId('payment-uuid').innerText();
    const rep = await downloaded(page, main(page).getByRole('button', { name: 'XML', exact: true }));
    complementUuids.push(await expectValidCfdi(rep.text, uuid));
    expect(attrsOf(rep.text, 'cfdi:Comprobante')[0]).toMatchObject({ TipoDeComprobante: 'P', SubTotal: '0', Total: '0', Moneda: 'XXX' });
    expect(attrsOf(rep.text, 'pago20:Pago')[0]).toMatchObject({ Monto: p.pagado, MonedaP: 'MXN' });
    expect(attrsOf(rep.text, 'pago20:DoctoRelacionado')).toEqual([
      { IdDocumento: ppd.uuid, Serie: 'A', Folio: ppd.label.slice(2), MonedaDR: 'MXN', EquivalenciaDR: '1', NumParcialidad: p.parcialidad, ImpSaldoAnt: p.saldoAnt, ImpPagado: p.pagado, ImpSaldoInsoluto: p.insoluto, ObjetoImpDR: '02' },
    ]);
    expect(attrsOf(rep.text, 'pago20:TrasladoDR')).toEqual([{ BaseDR: p.base, ImpuestoDR: '002', TipoFactorDR: 'Tasa', TasaOCuotaDR: '0.160000', ImporteDR: p.iva }]);
    expect(attrsOf(rep.text, 'pago20:Totales')).toEqual([{ TotalTrasladosBaseIVA16: p.base, TotalTrasladosImpuestoIVA16: p.iva, MontoTotalPagos: p.pagado }]);
    // Back to the invoice: the payment is listed and the balance dropped.
    await page.goto(invoiceUrl);
    await expect(main(page).getByRole('row', { name: /^Saldo/ }).last()).toContainText(p.balance);
  }
  expect(new Set(complementUuids).size).toBe(2);
  await expect(main(page).getByText('Pagada', { exact: true }).first()).toBeVisible();

  // 3. Compras › Gastos › Nuevo gasto › «Leer CFDI del proveedor»: the supplier's stamped XML
  //    (2 × $1,234.56 = $2,469.12 + IVA $395.06 = $2,864.18) fills the expense. Its supplier is set
  //    up by API (the demo company is the test CSD's holder, so it is its own supplier here).
  const token = await apiToken(request, ADMIN);
  await ensure(
    async () => (await gql<{ supplierOptions: { rfc: string }[] }>(request, token, '{ supplierOptions(activeOnly:false){ rfc } }')).supplierOptions.some((s) => s.rfc === 'EKU9003173C9'),
    () => gql(request, token, 'mutation($i:SupplierInput!){ supplierCreate(input:$i){ id } }', { i: { rfc: 'EKU9003173C9', name: 'ESCUELA KEMPER URGATE', taxRegime: '601', postalCode: '42501', creditDays: 15, active: true } }),
  );
  const folio = `CF${Date.now() % 1_000_000}`;
  const supplierXml = await stampedSupplierCfdi({ folio }, `e2e-cfdi-${folio}`);
  await openScreen(page, 'Compras', 'Gastos');
  await main(page).getByRole('button', { name: 'Nuevo gasto' }).click();
  await expect(page).toHaveURL(/expenses-form$/);
  const form = main(page);
  await chooseFile(page, form.getByRole('button', { name: 'Leer CFDI del proveedor' }), { name: `A-${folio}.xml`, mimeType: 'text/xml', buffer: Buffer.from(supplierXml.xml) });
  const summary = page.getByTestId('supplier-cfdi');
  await expect(summary).toContainText(supplierXml.uuid);
  await expect(summary).toContainText('ESCUELA KEMPER URGATE (EKU9003173C9)');
  await expect(summary).toContainText('Los importes del gasto coinciden con el CFDI.');
  await expect(form.getByRole('combobox', { name: 'Proveedor', exact: true })).toHaveValue(/ESCUELA KEMPER URGATE/);
  await expect(form.getByRole('textbox', { name: 'Serie', exact: true })).toHaveValue('A');
  await expect(form.getByRole('textbox', { name: 'Folio de la factura', exact: true })).toHaveValue(folio);
  await expect(form.getByRole('textbox', { name: 'UUID del CFDI', exact: true })).toHaveValue(supplierXml.uuid);
  await expect(form.getByRole('textbox', { name: 'Subtotal', exact: true })).toHaveValue(/^2,?469\.12$/);
  const totals = form.getByRole('table', { name: 'Totales del gasto' });
  await expect(totals.getByRole('row', { name: /^IVA/ })).toContainText('$395.06');
  await expect(totals.getByRole('row', { name: /^Total/ })).toContainText('$2,864.18');
  await form.getByRole('combobox', { name: 'Categoría', exact: true }).fill('Servicios');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(/^Gasto \S+ registrado: adjunta aquí el XML y el PDF del proveedor\.$/).last()).toBeVisible();
  await expect(page).toHaveURL(/expenses-form\?id=\d+$/);
  // Saved, the XML is its voucher and SAT's status is recorded (offline here: pendiente de consultar).
  await expect(main(page).getByText('Estado en el SAT: pendiente de consultar')).toBeVisible();
  await expect(main(page).getByRole('button', { name: `A-${folio}.xml`, exact: true })).toBeVisible();
});
