// Screens that show records of an entity hear when any user changes one
// (the server's recordChanged subscription, fanned out across processes).
// Bursts (a document and its lines, a batch) collapse into one call. Outside
// an Apollo provider (component showcases, unit tests) it simply listens to
// nothing.
import { getApolloContext } from '@apollo/client/react';
import { useContext, useEffect, useRef } from 'react';
import { RecordChangedDocument } from '../../generated/components/graphql';

export function useRecordChanges(entity: string | null | undefined, onChange: (id: string, byMe: boolean) => void, debounceMs = 400): void {
  const client = useContext(getApolloContext()).client;
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    if (!entity || !client) return undefined;
    let timer: number | null = null;
    const subscription = client.subscribe({ query: RecordChangedDocument, variables: { entity } }).subscribe({
      next: (result) => {
        const change = result.data?.recordChanged;
        if (!change) return;
        if (timer !== null) window.clearTimeout(timer);
        timer = window.setTimeout(() => {
          timer = null;
          latest.current(change.id, change.byMe);
        }, debounceMs);
      },
      // A dropped subscription is retried by the WebSocket client; nothing to tell the user here.
      error: () => undefined,
    });
    return () => {
      if (timer !== null) window.clearTimeout(timer);
      subscription.unsubscribe();
    };
  }, [client, entity, debounceMs]);
}
