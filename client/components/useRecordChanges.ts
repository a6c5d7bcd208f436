// Screens that show records of an entity hear when any user changes one
// (the server's recordChanged subscription, fanned out across processes).
// Bursts (a document and its lines, a batch) collapse into one call.
import { useSubscription } from '@apollo/client/react';
import { useEffect, useRef } from 'react';
import { RecordChangedDocument } from '../../generated/graphql';

export function useRecordChanges(entity: string | null | undefined, onChange: (id: string, byMe: boolean) => void, debounceMs = 400): void {
  const latest = useRef(onChange);
  latest.current = onChange;
  const timer = useRef<number | null>(null);
  useEffect(() => () => {
    if (timer.current !== null) window.clearTimeout(timer.current);
  }, []);
  useSubscription(RecordChangedDocument, {
    variables: { entity: entity ?? '' },
    skip: !entity,
    onData: ({ data }) => {
      const change = data.data?.recordChanged;
      if (!change) return;
      if (timer.current !== null) window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => {
        timer.current = null;
        latest.current(change.id, change.byMe);
      }, debounceMs);
    },
  });
}
