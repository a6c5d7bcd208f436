// Everything the bench creates (temporary folders, databases, processes) is
// registered here and undone in reverse order, on success, on failure and on
// Ctrl-C, so an interrupted run leaves nothing behind.
type Entry = { label: string; undo: () => Promise<void> };

const entries: Entry[] = [];

/** Register an undo step; the returned function drops it once it is done by hand. */
export function track(label: string, undo: () => Promise<void>): () => void {
  const entry: Entry = { label, undo };
  entries.push(entry);
  return () => {
    const i = entries.indexOf(entry);
    if (i !== -1) entries.splice(i, 1);
  };
}

export async function cleanupAll(): Promise<void> {
  while (entries.length) {
    const entry = entries.pop() as Entry;
    try {
      await entry.undo();
    } catch (error) {
      console.error(`No se pudo limpiar ${entry.label}:`, error instanceof Error ? error.message : error);
    }
  }
}

let leaving = false;
function leave(reason: string, code: number): void {
  if (leaving) process.exit(code); // a second Ctrl-C: leave now
  leaving = true;
  console.error(`\n${reason}: limpiando antes de salir…`);
  void cleanupAll().finally(() => process.exit(code));
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => leave(signal, 130));
// e.g. a pg client emitting 'error' with no listener: without this the
// process would die with its temporary folders and databases still in place.
process.on('uncaughtException', (error) => {
  console.error(error);
  leave('Error no controlado', 1);
});
