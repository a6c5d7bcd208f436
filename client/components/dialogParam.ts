// The open dialog lives in the URL like the rest of the list state
// (`?edit=12`, `?edit=new`): a reload or a shared link opens it again.
// By default opening and closing replace the history entry, so "back" leaves
// the screen instead of stepping through dialogs; screens whose records open
// with `?id=` push instead, so "back" closes the record like a page.
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

export type DialogParam = {
  value: string | null;
  open: (value: string) => void;
  close: () => void;
};

export const NEW_RECORD = 'new';

export function useDialogParam(name = 'edit', { replace = true }: { replace?: boolean } = {}): DialogParam {
  const [searchParams, setSearchParams] = useSearchParams();
  const value = searchParams.get(name);
  const open = useCallback(
    (next: string) =>
      setSearchParams((previous) => {
        const params = new URLSearchParams(previous);
        params.set(name, next);
        return params;
      }, { replace }),
    [name, replace, setSearchParams],
  );
  const close = useCallback(
    () =>
      setSearchParams(
        (previous) => {
          const params = new URLSearchParams(previous);
          params.delete(name);
          return params;
        },
        { replace },
      ),
    [name, replace, setSearchParams],
  );
  return { value: value === '' ? null : value, open, close };
}
