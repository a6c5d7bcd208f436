// «Agregar partida» leaves an empty row: ignored when others are filled, flagged when it is the only one.
import { describe, expect, it } from 'vitest';
import { filledLines, isBlankLine, requiredInLine } from '../../../client/components/blankLines';

type V = { lines: { articleId: string; quantity: string }[] };
const rule = requiredInLine<V>('Este dato es obligatorio.');

describe('blank lines', () => {
  it('an untouched row beside filled ones is neither flagged nor sent', () => {
    const values: V = { lines: [{ articleId: '7', quantity: '2' }, { articleId: '', quantity: '' }] };
    expect(rule('', values, 'lines.1.articleId')).toBeNull();
    expect(rule('', values, 'lines.1.quantity')).toBeNull();
    expect(filledLines(values.lines)).toEqual([{ articleId: '7', quantity: '2' }]);
  });

  it('a half-filled row, or the only row, is flagged', () => {
    const half: V = { lines: [{ articleId: '7', quantity: '2' }, { articleId: '9', quantity: '' }] };
    expect(rule('', half, 'lines.1.quantity')).toBe('Este dato es obligatorio.');
    const only: V = { lines: [{ articleId: '', quantity: '' }] };
    expect(rule('', only, 'lines.0.articleId')).toBe('Este dato es obligatorio.');
    const allBlank: V = { lines: [{ articleId: '', quantity: '' }, { articleId: '', quantity: '' }] };
    expect(rule('', allBlank, 'lines.0.articleId')).toBe('Este dato es obligatorio.');
    expect(rule('3', allBlank, 'lines.0.articleId')).toBeNull();
  });

  it('knows a blank line', () => {
    expect(isBlankLine({ a: '', b: null, c: undefined })).toBe(true);
    expect(isBlankLine({ a: '', b: '0' })).toBe(false);
  });
});
