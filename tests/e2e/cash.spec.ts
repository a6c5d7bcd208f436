// Caja as the cashier uses it: close the open period with its arqueo, open
// the next one (its opening is the counted cash), register movements and
// close it with an arqueo whose difference must be explained.
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { signIn } from './fixtures';

const sideNav = (page: Page) => page.getByRole('navigation', { name: 'Módulos' });
const main = (page: Page) => page.locator('main');

async function openScreen(page: Page, card: string) {
  await sideNav(page).getByRole('link', { name: 'Caja', exact: true }).click();
  await expect(page).toHaveURL('/system/cash');
  await main(page).getByRole('link', { name: new RegExp(`^${card}`) }).first().click();
}

async function countCash(page: Page, counts: [RegExp, string][]) {
  const dialog = page.getByRole('dialog', { name: /^Período \d+/ });
  await dialog.getByRole('button', { name: 'Cerrar con arqueo' }).click();
  for (const [label, count] of counts) await dialog.getByLabel(label).fill(count);
  return dialog;
}

/** Closing a period cannot be undone: asked first, naming the period. */
async function confirmClose(page: Page) {
  const confirm = page.getByRole('dialog', { name: 'Cerrar período' });
  await expect(confirm).toContainText(/¿Cerrar el período \d+\? Esta acción no se puede deshacer\./);
  await confirm.getByRole('button', { name: 'Cerrar período' }).click();
}

async function addMovement(page: Page, concept: RegExp, amount: string, description: string) {
  await main(page).getByRole('button', { name: 'Nuevo movimiento' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo movimiento · Caja general' });
  await dialog.getByLabel('Concepto').click();
  await page.getByRole('option', { name: concept }).click();
  await dialog.getByLabel('Importe').fill(amount);
  await dialog.getByLabel('Descripción').fill(description);
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(/Movimiento \d+ registrado\./).last()).toBeVisible();
}

test('open a cash period, register movements, close it with an arqueo', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'caja@demo.mx');

  // The demo company has an open period: close it counting two $1,000 bills.
  await openScreen(page, 'Períodos');
  await expect(page).toHaveURL('/system/cashModule/periods');
  await main(page).getByRole('row', { name: /Abierto/ }).click();
  let dialog = await countCash(page, [[/^\$1,000/, '2']]);
  await expect(dialog.getByText('Efectivo contado')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cerrar período' }).click();
  await expect(dialog.getByText('Explica la diferencia del arqueo.')).toBeVisible();
  await dialog.getByLabel('Explicación de la diferencia').fill('Se depositó el excedente en el banco');
  await dialog.getByRole('button', { name: 'Cerrar período' }).click();
  await confirmClose(page);
  await expect(page.getByText(/Período \d+ cerrado\./)).toBeVisible();

  // Open the next one: it starts with the $2,000.00 counted.
  await main(page).getByRole('button', { name: 'Abrir período' }).click();
  dialog = page.getByRole('dialog', { name: 'Abrir período de caja' });
  await expect(dialog.getByText('$2,000.00')).toBeVisible();
  await dialog.getByRole('button', { name: 'Abrir período' }).click();
  await expect(page.getByText(/Período \d+ abierto en Caja general con \$2,000\.00\./)).toBeVisible();

  // Movements: +500.00, −350.50 → $2,149.50 expected; an egreso beyond the cash is refused.
  await openScreen(page, 'Registro de Movimientos');
  const card = page.getByLabel('Período abierto');
  await expect(card).toContainText('$2,000.00');
  await addMovement(page, /Reposición de fondo/, '500', 'Reposición semanal');
  await addMovement(page, /^Papelería/, '350.50', 'Carpetas y plumas');
  await expect(card).toContainText('$2,149.50');

  // The Papelería receipt: a program renamed .png is refused in Spanish; the photo uploads, shows its thumbnail and downloads.
  await main(page).getByRole('row', { name: /Carpetas y plumas/ }).click();
  const movement = page.getByRole('dialog', { name: /^Movimiento \d+/ });
  const picker = movement.locator('input[type=file]');
  const program = Buffer.concat([Buffer.from('MZ'), Buffer.from([0x90, 0, 3, 0, 0, 0, 4, 0]), Buffer.from('This program cannot be run in DOS mode'), Buffer.alloc(512)]);
  await picker.setInputFiles({ name: 'ticket.png', mimeType: 'image/png', buffer: program });
  await expect(page.getByText('Tipo de archivo no permitido. Sube un PDF, PNG, JPG, WEBP, XLSX, CSV, XML o un .cer/.key del SAT.')).toBeVisible();
  const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#f4f1de' } }).jpeg().toBuffer();
  await picker.setInputFiles({ name: 'ticket papelería.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.getByText('Comprobante adjuntado.')).toBeVisible();
  await expect(movement.getByRole('img', { name: 'ticket papelería.jpg' })).toBeVisible();
  const download = page.waitForEvent('download');
  await movement.getByRole('button', { name: /ticket papelería\.jpg/ }).click();
  expect((await download).suggestedFilename()).toBe('ticket papelería.jpg');
  await page.keyboard.press('Escape');
  await expect(main(page).getByRole('row', { name: /Carpetas y plumas/ })).toContainText('Sí');

  await main(page).getByRole('button', { name: 'Nuevo movimiento' }).click();
  const tooMuch = page.getByRole('dialog', { name: 'Nuevo movimiento · Caja general' });
  await tooMuch.getByLabel('Concepto').click();
  await page.getByRole('option', { name: /Mensajería/ }).click();
  // The picked concept says which way the money goes.
  await expect(tooMuch.getByText('Egreso: resta del saldo de la caja.')).toBeVisible();
  await tooMuch.getByLabel('Importe').fill('5000');
  await tooMuch.getByLabel('Descripción').fill('Excede el efectivo');
  await tooMuch.getByRole('button', { name: 'Guardar' }).click();
  await expect(tooMuch.getByText('El egreso excede el efectivo en caja (disponible $2,149.50).')).toBeVisible();
  await tooMuch.getByRole('button', { name: 'Cancelar' }).click();

  // Close with the arqueo: counted $2,148.50 → faltante of $1.00, explained.
  await openScreen(page, 'Períodos');
  await main(page).getByRole('row', { name: /Abierto/ }).click();
  dialog = await countCash(page, [
    [/^\$1,000/, '2'],
    [/^\$100 /, '1'],
    [/^\$20 /, '2'],
    [/^\$5 /, '1'],
    [/^\$2 /, '1'],
    [/^\$1 /, '1'],
    [/^50 centavos/, '1'],
  ]);
  await expect(dialog.getByText('-$1.00 (faltante)')).toBeVisible();
  await dialog.getByLabel('Explicación de la diferencia').fill('Moneda faltante en el conteo');
  await dialog.getByRole('button', { name: 'Cerrar período' }).click();
  await confirmClose(page);
  await expect(page.getByText(/Período \d+ cerrado\./)).toBeVisible();
  const closed = main(page).getByRole('row').filter({ hasText: '$2,148.50' });
  await expect(closed).toContainText('$2,149.50');
  await expect(closed).toContainText('-$1.00');
  await expect(closed).toContainText('Cerrado');
});

test('the cashier adds a concept and a second caja; duplicates are refused in Spanish; the new caja keeps its own period and movements', async ({ page }) => {
  await signIn(page, 'caja@demo.mx');
  await openScreen(page, 'Catálogo de Conceptos');
  await expect(page).toHaveURL('/system/cashModule/concepts');
  for (const attempt of ['first', 'duplicate'] as const) {
    await main(page).getByRole('button', { name: 'Nuevo concepto' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo concepto' });
    await dialog.getByLabel('Nombre').fill('Estacionamientos E2E');
    await dialog.getByText('Egreso').click();
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    if (attempt === 'first') await expect(page.getByText('Concepto registrado.')).toBeVisible();
    else {
      await expect(dialog.getByText('Ya existe un concepto con ese nombre y tipo.')).toBeVisible();
      await dialog.getByRole('button', { name: 'Cancelar' }).click();
    }
  }
  await expect(main(page).getByRole('row', { name: /Estacionamientos E2E/ })).toContainText('Egreso');

  // A second caja for a work site: its name is unique whatever the case; it opens its own period
  // and Movimientos shows and moves the caja picked.
  await openScreen(page, 'Períodos');
  await main(page).getByRole('tab', { name: 'Cajas' }).click();
  for (const name of ['Caja obra E2E', 'caja OBRA e2e']) {
    await main(page).getByRole('button', { name: 'Nueva caja' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nueva caja' });
    await dialog.getByLabel('Nombre').fill(name);
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    if (name === 'Caja obra E2E') await expect(page.getByText('Caja registrada.')).toBeVisible();
    else {
      await expect(dialog.getByText('Ya existe una caja con ese nombre.')).toBeVisible();
      await dialog.getByRole('button', { name: 'Cancelar' }).click();
    }
  }
  await main(page).getByRole('tab', { name: 'Períodos' }).click();
  await main(page).getByRole('button', { name: 'Abrir período' }).click();
  const open = page.getByRole('dialog', { name: 'Abrir período de caja' });
  await open.getByLabel(/^Caja/).click();
  await page.getByRole('option', { name: 'Caja obra E2E' }).click();
  await open.getByRole('button', { name: 'Abrir período' }).click();
  await expect(page.getByText(/Período \d+ abierto en Caja obra E2E con \$0\.00\./)).toBeVisible();

  await openScreen(page, 'Registro de Movimientos');
  await main(page).getByLabel('Caja', { exact: true }).click();
  await page.getByRole('option', { name: 'Caja obra E2E' }).click();
  await main(page).getByRole('button', { name: 'Nuevo movimiento' }).click();
  const movement = page.getByRole('dialog', { name: 'Nuevo movimiento · Caja obra E2E' });
  await movement.getByLabel('Concepto').click();
  await page.getByRole('option', { name: /Reposición de fondo/ }).click();
  await movement.getByLabel('Importe').fill('300');
  await movement.getByLabel('Descripción').fill('Fondo de la obra');
  await movement.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(/Movimiento \d+ registrado\./).last()).toBeVisible();
  await expect(page.getByLabel('Período abierto')).toContainText('$300.00');
  await expect(main(page).getByRole('row', { name: /Fondo de la obra/ })).toBeVisible();
});
