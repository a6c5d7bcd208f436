// Ctrl+S (⌘S on a Mac) saves the form on top: the dialog's form when a dialog
// is open over the page, the page's form otherwise. The browser's "save page"
// never opens over a form; a read-only or saving form ignores the keys.
import { useEffect, type RefObject } from 'react';

/** True for Ctrl+S / ⌘S without other modifiers. */
export const isSaveShortcut = (e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): boolean =>
  (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 's';

/** The form that owns the shortcut now: the one inside the topmost open dialog, else none inside a dialog. */
export function ownsShortcut(form: HTMLFormElement, doc: Document = document): boolean {
  const dialogs = [...doc.querySelectorAll('[role="dialog"]')];
  const top = dialogs[dialogs.length - 1];
  return top ? top.contains(form) : true;
}

export function useSaveShortcut(formRef: RefObject<HTMLFormElement | null>, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (!isSaveShortcut(event)) return;
      const form = formRef.current;
      if (!form || !ownsShortcut(form)) return;
      event.preventDefault();
      // Let a field that commits on blur (NumberField, DateField) commit first.
      if (document.activeElement instanceof HTMLElement && form.contains(document.activeElement)) document.activeElement.blur();
      form.requestSubmit();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [formRef, enabled]);
}
