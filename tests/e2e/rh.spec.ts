// Recursos Humanos as its staff uses it (rh@demo.mx): register an employee
// (a salary under the minimum is refused in Spanish) and attach her INE with
// its expiry; run a quincenal payroll with an incident, calculate and close
// it, download a receipt; read its fiscal calculation and use the Calculadora;
// and a December end to end (issue 27's «Done when»): a resignation's and a
// dismissal's finiquitos, the quincena and the aguinaldo, all stamped.
import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { identityOf } from '../../server/modules/rh/employees/seed';
import { checkStampedCfdi } from '../unit/cfdi/fixtures';
import { ADMIN, apiToken, gql, signIn } from './fixtures';

const sideNav = (page: Page) => page.getByRole('navigation', { name: 'Módulos' });
const main = (page: Page) => page.locator('main');

async function openScreen(page: Page, card: string) {
  await sideNav(page).getByRole('link', { name: 'Recursos Humanos', exact: true }).click();
  await expect(page).toHaveURL('/system/human-resources');
  await main(page).getByRole('link', { name: new RegExp(`^${card}`) }).first().click();
}

async function choose(page: Page, label: string, option: string | RegExp) {
  await main(page).getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).click();
}

/** Types a date as a person does (DD/MM/AAAA) over whatever the field held, and closes its calendar. */
async function typeDate(field: Locator, date: string) {
  await field.fill('');
  await field.pressSequentially(date);
  await field.press('Tab'); // blur closes its calendar (Escape would also close a dialog around it)
  await expect(field).toHaveValue(date);
}

// A person whose RFC, CURP and NSS agree with her birth date (17/04/1992), with their real check digits.
const SOFIA = { rfc: 'IAQS920417Z74', curp: 'IAQS920417MQTBRF79', nss: '88109238498', clabe: '012680001234567894' };

test('register an employee with her INE, then run a quincenal payroll and its fiscal calculation', async ({ page }) => {
  test.setTimeout(150_000);
  await signIn(page, 'rh@demo.mx');

  // --- Empleados: a new employee; the minimum wage is enforced in Spanish.
  await openScreen(page, 'Empleados');
  await expect(page).toHaveURL(/\/system\/rh\/employees/);
  await main(page).getByRole('link', { name: 'Nuevo empleado' }).or(main(page).getByRole('button', { name: 'Nuevo empleado' })).first().click();
  await expect(page).toHaveURL(/employees-form/);
  await main(page).getByLabel('Número de empleado').fill('E2E-01');
  await main(page).getByLabel('Nombre(s)').fill('Sofía');
  await main(page).getByLabel('Apellido paterno').fill('Ibarra');
  await main(page).getByLabel('Apellido materno').fill('Quiroz');
  await main(page).getByLabel('RFC').fill(SOFIA.rfc);
  await main(page).getByLabel('CURP').fill(SOFIA.curp);
  await main(page).getByLabel('NSS').fill(SOFIA.nss);
  await typeDate(main(page).getByLabel('Fecha de nacimiento'), '17/04/1992');
  await typeDate(main(page).getByLabel('Fecha de ingreso'), '01/03/2021');
  await choose(page, 'Área', 'Administración');
  await choose(page, 'Puesto', /^Auxiliar administrativo/);
  await choose(page, 'Frecuencia de pago', 'Quincenal');
  await main(page).getByLabel('Salario diario').fill('250');
  await main(page).getByLabel('CLABE').fill(SOFIA.clabe);
  // What her CFDI de nómina needs: the postal code of her constancia, where she works and her contract.
  await main(page).getByLabel('Código postal fiscal').fill('76000');
  await main(page).getByRole('combobox', { name: 'Entidad donde trabaja', exact: true }).fill('Quer');
  await page.getByRole('option', { name: /Querétaro/ }).click();
  await main(page).getByRole('combobox', { name: 'Tipo de contrato', exact: true }).fill('indeterminado');
  await page.getByRole('option', { name: /tiempo indeterminado/ }).click();
  await main(page).getByRole('button', { name: 'Guardar' }).click();
  await expect(main(page).getByText(/salario mínimo/i).first()).toBeVisible();
  await main(page).getByLabel('Salario diario').fill('650');
  await main(page).getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Empleado registrado.')).toBeVisible();
  await expect(main(page).getByText(/SDI = 650\.00 × 1\.05/)).toBeVisible();

  // Her INE: the expiry first, then the file; it shows as vigente.
  const ine = main(page).locator('div.mantine-Paper-root').filter({ has: page.getByText('INE', { exact: true }) }).last();
  await typeDate(ine.getByLabel('Fecha de vencimiento INE'), '31/12/2031');
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  await ine.locator('input[type=file]').setInputFiles({ name: 'ine-sofia.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(page.getByText('Documento agregado.')).toBeVisible();
  await expect(ine.getByText('Vigente')).toBeVisible();
  await expect(ine.getByText('ine-sofia.pdf', { exact: true })).toBeVisible();

  // --- Nóminas: a quincenal payroll for the first half of September 2026 (she is in it), two double overtime hours.
  await openScreen(page, 'Nóminas');
  await expect(page).toHaveURL('/system/rh/payroll');
  await main(page).getByRole('link', { name: 'Nueva nómina' }).or(main(page).getByRole('button', { name: 'Nueva nómina' })).first().click();
  await choose(page, 'Tipo de nómina', 'Quincenal');
  await typeDate(main(page).getByLabel('Inicio del periodo'), '01/09/2026');
  await typeDate(main(page).getByLabel('Fin del periodo'), '15/09/2026');
  await typeDate(main(page).getByLabel('Fecha de pago'), '15/09/2026');
  await main(page).getByRole('button', { name: 'Crear nómina' }).click();
  const created = page.getByText(/Nómina (\d+) creada con \d+ empleados\./);
  await expect(created).toBeVisible();
  const folio = /Nómina (\d+)/.exec((await created.textContent()) ?? '')?.[1] ?? '';

  await main(page).getByRole('button', { name: 'Incidencias E2E-01' }).click();
  const incidents = page.getByRole('dialog');
  await incidents.getByLabel('Horas extra dobles').fill('2');
  await incidents.getByLabel('Días con horas dobles').fill('1');
  await incidents.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Incidencias guardadas; vuelve a calcular la nómina.')).toBeVisible();
  await main(page).getByRole('button', { name: 'Calcular' }).click();
  await expect(page.getByText('Nómina calculada.')).toBeVisible();
  // Sueldo 650.00 × 15 = 9,750.00; dobles 650 ÷ 8 × 2 × 2 h = 325.00: perceptions 10,075.00.
  const row = main(page).getByRole('row', { name: /E2E-01/ });
  await expect(row.getByText('10,075.00')).toBeVisible();

  await main(page).getByRole('button', { name: 'Cerrar nómina' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cerrar nómina' }).click();
  await expect(page.getByText(`Nómina ${folio} cerrada.`)).toBeVisible();
  const download = page.waitForEvent('download');
  await main(page).getByRole('button', { name: 'Recibo E2E-01', exact: true }).click();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);

  // --- Nóminas Fiscales: the same payroll with her ISR step by step.
  await openScreen(page, 'Nóminas Fiscales');
  await main(page).getByRole('row', { name: new RegExp(`^${folio}\\b`) }).first().click();
  await expect(page).toHaveURL(/fiscalPayroll\/payroll-detail\?id=/);
  await expect(main(page).getByText('Tablas fiscales de 2026')).toBeVisible();
  await main(page).getByRole('row', { name: /E2E-01/ }).first().click();
  // Taxable 9,750.00 + 162.50 (half the overtime is exempt) = 9,912.50; 2026 quincenal row 6:
  // 916.20 + (9,912.50 − 8,651.41) × 21.36 % = 916.20 + 269.37 = 1,185.57 (over the subsidy cap: all withheld).
  await expect(main(page).getByRole('cell', { name: '21.36', exact: true })).toBeVisible();
  await expect(main(page).getByRole('cell', { name: '1,185.57', exact: true }).first()).toBeVisible();

  // --- Calculadora: June 2026, quincenal, 5,000.00 and SBC 500.00.
  await main(page).getByRole('link', { name: 'Volver a Nóminas Fiscales' }).or(main(page).getByRole('button', { name: 'Volver a Nóminas Fiscales' })).first().click();
  await main(page).getByRole('button', { name: 'Calculadora' }).click();
  const calc = page.getByRole('dialog', { name: 'Calculadora de ISR, subsidio e IMSS' });
  await typeDate(calc.getByLabel('Fecha de pago'), '15/06/2026');
  await calc.getByRole('combobox', { name: 'Periodo de pago', exact: true }).click();
  await page.getByRole('option', { name: 'Quincenal' }).click();
  await calc.getByLabel('Ingreso gravable del periodo').fill('5000');
  await calc.getByLabel('SBC diario (opcional)').fill('500');
  await calc.getByRole('button', { name: 'Calcular' }).click();
  await expect(calc.getByText('Tablas fiscales de 2026')).toBeVisible();
  for (const figure of ['366.91', '264.30', '102.61', '187.02']) await expect(calc.getByText(new RegExp(figure.replace('.', '\\.'))).first()).toBeVisible();
});

/** Closes the open payroll from its screen and waits for every receipt to be stamped (or excluded). */
async function closePayroll(page: Page, folio: string) {
  await main(page).getByRole('button', { name: 'Cerrar nómina' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cerrar nómina' }).click();
  await expect(page.getByText(`Nómina ${folio} cerrada.`)).toBeVisible();
  await expect(main(page).getByText('Timbrado completo', { exact: true })).toBeVisible({ timeout: 90_000 });
}

/** Downloads a receipt's CFDI from the payroll screen and checks it independently: SAT's XSD, SAT's cadena, both seals. */
async function checkReceiptXml(page: Page, employeeNumber: string): Promise<string> {
  const download = page.waitForEvent('download');
  await main(page).getByRole('button', { name: `XML del CFDI ${employeeNumber}` }).first().click();
  const xml = fs.readFileSync((await (await download).path())!, 'utf8');
  const check = await checkStampedCfdi(xml);
  expect(check, employeeNumber).toMatchObject({ xsdValid: true, xsdErrors: [], selloValid: true, selloCfdMatches: true, selloSatValid: true });
  expect(xml).toContain('<nomina12:Nomina');
  return xml;
}

async function separate(page: Page, number: string, date: string, reason: string, cause: string) {
  await openScreen(page, 'Empleados');
  await main(page).getByRole('textbox', { name: /Buscar/ }).first().fill(number);
  await main(page).getByRole('row', { name: new RegExp(number) }).first().click();
  await expect(page).toHaveURL(/employees-form\?id=/);
  await main(page).getByRole('button', { name: 'Dar de baja' }).click();
  const baja = page.getByRole('dialog', { name: 'Dar de baja al empleado' });
  await typeDate(baja.getByRole('textbox', { name: 'Fecha de baja' }), date);
  await baja.getByRole('textbox', { name: 'Motivo' }).fill(reason);
  await baja.getByRole('combobox', { name: 'Causa de baja ante el IMSS' }).click();
  await page.getByRole('option', { name: cause }).click();
  await baja.getByRole('button', { name: 'Dar de baja' }).click();
  await expect(page.getByText(/^Baja registrada/)).toBeVisible();
}

/** From the employee's screen after the baja: calculates the finiquito, checks one figure, creates it and returns its folio. */
async function finiquito(page: Page, salaryOwedDays: string, paymentDate: string, line: RegExp, amount: string): Promise<string> {
  await main(page).getByRole('button', { name: 'Calcular finiquito' }).click();
  const calc = page.getByRole('dialog', { name: /Finiquito de/ });
  await calc.getByRole('textbox', { name: 'Días devengados' }).fill(salaryOwedDays);
  await calc.getByRole('textbox', { name: 'Vacaciones pendientes' }).fill('0');
  await typeDate(calc.getByRole('textbox', { name: 'Fecha de pago' }), paymentDate);
  await calc.getByRole('button', { name: 'Calcular' }).click();
  await expect(calc.getByRole('row', { name: line }).getByText(amount)).toBeVisible();
  await calc.getByRole('button', { name: 'Crear nómina de finiquito' }).click();
  await expect(page.getByText(/Nómina de finiquito \d+ creada y calculada\./)).toBeVisible();
  return payrollFolio(page, 'Finiquito');
}

/** The folio in the heading of the payroll screen just opened (a toast may close before it is read). */
async function payrollFolio(page: Page, kind: string): Promise<string> {
  const heading = main(page).getByRole('heading', { name: new RegExp(`^Nómina \\d+ · ${kind}$`) });
  await expect(heading).toBeVisible();
  return /Nómina (\d+)/.exec((await heading.textContent()) ?? '')?.[1] ?? '';
}

/** «Nueva nómina»: creates the payroll with the header given and returns its folio from the toast. */
async function newPayroll(page: Page, kind: string, fill: () => Promise<void>): Promise<string> {
  await openScreen(page, 'Nóminas');
  await main(page).getByRole('link', { name: 'Nueva nómina' }).or(main(page).getByRole('button', { name: 'Nueva nómina' })).first().click();
  await fill();
  await main(page).getByRole('button', { name: 'Crear nómina' }).click();
  await expect(page.getByText(/Nómina \d+ creada con \d+ empleados?\./)).toBeVisible();
  return payrollFolio(page, kind);
}

test('a December: a resignation and an unjustified dismissal with their finiquitos, the second quincena and the aguinaldo, every receipt stamped; the bimester quotas and the IDSE file', async ({ page, request }) => {
  test.setTimeout(300_000);
  // Set-up through the API: Nora (hired 01/03/2024 at 450.00) will resign, Raúl (hired 17/06/2019 at 600.00) will be dismissed.
  const token = await apiToken(request, ADMIN);
  const { rhPositions } = await gql<{ rhPositions: { items: { id: string; areaId: string }[] } }>(request, token, '{ rhPositions(list:{pageSize:1}, filter:{active:true}){ items { id areaId } } }');
  const hire = async (number: string, person: { names: string; lastName: string; secondLastName: string; birthDate: string }, sex: 'H' | 'M', seq: number, hireDate: string, dailySalary: string) => {
    const identity = identityOf({ ...person, sex, state: 'NL', seq });
    await gql(request, token, 'mutation($i:RhEmployeeInput!){ rhEmployeeCreate(input:$i){ id } }', {
      i: { ...person, ...identity, number, hireDate, dailySalary, payFrequency: 'quincenal', wageZone: 'general', postalCode: '64000', workState: 'NLE', contractType: '01', areaId: rhPositions.items[0].areaId, positionId: rhPositions.items[0].id },
    });
    return identity;
  };
  const nora = await hire('E2E-DN', { names: 'Nora', lastName: 'Salinas', secondLastName: 'Treviño', birthDate: '1995-08-21' }, 'M', 51, '2024-03-01', '450.00');
  const raul = await hire('E2E-DR', { names: 'Raúl', lastName: 'Garza', secondLastName: 'Leal', birthDate: '1986-01-30' }, 'H', 52, '2019-06-17', '600.00');
  // Inés (hired 10/01/2022 at 500.00) stays: a confidence worker, sick for two days in the second quincena.
  await hire('E2E-DI', { names: 'Inés', lastName: 'Cantú', secondLastName: 'Villarreal', birthDate: '1990-05-12' }, 'M', 53, '2022-01-10', '500.00');

  await signIn(page, 'rh@demo.mx');

  // --- Inés's screen: she is marked trabajador de confianza, and her IMSS certificate of 2 days of
  // enfermedad general from 17/12/2026 is registered in the Incapacidades panel.
  await openScreen(page, 'Empleados');
  await main(page).getByRole('textbox', { name: /Buscar/ }).first().fill('E2E-DI');
  await main(page).getByRole('row', { name: /E2E-DI/ }).first().click();
  await expect(page).toHaveURL(/employees-form\?id=/);
  await main(page).getByRole('switch', { name: 'Trabajador de confianza' }).check();
  await main(page).getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Cambios guardados.')).toBeVisible();
  await main(page).getByRole('button', { name: 'Registrar incapacidad' }).click();
  const sick = page.getByRole('dialog', { name: 'Registrar incapacidad IMSS' });
  await sick.getByRole('combobox', { name: 'Tipo', exact: true }).click();
  await page.getByRole('option', { name: '02 Enfermedad general' }).click();
  await sick.getByLabel('Folio del certificado').fill('ab-123456');
  await typeDate(sick.getByLabel('Primer día'), '17/12/2026');
  await sick.getByLabel('Días').fill('2');
  await sick.getByRole('button', { name: 'Registrar incapacidad' }).click();
  await expect(sick.getByText('Captura el folio del certificado IMSS (2 a 20 letras o números)')).toBeVisible();
  await sick.getByLabel('Folio del certificado').fill('ab123456');
  await sick.getByRole('button', { name: 'Registrar incapacidad' }).click();
  await expect(page.getByText('Incapacidad AB123456 registrada.')).toBeVisible();
  await expect(main(page).getByRole('table', { name: 'Incapacidades IMSS' }).getByRole('row', { name: /AB123456/ })).toContainText('18/12/2026');

  // --- Nora resigns on 15/12/2026: 15 days owed × 450.00 = 6,750.00; her finiquito is closed and stamped.
  await separate(page, 'E2E-DN', '15/12/2026', 'Renuncia voluntaria', '2 Separación voluntaria');
  let folio = await finiquito(page, '15', '15/12/2026', /Sueldo devengado/, '6,750.00');
  await closePayroll(page, folio);
  let xml = await checkReceiptXml(page, 'E2E-DN');
  expect(xml).toContain(`Curp="${nora.curp}"`);

  // --- Raúl is dismissed without cause on 15/12/2026. Three months' indemnización is paid on the integrated
  // salary (art. 89 LFT): 7 full years → 22 vacation days, SDI factor (365 + 15 + 22 × 25 %) ÷ 365 = 1.056164;
  // 600.00 × 1.056164 = 633.70 a day, × 90 = 57,033.00.
  await separate(page, 'E2E-DR', '15/12/2026', 'Despido injustificado', '8 Rescisión de contrato');
  folio = await finiquito(page, '15', '15/12/2026', /Indemnización \(3 meses\)/, '57,033.00');
  await closePayroll(page, folio);
  xml = await checkReceiptXml(page, 'E2E-DR');
  expect(xml).toContain(`Curp="${raul.curp}"`);
  expect(xml).toContain('TotalSeparacionIndemnizacion=');

  // --- The second quincena of December (16–31): neither of them is in it any more.
  folio = await newPayroll(page, 'Quincenal', async () => {
    await choose(page, 'Tipo de nómina', 'Quincenal');
    await typeDate(main(page).getByLabel('Inicio del periodo'), '16/12/2026');
    await typeDate(main(page).getByLabel('Fin del periodo'), '31/12/2026');
    await typeDate(main(page).getByLabel('Fecha de pago'), '31/12/2026');
  });
  await main(page).getByRole('button', { name: 'Calcular' }).click();
  await expect(page.getByText('Nómina calculada.')).toBeVisible();
  await expect(main(page).getByRole('row', { name: /E2E-D[NR]/ })).toHaveCount(0);
  // Inés: 15 days less the 2 of her incapacity = 13 paid × 500.00 = 6,500.00.
  await expect(main(page).getByRole('row', { name: /E2E-DI/ }).getByText('6,500.00')).toBeVisible();
  await closePayroll(page, folio);
  const quincenaRow = main(page).getByRole('button', { name: /^XML del CFDI / }).first();
  const someone = ((await quincenaRow.getAttribute('aria-label')) ?? '').replace('XML del CFDI ', '');
  await checkReceiptXml(page, someone);
  xml = await checkReceiptXml(page, 'E2E-DI');
  expect(xml).toContain('NumDiasPagados="13.000"');
  expect(xml).toMatch(/<nomina12:Incapacidad [^>]*DiasIncapacidad="2"[^>]*TipoIncapacidad="02"/);

  // --- Her stamped receipt is corrected: two double overtime hours on one day were left out,
  // 500.00 ÷ 8 × 2 × 2 h = 250.00 → 6,750.00. A new CFDI substitutes the old one (04), which is cancelled with motivo 01.
  const oldUuid = /UUID="([0-9A-F-]{36})"/i.exec(xml)?.[1] ?? '';
  await main(page).getByRole('button', { name: 'Corregir recibo E2E-DI' }).click();
  const fix = page.getByRole('dialog', { name: /^Corregir el recibo timbrado de E2E-DI/ });
  await fix.getByLabel('Horas extra dobles').fill('2');
  await fix.getByLabel('Días con horas dobles').fill('1');
  await fix.getByLabel('Motivo de la corrección').fill('Horas extra del 17 de diciembre omitidas');
  await fix.getByRole('button', { name: 'Corregir recibo' }).click();
  await expect(page.getByText('Recibo de E2E-DI corregido: CFDI nuevo timbrado y el anterior cancelado (motivo 01).')).toBeVisible({ timeout: 60_000 });
  await expect(main(page).getByRole('row', { name: /E2E-DI/ }).getByText('6,750.00').first()).toBeVisible();
  await expect(main(page).getByRole('button', { name: `XML del CFDI anterior ${oldUuid}` })).toBeVisible();
  xml = await checkReceiptXml(page, 'E2E-DI');
  expect(xml).toMatch(new RegExp(`<cfdi:CfdiRelacionados TipoRelacion="04">\\s*<cfdi:CfdiRelacionado UUID="${oldUuid}"`, 'i'));

  // --- The aguinaldo of the quincenal employees, paid 18/12/2026: 15 days, ISR by art. 174.
  folio = await newPayroll(page, 'Aguinaldo', async () => {
    await choose(page, 'Tipo de nómina', 'Aguinaldo');
    await choose(page, 'Empleados', 'Empleados quincenales');
    await typeDate(main(page).getByLabel('Fecha de pago'), '18/12/2026');
  });
  await main(page).getByRole('button', { name: 'Calcular' }).click();
  await expect(page.getByText('Nómina calculada.')).toBeVisible();
  await closePayroll(page, folio);
  xml = await checkReceiptXml(page, someone);
  expect(xml).toMatch(/TipoPercepcion="002"/);

  // --- Informes › Cuotas por bimestre: November–December 2026 holds the closed quincena's employer quotas.
  await openScreen(page, 'Informes');
  await main(page).getByRole('tab', { name: 'Cuotas por bimestre' }).click();
  await choose(page, 'Año', '2026');
  await main(page).getByRole('combobox', { name: 'Bimestre', exact: true }).click();
  await page.getByRole('option', { name: /Noviembre/ }).click();
  await expect(main(page).getByText('No hay nóminas ordinarias cerradas de este registro en el bimestre.')).toHaveCount(0);
  await expect(main(page).getByRole('row', { name: /^Total/ }).first()).toBeVisible();

  // --- Movimientos IMSS: both 02 bajas of 15/12/2026, exported together in IDSE's fixed-width layout (168 characters a line).
  await openScreen(page, 'Movimientos IMSS');
  for (const who of ['Salinas', 'Garza']) {
    const row = main(page).getByRole('row', { name: new RegExp(who) }).filter({ hasText: '02 Baja' });
    await expect(row.getByText('15/12/2026').first()).toBeVisible();
    await expect(row.getByText('Pendiente')).toBeVisible();
    await row.getByRole('checkbox', { name: 'Seleccionar registro' }).check();
  }
  const idse = page.waitForEvent('download');
  await main(page).getByRole('button', { name: 'Exportar para IDSE' }).click();
  const lines = fs.readFileSync((await (await idse).path())!, 'utf8').split(/\r?\n/).filter(Boolean);
  expect(lines).toHaveLength(2);
  for (const line of lines) expect(line).toHaveLength(168);
  expect(lines.join('\n')).toContain(nora.nss.slice(0, 10));
  expect(lines.join('\n')).toContain(raul.nss.slice(0, 10));
  await expect(page.getByText('Archivo con 2 movimientos descargado.')).toBeVisible();
});
