// Field rules shared by the RH modules' inputs (zod, Spanish messages).
import { dec } from '../../../schema/money';
import { isIsoDate } from '../../../schema/dates';
import { z } from '../../lib/validation';

const REQUIRED = 'Este campo es obligatorio.';

/** A Decimal scalar value with at most `places` decimals; `min` positive or zero. */
export const decimal = ({ places, min = 'zero', max = '9999999999999.99' }: { places: number; min?: 'positive' | 'zero'; max?: string }) =>
  z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .superRefine((value, ctx) => {
      let d;
      try {
        d = dec(value);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'Número no válido.' });
        return;
      }
      if (!d.isFinite()) ctx.addIssue({ code: 'custom', message: 'Número no válido.' });
      else if (min === 'positive' && d.lte(0)) ctx.addIssue({ code: 'custom', message: 'Debe ser mayor a cero.' });
      else if (d.isNegative()) ctx.addIssue({ code: 'custom', message: 'No puede ser negativo.' });
      else if (d.decimalPlaces() > places) ctx.addIssue({ code: 'custom', message: `Máximo ${places} decimales.` });
      else if (d.gt(max)) ctx.addIssue({ code: 'custom', message: 'Cantidad demasiado grande.' });
    });

export const isoDate = () => z.string({ error: 'La fecha es obligatoria.' }).refine(isIsoDate, 'Fecha no válida.');
