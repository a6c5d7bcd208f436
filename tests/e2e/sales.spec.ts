// Ventas as a seller uses it, the whole revenue chain through the screens:
// client → quote → accepted → contract → service order → generador →
// authorised → invoice (emitted) → partial payment → the aging report shows
// what is still owed. Everything after the client is created from the
// previous document, without retyping. Last, a PPD collection's payment
// complement is stamped from the payment screen. Then what a contract earns
// (issue 28): a crew day with a vehicle's km on a service order and a viático
// comprobado with its supplier's CFDI, the contract's Costos with each line
// opening its document, and Costos por contrato sorted by margin.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { addDays, todayMx } from '../../schema/dates';
import { identityOf } from '../../server/modules/rh/employees/seed';
import { stampedSupplierCfdi } from '../unit/cfdi/supplierCfdi';
import { ADMIN, apiToken, gql, signIn } from './fixtures';

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

test('a contract\'s job cost: a crew day with a vehicle\'s km and a viático comprobado reach its Costos; each line opens its document; Costos por contrato sorted by margin', async ({ page, request }) => {
  test.setTimeout(180_000);
  // Set-up through the API (the revenue chain's screens are the journey above): a contract of 10 × 10,000.00
  // with a service order whose crew is two new semanal employees (400.00 and 600.00 a day: no closed payroll
  // prices their days, so the employer factor 0.35 does) and a new vehicle whose fuel gives 1.60 a km
  // ((1,500.00 + 1,700.00) ÷ (12,000 − 10,000) km); 10 pieces issued to the order from a requisition at the
  // average 85.00; a viático of 2,864.18 paid for the order; a generador of 5 × 10,000.00 authorised, invoiced, stamped.
  const token = await apiToken(request, ADMIN);
  const q = <T>(query: string, variables: Record<string, unknown> = {}) => gql<T>(request, token, query, variables);
  const today = todayMx();
  const tag = String(Date.now() % 100_000);
  const name = `Obra costeada E2E ${tag}`;
  const clientId = (await q<{ clientCreate: { id: string } }>('mutation($i: ClientInput!){ clientCreate(input:$i){ id } }', {
    i: { rfc: 'OCE200115AB1', name: 'OBRAS COSTEADAS E2E', regimenFiscal: '601', postalCode: '76000', usoCfdi: 'G03', creditDays: 30, creditLimit: '0', active: true, contacts: [] },
  })).clientCreate.id;
  const contract = (await q<{ contractCreate: { id: string; folio: number; concepts: { id: string }[] } }>('mutation($i: ContractInput!){ contractCreate(input:$i){ id folio concepts { id } } }', {
    i: { clientId, name, startDate: addDays(today, -30), endDate: addDays(today, 60), concepts: [{ description: 'Montaje de tablero', prodServKey: '72102900', unitKey: 'E48', unitName: 'Servicio', quantity: '10', unitPrice: '10000' }] },
  })).contractCreate;
  const { rhPositions } = await q<{ rhPositions: { items: { id: string; areaId: string }[] } }>('{ rhPositions(list:{pageSize:1}, filter:{active:true}){ items { id areaId } } }');
  const crew: { id: string; fullName: string }[] = [];
  for (const [i, [names, lastName, salary]] of ([['Ulises', 'Cuéllar', '400.00'], ['Rigoberto', 'Montaño', '600.00']] as const).entries()) {
    const person = { names, lastName, secondLastName: 'Obregón', birthDate: `199${i}-04-1${i}` };
    crew.push((await q<{ rhEmployeeCreate: { id: string; fullName: string } }>('mutation($i:RhEmployeeInput!){ rhEmployeeCreate(input:$i){ id fullName } }', {
      i: { ...person, ...identityOf({ ...person, sex: 'H', state: 'QT', seq: 61 + i }), number: `E2E-JC${tag}-${i}`, hireDate: '2025-01-06', dailySalary: salary, payFrequency: 'semanal', wageZone: 'general', postalCode: '76000', workState: 'QUE', contractType: '01', areaId: rhPositions.items[0].areaId, positionId: rhPositions.items[0].id },
    })).rhEmployeeCreate);
  }
  const eco = `JC-${tag}`;
  const vehicleId = (await q<{ vehicleCreate: { id: string } }>('mutation($i:VehicleInput!){ vehicleCreate(input:$i){ id } }', {
    i: { economicNumber: eco, plate: `JC${tag}`, brand: 'Nissan', model: 'NP300', year: 2022, vehicleType: 'Pick-up', fuel: 'diesel', acquisitionDate: '2022-03-15', initialKm: 10000, initialKmDate: addDays(today, -30) },
  })).vehicleCreate.id;
  for (const [n, km, litres, amount] of [[-25, 11000, '60', '1500'], [-20, 12000, '68', '1700']] as const) {
    await q('mutation($i:FuelLoadInput!){ fuelLoadCreate(input:$i){ id } }', { i: { vehicleId, loadedOn: addDays(today, n), odometerKm: km, litres, amount, fullTank: true, station: 'Estación Bernardo Quintana', fuelCard: '' } });
  }
  const order = (await q<{ serviceOrderCreate: { id: string; folio: number } }>('mutation($i: ServiceOrderInput!){ serviceOrderCreate(input:$i){ id folio } }', {
    i: { contractId: contract.id, description: `Montaje de tablero ${tag}`, site: 'Planta Querétaro', scheduledStart: addDays(today, -10), scheduledEnd: addDays(today, 20), crewEmployeeIds: crew.map((c) => c.id), vehicleIds: [vehicleId] },
  })).serviceOrderCreate;
  const refs = await q<{ productLines: { items: { id: string; code: string }[] }; warehouses: { items: { id: string; code: string }[] }; stockConcepts: { items: { id: string; code: string }[] } }>(
    '{ productLines(list:{ search: "FER" }){ items { id code } } warehouses(list:{ search: "ALM-CEN" }){ items { id code } } stockConcepts(list:{ search: "E-COM" }){ items { id code } } }',
  );
  const warehouseId = refs.warehouses.items.find((w) => w.code === 'ALM-CEN')!.id;
  const articleId = (await q<{ articleCreate: { id: string } }>('mutation($i: ArticleInput!){ articleCreate(input:$i){ id } }', {
    i: { sku: `E2E-JC${tag}`, name: 'Zapata de cobre 4/0', lineId: refs.productLines.items.find((l) => l.code === 'FER')!.id, unit: 'H87' },
  })).articleCreate.id;
  await q('mutation($i: StockMovementInput!){ stockMovementPost(input:$i){ id } }', {
    i: { date: today, conceptId: refs.stockConcepts.items.find((c) => c.code === 'E-COM')!.id, warehouseId, lines: [{ articleId, quantity: '20', unitCost: '85' }] },
  });
  const REQ = 'id version folio lines { id }';
  type Req = { id: string; version: number; folio: string; lines: { id: string }[] };
  const req = (await q<{ warehouseRequisitionCreate: Req }>(`mutation($i: WarehouseRequisitionInput!){ warehouseRequisitionCreate(input:$i){ ${REQ} } }`, {
    i: { area: 'Obra', warehouseId, neededDate: today, serviceOrderId: order.id, lines: [{ articleId, quantity: '10' }] },
  })).warehouseRequisitionCreate;
  const moveReq = async (op: string, r: Req) =>
    (await q<Record<string, Req>>(`mutation($id:ID!,$v:Int!,$l:[WarehouseRequisitionLineQuantity!]!){ ${op}(id:$id,version:$v,lines:$l){ ${REQ} } }`, { id: r.id, v: r.version, l: [{ lineId: r.lines[0].id, quantity: '10' }] }))[op];
  await moveReq('warehouseRequisitionFulfill', await moveReq('warehouseRequisitionAuthorize', req));
  const accountId = (await q<{ accountCreate: { id: string } }>('mutation($i:CompanyAccountCreateInput!){ accountCreate(input:$i){ id } }', { i: { name: `Caja de obra ${tag}`, openingBalance: '5000', openingDate: addDays(today, -30) } })).accountCreate.id;
  const advance = (await q<{ viaticoCreate: { id: string; version: number; folioText: string } }>('mutation($i:ViaticoInput!){ viaticoCreate(input:$i){ id version folioText } }', {
    i: { employeeId: crew[0].id, serviceOrderId: order.id, accountId, date: today, purpose: `Material eléctrico en sitio ${tag}`, amount: '2864.18' },
  })).viaticoCreate;
  await q('mutation($id:ID!,$v:Int!){ viaticoPay(id:$id,version:$v){ id } }', { id: advance.id, v: advance.version });
  const gen = (await q<{ generatorCreate: { id: string; version: number } }>('mutation($i: GeneratorInput!){ generatorCreate(input:$i){ id version } }', {
    i: { orderId: order.id, periodStart: addDays(today, -10), periodEnd: today, lines: [{ conceptId: contract.concepts[0].id, quantity: '5' }] },
  })).generatorCreate;
  await q('mutation($id:ID!,$v:Int!){ generatorAuthorize(id:$id,version:$v){ id } }', { id: gen.id, v: gen.version });
  const invoice = (await q<{ invoiceCreate: { id: string; version: number } }>('mutation($i: InvoiceInput!){ invoiceCreate(input:$i){ id version } }', {
    i: { clientId, serie: 'A', date: today, formaPago: '99', metodoPago: 'PPD', usoCfdi: 'G03', generatorIds: [gen.id] },
  })).invoiceCreate;
  await q('mutation($id:ID!,$v:Int!){ invoiceEmit(id:$id,version:$v){ id } }', { id: invoice.id, v: invoice.version });

  await signIn(page, ADMIN);

  // 1. The order's day on site: both of the crew at 8 h, the 400.00 one with 2 h overtime, the vehicle ran 80 km.
  await openScreen(page, 'Órdenes de Servicio');
  await main(page).getByRole('textbox', { name: /Buscar/ }).first().fill(`Montaje de tablero ${tag}`);
  await main(page).getByRole('row', { name: new RegExp(`Montaje de tablero ${tag}`) }).click();
  await expect(page).toHaveURL(new RegExp(`orders-service-form\\?id=${order.id}`));
  await main(page).getByRole('button', { name: 'Registrar día' }).click();
  const day = page.getByRole('dialog', { name: 'Registrar día' });
  await expect(day.getByRole('textbox', { name: 'Horas 2' })).toHaveValue('8');
  await day.getByRole('textbox', { name: 'Extra 1' }).fill('2');
  await day.getByRole('textbox', { name: `Km ${eco}` }).fill('80.5');
  await day.getByRole('button', { name: 'Guardar' }).click();
  await expect(day.getByText('Debe ser un número entero.')).toBeVisible();
  await day.getByRole('textbox', { name: `Km ${eco}` }).fill('80');
  await day.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Día registrado.')).toBeVisible();
  const days = main(page).getByRole('table', { name: 'Días en sitio' });
  await expect(days.getByRole('row').nth(1)).toContainText(`${eco}: 80 km`);

  // 2. Compras › Viáticos: the viático is comprobado with the supplier's CFDI (2 × 1,234.56 = 2,469.12 + IVA 395.06 = 2,864.18, all of it).
  await sideNav(page).getByRole('link', { name: 'Compras', exact: true }).click();
  await main(page).getByRole('link', { name: /^Viáticos/ }).first().click();
  await main(page).getByRole('textbox', { name: /Buscar/ }).first().fill(tag);
  await main(page).getByRole('row', { name: new RegExp(advance.folioText) }).first().click();
  await expect(page).toHaveURL(new RegExp(`viaticos-form\\?id=${advance.id}`));
  const cfdi = await stampedSupplierCfdi({ folio: `V${tag}` }, `e2e-viatico-${tag}`);
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), main(page).getByRole('button', { name: 'XML del CFDI del proveedor' }).click()]);
  await chooser.setFiles({ name: `A-V${tag}.xml`, mimeType: 'text/xml', buffer: Buffer.from(cfdi.xml) });
  await expect(main(page).getByText(`A-V${tag}.xml`)).toBeVisible();
  // The file's upload may still be running: the form then says «Espera a que termine de subir el archivo»
  // and saves nothing, and a person clicks again once it is done.
  await expect(async () => {
    await main(page).getByRole('button', { name: 'Agregar', exact: true }).click();
    await expect(page.getByText('Comprobante agregado.')).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 40_000 });
  await expect(main(page).getByText('Comprobado', { exact: true }).first()).toBeVisible();

  // 3. The contract's Costos, by hand (employer factor 0.35):
  //    labour    (400.00 + 600.00) × 1.35 = 1,350.00 + 2 h × 400.00 ÷ 8 × 2 = 200.00   → 1,550.00
  //    material  10 × 85.00                                                          →   850.00
  //    vehicle   80 km × 1.60                                                        →   128.00
  //    viático   the CFDI's subtotal (its IVA is recoverable)                        → 2,469.12
  //    cost      1,550.00 + 850.00 + 128.00 + 2,469.12                               = 4,997.12
  //    billed    5 × 10,000.00 = 50,000.00 stamped; margin 45,002.88 = 90.00576 % → 90.01 %
  //    progress  50,000 ÷ 100,000 = 50 %; projected 4,997.12 ÷ 0.5 = 9,994.24
  await openScreen(page, 'Contratos');
  await main(page).getByRole('textbox', { name: /Buscar/ }).first().fill(name);
  await main(page).getByRole('row', { name: new RegExp(name) }).first().click();
  await expect(page).toHaveURL(new RegExp(`contracts-form\\?id=${contract.id}`));
  const figure = (label: string) => page.getByTestId(`job-cost-${label}`);
  for (const [label, value] of [
    ['Mano de obra', '$1,550.00'], ['Materiales', '$850.00'], ['Gastos', '$0.00'], ['Vehículos', '$128.00'], ['Viáticos', '$2,469.12'], ['Costo total', '$4,997.12'],
    ['Facturado (timbrado)', '$50,000.00'], ['Margen', '$45,002.88'], ['% margen', '90.01 %'], ['% avance', '50.00 %'], ['Costo proyectado al terminar', '$9,994.24'],
  ]) await expect(figure(label), label).toHaveText(value);
  const costs = main(page).getByRole('row');
  const line = (kind: string) => costs.filter({ has: page.getByRole('cell', { name: kind, exact: true }) });
  await expect(line('Mano de obra')).toContainText('1 día · factor patronal 0.35');
  await expect(line('Vehículos')).toContainText(`${eco} · 80 km en 1 día (80 km por día) × 1.60`);

  // Each line opens its document: the order (crew days), the requisition, the viático, the vehicle.
  const opens = async (kind: string, label: string | RegExp, url: RegExp, shows: string | RegExp) => {
    await line(kind).getByRole('link', { name: label }).first().click();
    await expect(page).toHaveURL(url);
    await expect(main(page).getByText(shows).first()).toBeVisible();
    await page.goBack();
    await expect(figure('Margen')).toHaveText('$45,002.88');
  };
  await opens('Mano de obra', /^OS-/, new RegExp(`orders-service-form\\?id=${order.id}$`), `${eco}: 80 km`);
  await opens('Materiales', req.folio, new RegExp(`requisitionDetail\\?id=${req.id}$`), 'Surtida');
  await opens('Viáticos', advance.folioText, new RegExp(`viaticos-form\\?id=${advance.id}$`), `A-V${tag}`);
  await opens('Vehículos', eco, new RegExp(`vehicles-form\\?id=${vehicleId}$`), `${eco} · Nissan NP300`);

  // 4. Ventas › Costos por contrato: sorted by margin (highest first) it lists the contract with the same figures.
  await openScreen(page, 'Costos por contrato');
  await main(page).getByRole('button', { name: 'Margen', exact: true }).click();
  await expect(page).toHaveURL(/sortBy=margin\b/);
  // The page's rows come in the order of their margin (the Margen column, the 11th), as the database sorted them.
  const desc = /sortDirection=DESC/.test(page.url());
  const margins = () => main(page).locator('tbody tr').evaluateAll((rows) => rows.map((r) => Number((r.children[10]?.textContent ?? '').replace(/[$,\s]/g, ''))));
  const sorted = (m: number[]) => m.length > 1 && m.every((x, i) => i === 0 || (desc ? m[i - 1] >= x : m[i - 1] <= x));
  await expect.poll(async () => sorted(await margins())).toBe(true);
  await main(page).getByRole('textbox', { name: /Buscar/ }).first().fill(name);
  const row = main(page).getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('$4,997.12');
  await expect(row).toContainText('$45,002.88');
  await expect(row).toContainText('90.01 %');
  await row.click();
  await expect(page).toHaveURL(new RegExp(`contracts-form\\?id=${contract.id}`));
});
