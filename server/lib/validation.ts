// Input validation with zod; every issue becomes a Spanish per-field message.
import { z } from 'zod';
import { dec } from '../../schema/money';
import { badInput, type FieldMessages } from './errors';

export { z };

// A rule without its own message falls back to zod's default text: make that
// default Spanish (zod's bundled es locale) for every module, so no English
// message can reach a person. Rules still give their own, clearer messages.
z.config(z.locales.es());

export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: FieldMessages = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    if (!fields[key]) fields[key] = issue.message;
  }
  throw badInput(fields);
}

/** Common field rules with Spanish messages. */
export const rules = {
  requiredText: (max = 200) =>
    z
      .string({ error: 'Este campo es obligatorio.' })
      .trim()
      .min(1, 'Este campo es obligatorio.')
      .max(max, `Máximo ${max} caracteres.`),
  optionalText: (max = 2000) => z.string().trim().max(max, `Máximo ${max} caracteres.`),
  email: () =>
    z
      .string({ error: 'El correo es obligatorio.' })
      .trim()
      .toLowerCase()
      .min(1, 'El correo es obligatorio.')
      .max(254, 'Máximo 254 caracteres.')
      .pipe(z.email('Correo electrónico no válido.')),
  password: () =>
    z
      .string({ error: 'La contraseña es obligatoria.' })
      .min(8, 'La contraseña debe tener al menos 8 caracteres.')
      .max(128, 'Máximo 128 caracteres.'),
  id: () => z.coerce.number({ error: 'Identificador no válido.' }).int('Identificador no válido.').positive('Identificador no válido.'),
  /**
   * An amount as decimal text (the Decimal scalar), checked in one pass so each
   * field gets one message: format, sign, decimals, size. Returns plain text.
   */
  amount: (opts: { positive?: boolean; places?: number; max?: string; positiveMessage?: string } = {}) =>
    z.string({ error: 'Este campo es obligatorio.' }).transform((raw, ctx) => {
      const text = raw.trim();
      const fail = (message: string) => {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      };
      if (text === '') return fail('Este campo es obligatorio.');
      if (!/^-?\d+(\.\d+)?$/.test(text)) return fail('Importe no válido.');
      const v = dec(text);
      if (opts.positive ? !v.gt(0) : v.isNegative()) return fail(opts.positive ? (opts.positiveMessage ?? 'Debe ser mayor a cero.') : 'No puede ser negativo.');
      const places = opts.places ?? 2;
      if (v.decimalPlaces() > places) return fail(`Máximo ${places} decimales.`);
      if (v.gt(opts.max ?? '9999999999999')) return fail('Importe demasiado grande.');
      return v.toFixed();
    }),
};
