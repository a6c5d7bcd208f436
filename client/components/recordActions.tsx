// The two rules every action on an open record follows, in one place so each
// form gets them by using FormPage / FormDialog and DocumentActions:
// - an action acts on what the form shows: while the form has unsaved changes,
//   an action whose own request does not carry the form is held back with
//   «Guarda los cambios antes de …» (the permit's «Autorizar» carries it);
// - an irreversible move (cerrar, cancelar, autorizar, emitir, timbrar, pagar)
//   asks first through the product's confirm dialog, naming the record:
//   «¿Cerrar el permiso PT-000012? Esta acción no se puede deshacer.»
import { createContext, useContext, type ReactNode } from 'react';
import { confirmAction, confirmAsync } from './confirm';

/** How a record is named in a sentence: noun with its article, and its folio. */
export type RecordName = { noun: string; reference: string };

export const RECORD_ACTION_TEXTS = {
  saveFirst: (verb: string) => `Guarda los cambios antes de ${verb}.`,
  irreversible: 'Esta acción no se puede deshacer.',
};

/** The infinitive a hint or a question uses: «Autorizar» → «autorizar», «Cerrar permiso» → «cerrar». */
export function actionVerb(label: string): string {
  const first = label.trim().split(/\s+/)[0] ?? '';
  return /(ar|er|ir)$/i.test(first) ? first.toLowerCase() : `usar «${label}»`;
}

/** «¿Cerrar el permiso PT-000012? Esta acción no se puede deshacer.» */
export function irreversibleQuestion(verb: string, record: RecordName | null): string {
  const capital = verb.charAt(0).toUpperCase() + verb.slice(1).toLowerCase();
  const what = record ? ` ${[record.noun, record.reference].filter(Boolean).join(' ')}` : '';
  return `¿${capital}${what}? ${RECORD_ACTION_TEXTS.irreversible}`;
}

/** Asks before an irreversible move; the title is the action, the question names the record. */
export function confirmIrreversible({ label, verb, record, onConfirm }: { label: string; verb?: string; record: RecordName | null; onConfirm: () => void }): string {
  return confirmAction({ title: label, message: irreversibleQuestion(verb ?? actionVerb(label), record), confirmLabel: label, onConfirm });
}

/** The same question as a promise (true when confirmed), for a move that is a form's submit (useFormSave's `confirm`). */
export function confirmIrreversibleAsync({ label, verb, record }: { label: string; verb?: string; record: RecordName | null }): Promise<boolean> {
  return confirmAsync({ title: label, message: irreversibleQuestion(verb ?? actionVerb(label), record), confirmLabel: label });
}

type RecordActionScope = {
  /** The surrounding form has unsaved changes. */
  dirty: boolean;
  /** The record the form shows, for the confirmation of an irreversible move. */
  record: RecordName | null;
};

const Scope = createContext<RecordActionScope>({ dirty: false, record: null });

/** Set by FormPage and FormDialog around their content and save bar. */
export function RecordActionProvider({ dirty, record, children }: RecordActionScope & { children: ReactNode }) {
  return <Scope.Provider value={{ dirty, record }}>{children}</Scope.Provider>;
}

export function useRecordActionScope(): RecordActionScope {
  return useContext(Scope);
}
