// Seguridad in the field, on a phone (390×844) as seguridad@demo.mx: an
// inspection with a photo taken through the camera input and a critical
// "no cumple" (live score, report raised to Mantenimiento, closed reprobada),
// then a tool delivered with acknowledgement and returned in good condition.
// Then the record rules: a permit's «Autorizar» acts on the boxes just ticked
// after a confirmation that names it, and permits, PPE deliveries and an
// authorised requisition show Historial.
import { expect, test, type Page } from '@playwright/test';
import { apiToken, gql, signIn } from './fixtures';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const main = (page: Page) => page.locator('main');

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('inspection with photo and a failed critical point, report raised; tool delivered and returned', async ({ page, request }) => {
  // A short checklist of our own keeps the walk quick: 2 + 3 + 1 weight, the 3-weight point critical.
  const token = await apiToken(request, 'seguridad@demo.mx');
  const suffix = Date.now().toString(36);
  await gql(request, token, 'mutation($i:SecInspectionTypeInput!){ secInspectionTypeCreate(input:$i){ id } }', {
    i: {
      name: `Tablero eléctrico ${suffix}`,
      passingScore: '80',
      items: [
        { text: 'Tablero cerrado', weight: '2', evidenceRequired: true },
        { text: 'Conexión a tierra', weight: '3', critical: true },
        { text: 'Señalización', weight: '1' },
      ],
    },
  });
  const [inspector] = await gql<{ rhEmployeeOptions: { number: string }[] }>(request, token, '{ rhEmployeeOptions(limit: 1) { number } }').then((d) => d.rhEmployeeOptions);

  await signIn(page, 'seguridad@demo.mx');
  await page.goto('/system/securityModule/inspections');
  await main(page).getByRole('button', { name: 'Nueva inspección' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Tipo de inspección' }).click();
  await page.getByRole('option', { name: `Tablero eléctrico ${suffix}` }).click();
  await dialog.getByRole('textbox', { name: 'Área o ubicación' }).fill('Subestación 2');
  await dialog.getByRole('combobox', { name: 'Inspector' }).fill(inspector.number);
  await page.getByRole('option', { name: new RegExp(inspector.number) }).first().click();
  await dialog.getByRole('button', { name: 'Iniciar' }).click();
  await expect(page).toHaveURL(/inspections-detail\?id=\d+/);

  // Point 1 complies with a photo from the camera input; point 2 (critical) fails; point 3 N/A.
  const point = (n: number) => page.getByTestId(`point-${n}`);
  await point(1).getByText('Cumple', { exact: true }).click();
  const camera = point(1).locator('input[type=file]');
  await expect(camera).toHaveAttribute('capture', 'environment');
  await expect(camera).toHaveAttribute('accept', 'image/*');
  await camera.setInputFiles({ name: 'tablero.png', mimeType: 'image/png', buffer: PNG });
  // The file's own link once the upload ends (the progress line also names it while it runs).
  await expect(point(1).getByRole('button', { name: 'tablero.png', exact: true })).toBeVisible();
  await point(2).getByText('No cumple', { exact: true }).click();
  await point(2).getByRole('textbox').fill('Varilla de tierra desconectada');
  await point(3).getByText('N/A', { exact: true }).click();
  // 2 of applicable 2 + 3 → 40.00 %, and the critical failure is called out live.
  await expect(page.getByTestId('live-score')).toHaveText('40.00 %');
  await expect(page.getByText(/Un punto crítico no cumple/)).toBeVisible();

  await point(2).getByRole('button', { name: 'Levantar reporte de mantenimiento' }).click();
  await expect(point(2).getByText(/Reporte REP-\d{6}/)).toBeVisible();
  // Closing cannot be undone: it asks first, naming the inspection.
  // On a phone the save bar is one row: the close waits behind «Más acciones».
  await page.locator('[data-save-bar]').getByRole('button', { name: 'Más acciones' }).click();
  await page.getByRole('button', { name: 'Cerrar inspección' }).click();
  const ask = page.getByRole('dialog', { name: 'Cerrar inspección' });
  await expect(ask).toContainText(/¿Cerrar la inspección INS-\d+\? Esta acción no se puede deshacer\./);
  await ask.getByRole('button', { name: 'Cerrar inspección' }).click();
  await expect(page.getByText('Inspección cerrada: es de solo lectura.')).toBeVisible();
  await expect(page.getByTestId('score-card').getByText('Reprobada', { exact: true })).toBeVisible();

  // The report is listed with its Mantenimiento status.
  await page.goto('/system/securityModule/maintenanceReport');
  await expect(main(page).getByText('Subestación 2').first()).toBeVisible();

  // Deliver a tool and return it.
  await page.goto('/system/securityModule/deliveryTools');
  await main(page).getByRole('button', { name: 'Nueva entrega' }).click();
  await dialog.getByRole('combobox', { name: 'Empleado' }).fill(inspector.number);
  await page.getByRole('option', { name: new RegExp(inspector.number) }).first().click();
  await dialog.getByRole('combobox', { name: 'Equipo' }).fill('HER-050');
  await page.getByRole('option', { name: /HER-050/ }).click();
  await dialog.getByRole('textbox', { name: 'Nombre de quien recibe' }).fill('Recibí completo');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(/Entrega ENT-\d{5} registrada/)).toBeVisible();
  await main(page).getByText(/HER-050 ×1/).first().click();
  await page.getByRole('button', { name: 'Devolver HER-050' }).click();
  await page.getByRole('dialog', { name: /Devolver HER-050/ }).getByRole('button', { name: 'Devolver' }).click();
  await expect(page.getByText('Devolución registrada.')).toBeVisible();
  const tool = await gql<{ secTools: { items: { status: string }[] } }>(request, token, '{ secTools(list:{search:"HER-050"}) { items { status } } }');
  expect(tool.secTools.items[0].status).toBe('disponible');
});

const SHOTS = process.env.E2E_SHOTS ?? '';
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
};

test('permit: «Autorizar» takes the boxes just ticked after a confirmation naming it; Historial on permits, deliveries and authorised requisitions', async ({ page, request }) => {
  const token = await apiToken(request, 'seguridad@demo.mx');
  const [requester, worker] = await gql<{ rhEmployeeOptions: { id: string }[] }>(request, token, '{ rhEmployeeOptions(limit: 40) { id } }').then((d) => d.rhEmployeeOptions.slice(-2));
  const hours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
  const permit = await gql<{ secPermitCreate: { id: string; folio: number } }>(request, token, 'mutation($i:SecPermitInput!){ secPermitCreate(input:$i){ id folio } }', {
    i: { kind: 'altura', requesterEmployeeId: requester.id, workerIds: [worker.id], area: 'Azotea nave 3', validFrom: hours(50), validTo: hours(54), checklist: ['arnes', 'linea_vida', 'andamio'] },
  }).then((d) => d.secPermitCreate);
  const folio = `PT-${String(permit.folio).padStart(5, '0')}`;

  await signIn(page, 'seguridad@demo.mx');
  await page.goto(`/system/securityModule/permitions?id=${permit.id}`);
  const dialog = page.getByRole('dialog', { name: new RegExp(folio) });
  await expect(dialog.getByRole('button', { name: 'Historial' })).toBeVisible();
  // Tick the two boxes still empty; «Autorizar» carries them, «Cancelar permiso» waits for Guardar.
  for (const box of await dialog.getByRole('checkbox').all()) if (!(await box.isChecked())) await box.check();
  await expect(dialog.getByRole('button', { name: 'Cancelar permiso' })).toBeDisabled();
  await expect(dialog.getByText('Guarda los cambios antes de cancelar.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Autorizar' }).click();
  const ask = page.getByRole('dialog', { name: 'Autorizar' });
  await expect(ask).toContainText(`¿Autorizar el permiso ${folio}? Esta acción no se puede deshacer.`);
  await shot(page, 'permit-confirm-phone');
  await page.setViewportSize({ width: 1440, height: 900 });
  await shot(page, 'permit-confirm-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await ask.getByRole('button', { name: 'Autorizar' }).click();
  await expect(page.getByText(`Permiso ${folio} autorizado.`)).toBeVisible();
  const saved = await gql<{ secPermit: { status: string; checklist: string[] } }>(request, token, 'query($id:ID!){ secPermit(id:$id){ status checklist } }', { id: permit.id });
  expect(saved.secPermit.status).toBe('autorizado');
  expect(saved.secPermit.checklist).toHaveLength(5);

  // A PPE delivery opens as its own record (`?id=`), with the acknowledgement and Historial.
  const deliveries = await gql<{ secDeliveries: { items: { id: string; folio: number }[] } }>(request, token, '{ secDeliveries(list:{pageSize:1}) { items { id folio } } }');
  const delivery = deliveries.secDeliveries.items[0];
  await page.goto(`/system/securityModule/deliveryTools?id=${delivery.id}`);
  const detail = page.getByRole('dialog', { name: new RegExp(`ENT-0*${delivery.folio}`) });
  await expect(detail.getByText('Firma de recibido', { exact: true })).toBeVisible();
  await shot(page, 'delivery-detail-phone');
  await page.setViewportSize({ width: 1440, height: 900 });
  await shot(page, 'delivery-detail-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await detail.getByRole('button', { name: 'Historial' }).click();
  await expect(page.getByRole('dialog', { name: /Historial/ })).toBeVisible();
});

test('an authorised requisition keeps its folio as the screen title and shows Historial', async ({ page, request }) => {
  const admin = await apiToken(request, 'admin@demo.mx');
  const req = await gql<{ warehouseRequisitions: { items: { id: string; folio: string }[] } }>(request, admin, '{ warehouseRequisitions(list:{pageSize:1}, filter:{status:AUTORIZADA}) { items { id folio } } }');
  const authorised = req.warehouseRequisitions.items[0];
  // The demo company always holds an authorised requisition: without one this journey must fail, not skip.
  expect(authorised, 'the demo has an authorised requisition').toBeTruthy();
  await signIn(page, 'admin@demo.mx');
  await page.goto(`/system/warehouseModule/requisitionDetail?id=${authorised.id}`);
  await expect(page.getByRole('heading', { name: authorised.folio })).toBeVisible();
  await expect(main(page).getByRole('button', { name: 'Historial' })).toBeVisible();
});
