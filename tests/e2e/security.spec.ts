// Seguridad in the field, on a phone (390×844) as seguridad@demo.mx: an
// inspection with a photo taken through the camera input and a critical
// "no cumple" (live score, report raised to Mantenimiento, closed reprobada),
// then a tool delivered with acknowledgement and returned in good condition.
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
  await page.getByRole('button', { name: 'Cerrar inspección' }).click();
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
