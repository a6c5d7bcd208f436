// Moneda / TipoCambio rules shared by the server and the SPA (schema/sales/currency.ts), figures by hand.
import { describe, expect, it } from 'vitest';
import { cfdiRate, equivalence, exchangeRateError, inPaymentCurrency, storedRate, toMxn } from '../../../schema/sales/currency';
import { amountInWords } from '../../../server/modules/sales/documents';

describe('TipoCambio', () => {
  it('MXN takes none; USD requires one above zero with up to 6 decimals, refused in Spanish', () => {
    expect(exchangeRateError('MXN', null)).toBeNull();
    expect(exchangeRateError('USD', '17.2500')).toBeNull();
    expect(exchangeRateError('USD', '')).toBe('El tipo de cambio es obligatorio para dólares (USD).');
    expect(exchangeRateError('USD', null)).toBe('El tipo de cambio es obligatorio para dólares (USD).');
    expect(exchangeRateError('USD', '0')).toBe('El tipo de cambio debe ser mayor a cero.');
    expect(exchangeRateError('USD', '0.000000')).toBe('El tipo de cambio debe ser mayor a cero.');
    expect(exchangeRateError('USD', '-1')).toBe('El tipo de cambio debe ser mayor a cero.');
    expect(exchangeRateError('USD', '17.1234567')).toBe('El tipo de cambio admite máximo 6 decimales.');
    expect(exchangeRateError('USD', 'diecisiete')).toBe('Tipo de cambio no válido: escribe pesos por dólar, p. ej. 17.2500.');
    expect(storedRate('MXN', '99')).toBe('1.000000');
    expect(storedRate('USD', '17.25')).toBe('17.250000');
    expect(cfdiRate('17.250000')).toBe('17.2500');
    expect(cfdiRate('17.123456')).toBe('17.123456');
  });

  it('pesos of a dollar amount and EquivalenciaDR between the payment and the document', () => {
    // 1,160.00 × 17.25 = 20,010.00; 0.01 × 17.2549 = 0.172549 → 0.17.
    expect(toMxn('1160.00', '17.25')).toBe('20010.00');
    expect(toMxn('0.01', '17.2549')).toBe('0.17');
    // 1 / 17.25 = 0.057971014492… → 0.0579710145.
    expect(equivalence('MXN', 'USD', '17.25')).toBe('0.0579710145');
    expect(equivalence('USD', 'MXN', '17.25')).toBe('17.25');
    expect(equivalence('USD', 'USD', '17.25')).toBe('1');
    // 500.00 USD ÷ 0.0579710145 = 8,624.99999… → 8,625.00 MXN; 8,625.00 MXN ÷ 17.25 = 500.00 USD.
    expect(inPaymentCurrency('500.00', '0.0579710145')).toBe('8625.00');
    expect(inPaymentCurrency('8625.00', '17.25')).toBe('500.00');
  });

  it('the importe con letra of a dollar invoice', () => {
    expect(amountInWords('1160.00', 'USD')).toBe('MIL CIENTO SESENTA DÓLARES 00/100 USD');
    expect(amountInWords('1.50', 'USD')).toBe('UN DÓLAR 50/100 USD');
    expect(amountInWords('3530.84')).toBe('TRES MIL QUINIENTOS TREINTA PESOS 84/100 M.N.');
  });
});
