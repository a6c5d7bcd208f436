// Enter moves through the line items of a document, as in a spreadsheet: from
// a field of a line to the next field of that line, then to the first field of
// the next line; from the last field of the last line it adds a line (when the
// editor can) and lands on its first field. Attach `onLinesKeyDown` to the
// element that holds the lines' rows (a <table>, or any container whose rows
// carry data-line-row). Enter in an open dropdown (article, concept) still picks
// the highlighted option, in a text area it still breaks the line, and on a button it still
// presses it.
import type { KeyboardEvent } from 'react';

const INPUTS = 'input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([disabled])';

/** A field a person types into or picks in: read-only inputs count only as the face of a select. */
const isField = (el: Element): el is HTMLInputElement =>
  el instanceof HTMLInputElement && el.matches(INPUTS) && (!el.readOnly || el.hasAttribute('aria-haspopup'));

/** The rows of the editor, in order: <tr> of its body, or elements marked data-line-row. */
function rowsOf(container: HTMLElement): HTMLElement[] {
  const marked = container.querySelectorAll<HTMLElement>('[data-line-row]');
  if (marked.length) return [...marked];
  return [...container.querySelectorAll<HTMLElement>('tbody > tr')];
}

const fieldsOf = (row: HTMLElement) => [...row.querySelectorAll<HTMLInputElement>(INPUTS)].filter(isField);

/** The option highlighted in the listbox a combobox field controls, if any. */
function highlightedOption(field: HTMLElement): boolean {
  const listId = field.getAttribute('aria-controls');
  const list = listId ? field.ownerDocument.getElementById(listId) : null;
  return !!list?.querySelector('[data-combobox-selected], [aria-selected="true"]');
}

/** The field Enter should move to from `from`, or 'add' past the last field of the last line, or null. */
export function nextLineField(container: HTMLElement, from: HTMLElement): HTMLInputElement | 'add' | null {
  const rows = rowsOf(container);
  const rowIndex = rows.findIndex((r) => r.contains(from));
  if (rowIndex < 0) return null;
  const fields = fieldsOf(rows[rowIndex]!);
  const at = fields.indexOf(from as HTMLInputElement);
  if (at < 0) return null;
  if (at < fields.length - 1) return fields[at + 1]!;
  for (let r = rowIndex + 1; r < rows.length; r++) {
    const first = fieldsOf(rows[r]!)[0];
    if (first) return first;
  }
  return 'add';
}

/**
 * keydown handler for a lines editor. `onAddLine` adds an empty line (omit it
 * where lines cannot be added); the new line's first field gets the focus once
 * React has rendered it.
 */
export function onLinesKeyDown(onAddLine?: () => void) {
  return (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey || event.nativeEvent.isComposing) return;
    const target = event.target as HTMLElement;
    if (!isField(target)) return;
    // An open combobox takes Enter to pick the option the person highlighted (Mantine's handler on
    // the field ran first and prevented the default). With nothing highlighted, as when an
    // autocomplete (Clave SAT) opens its suggestions on focus, Enter moves on like everywhere else.
    if (event.defaultPrevented || (target.getAttribute('aria-expanded') === 'true' && highlightedOption(target))) return;
    const container = event.currentTarget;
    const next = nextLineField(container, target);
    if (next === null || (next === 'add' && !onAddLine)) return;
    event.preventDefault(); // also keeps Enter from submitting the surrounding form
    if (next !== 'add') {
      next.focus();
      next.select?.();
      return;
    }
    const before = rowsOf(container).length;
    onAddLine!();
    // Focus the new line's first field after the render that adds it.
    const focusNew = (tries: number) => {
      const rows = rowsOf(container);
      if (rows.length > before) {
        fieldsOf(rows[rows.length - 1]!)[0]?.focus();
        return;
      }
      if (tries > 0) requestAnimationFrame(() => focusNew(tries - 1));
    };
    requestAnimationFrame(() => focusNew(10));
  };
}
