// What a record's form page shows instead of its editor while `?id=` cannot
// open one: written once for every form page (Ventas, Compras, RH, Parque
// Vehicular, Configuración).
import type { ReactElement } from 'react';
import { FormPage } from './FormPage';
import type { AppError } from './graphqlErrors';
import { RecordNotFound } from './RecordNotFound';

/** The form frame with placeholders while the record loads. */
export function LoadingForm() {
  return (
    <FormPage onSubmit={async () => undefined} onCancel={() => undefined} dirty={false} saving={false} loading>
      {null}
    </FormPage>
  );
}

export type RecordGate = {
  /** `?id=` as written in the address (null for a new record). */
  rawId: string | null;
  /** The same id once parsed (null when malformed or absent). */
  id: string | null;
  /** The record read for `id` (null until read, or when it does not exist). */
  record: unknown;
  loading: boolean;
  /** The first load error of the page's queries. */
  error: AppError | null;
  /** Whether the queries the editor needs have data (an error beside data is the editor's to show). */
  hasData: boolean;
  /** «El gasto no existe o fue eliminado.» */
  notFound: string;
  /** The way back: the list (`to`) or, without it, the browser's history. */
  back: { label: string; to?: string };
  /** Something else the editor needs is still loading (options, a source document). */
  waiting?: boolean;
};

/**
 * The screen to show instead of the editor, or null once the editor can open: a malformed or
 * unknown id (or a NOT_FOUND answer) says the record does not exist, another load error says it
 * could not be loaded with the server's message, and the form frame waits while the record
 * (or what `waiting` names) loads.
 */
export function recordGate(g: RecordGate): ReactElement | null {
  const missing = <RecordNotFound message={g.notFound} back={g.back} />;
  if (g.rawId !== null && g.id === null) return missing;
  if (g.error && !g.hasData) return g.error.code === 'NOT_FOUND' ? missing : <RecordNotFound message={g.notFound} error={g.error} back={g.back} />;
  if (g.id !== null && !g.loading && g.record === null) return missing;
  if ((g.id !== null && g.record === null) || g.waiting) return <LoadingForm />;
  return null;
}
