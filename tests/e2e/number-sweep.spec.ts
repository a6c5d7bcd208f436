// Number sweep (issue 25), in the built SPA: every new-record form of the
// route contract (and the components showcase) is opened as admin, and
// 1.5, 1,5, 1,234.5, -1 and abc are typed into each of its number fields
// (the shared NumberField marks its input with data-number-field, so a new
// screen is swept without being listed here). Each field keeps the text as
// typed and either takes it (the same figure) or refuses it in Spanish.
// Then the two dialogs of the issue, with a screenshot each: a PPE quantity
// of «1,5» and a supplier payment typed past the expense's balance.
import { expect, test, type Page } from '@playwright/test';
import { ROUTE_CONTRACT } from '../routes-contract';
import { ADMIN, pushTo, signIn } from './fixtures';

const TYPED = ['1.5', '1,5', '1,234.5', '-1', 'abc'] as const;
const SPANISH_REFUSAL = /^(Usa punto para decimales: |Las comas separan miles|Escribe solo cifras|No puede ser negativo\.|Debe ser un número entero\.|Máximo \d+ decimal|No puede ser (mayor|menor) que |Este campo es obligatorio\.)/;
const SHOTS = process.env.NUMBER_SWEEP_SHOTS ?? 'test-results/number-sweep';
const FORM_ROUTES = ROUTE_CONTRACT.filter(([path]) => path === '/components' || (path.startsWith('/system/') && /(-form|-detail|Detail)$/.test(path)));

const main = (page: Page) => page.locator('main');

type Typed = { field: string; typed: string; shown: string; error: string | null };

/**
 * Types each text into every enabled number field on the page and leaves the
 * field, inside the page (one round trip per screen keeps the sweep quick):
 * the value is set as a keystroke sets it, an input event, then focus moves on.
 */
async function typeIntoNumberFields(page: Page, texts: readonly string[]): Promise<Typed[]> {
  return page.evaluate(async (values) => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    const fields = [...document.querySelectorAll<HTMLInputElement>('input[data-number-field]')].filter((el) => !el.disabled && !el.readOnly && el.offsetParent !== null);
    const seen: Typed[] = [];
    for (const [i, input] of fields.entries()) {
      const name = input.getAttribute('aria-label') ?? document.querySelector(`label[for="${input.id}"]`)?.textContent ?? `#${i + 1}`;
      for (const typed of values) {
        input.focus();
        setter?.call(input, typed);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        await frame();
        input.blur();
        await frame();
        const errorId = (input.getAttribute('aria-describedby') ?? '').split(' ').find((x) => x.endsWith('-error'));
        seen.push({ field: name, typed, shown: input.value, error: errorId ? (document.getElementById(errorId)?.textContent ?? null) : null });
      }
      input.focus();
      setter?.call(input, '');
      input.dispatchEvent(new Event('input', { bubbles: true }));
      input.blur();
    }
    return seen;
  }, texts);
}

test('every number field of every new-record form keeps what is typed or refuses it in Spanish', async ({ page }) => {
  // About a minute on a quiet machine; four times that with the 2 cores shared.
  test.setTimeout(300_000);
  await signIn(page, ADMIN);
  const swept = new Set<string>();
  for (const [path, title] of FORM_ROUTES) {
    // Inside the SPA, not a reload per form (about a third of the sweep's time went to reloading it).
    await pushTo(page, path);
    // Forms that read a record first show their fields once it is there. Checked every frame in the page:
    // expect's polls back off to a second between tries.
    await page.waitForFunction((name) => document.title.includes(name) && !document.querySelector('[aria-label="Cargando pantalla"], [aria-busy="true"]'), title, { polling: 'raf' });
    await expect(page.locator('h1, h2').first(), `${path} shows its title`).toBeVisible();
    await expect(page.getByLabel('Cargando pantalla'), `${path} has loaded`).toHaveCount(0);
    await expect(page.locator('[aria-busy="true"]'), `${path} has read its data`).toHaveCount(0);
    for (const r of await typeIntoNumberFields(page, TYPED)) {
      const name = `${path} › ${r.field}: «${r.typed}»`;
      swept.add(`${path} › ${r.field}`);
      expect(r.shown.startsWith(r.typed), `${name} shown as «${r.shown}»`).toBe(true);
      if (r.error !== null) expect(r.error, name).toMatch(SPANISH_REFUSAL);
      // Only a figure es-MX reads one way may go without a refusal.
      if (r.typed === '1,5' || r.typed === 'abc') expect(r.error, `${name} taken`).not.toBeNull();
    }
  }
  expect(swept.size).toBeGreaterThan(10);
});

test('PPE quantity «1,5» and a supplier payment over its balance are refused, not rewritten', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, ADMIN);

  await page.goto('/system/securityModule/deliveryTools');
  await main(page).getByRole('button', { name: 'Nueva entrega' }).click();
  const delivery = page.getByRole('dialog', { name: 'Nueva entrega' });
  await delivery.getByRole('combobox', { name: 'Equipo' }).fill('EPP-');
  await page.getByRole('option', { name: /^EPP-/ }).first().click();
  const quantity = delivery.getByRole('textbox', { name: /^Cantidad EPP-/ });
  await quantity.fill('1,5');
  await quantity.blur();
  await expect(quantity).toHaveValue('1,5');
  await expect(delivery.getByText('Usa punto para decimales: 1.5')).toBeVisible();
  await delivery.getByRole('button', { name: 'Guardar' }).click();
  await expect(quantity).toBeFocused();
  await quantity.fill('1.5');
  await expect(delivery.getByText('Debe ser un número entero.')).toBeVisible();
  await expect(quantity).toHaveValue('1.5');
  await delivery.screenshot({ path: `${SHOTS}/ppe-delivery-quantity.png` });
  await page.keyboard.press('Escape');

  await page.goto('/system/shoppingModule/payoffs');
  await main(page).getByRole('button', { name: 'Nuevo pago' }).click();
  const payment = page.getByRole('dialog', { name: 'Nuevo pago a proveedor' });
  await payment.getByLabel('Proveedor').first().click();
  await page.getByRole('option', { name: /Llantas del Norte/ }).first().click();
  const row = payment.getByRole('row').nth(1);
  const apply = row.getByRole('textbox');
  const balance = (await row.getByRole('cell').nth(3).innerText()).trim();
  await apply.pressSequentially('100,000');
  await expect(apply).toHaveValue('100,000');
  await expect(payment.getByText(`No puede ser mayor que el saldo (${balance}).`)).toBeVisible();
  await apply.blur();
  await expect(apply).toHaveValue('100,000.00');
  await payment.screenshot({ path: `${SHOTS}/supplier-payment-over-balance.png` });
});
