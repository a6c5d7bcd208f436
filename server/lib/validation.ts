// Input validation with zod; every issue becomes a Spanish per-field message.
import { z } from 'zod';
import { badInput, type FieldMessages } from './errors';

export { z };

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
};
