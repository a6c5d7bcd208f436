// A document's lines, as a person leaves them: «Agregar partida» adds an empty
// row, and a row nobody touched is not a mistake to flag. It is left out of the
// validation (unless it is the only row) and out of what is sent.

type Line = Record<string, unknown>;

/** Every field of the line is empty. */
export const isBlankLine = (line: Line): boolean => Object.values(line).every((value) => value === '' || value === null || value === undefined);

/** The lines with something in them. */
export const filledLines = <T extends Line>(lines: T[]): T[] => lines.filter((line) => !isBlankLine(line));

/**
 * A Mantine form rule for a required field of `values.lines[i]` (its path is "lines.<i>.<field>"):
 * the message when the field is empty, except in an untouched row beside filled ones.
 */
export function requiredInLine<V extends { lines: Line[] }>(message: string) {
  return (value: unknown, values: V, path: string): string | null => {
    if (value !== '' && value !== null && value !== undefined) return null;
    const index = Number(path.split('.')[1]);
    const line = values.lines[index];
    const othersFilled = values.lines.some((other, i) => i !== index && !isBlankLine(other));
    return line && isBlankLine(line) && othersFilled ? null : message;
  };
}
