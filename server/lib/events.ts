// In-process events for GraphQL subscriptions (rulesChanged). One server
// process per deployment; a multi-process deployment would swap this for
// PostgreSQL LISTEN/NOTIFY behind the same two functions.
import { EventEmitter, on } from 'node:events';

export type RulesChangedEvent = { roleIds: number[] | 'all' };

export type AppEvents = {
  publishRulesChanged(event: RulesChangedEvent): void;
  rulesChanged(signal: AbortSignal): AsyncIterable<RulesChangedEvent>;
};

export function createEvents(): AppEvents {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publishRulesChanged: (event) => emitter.emit('rules', event),
    async *rulesChanged(signal) {
      try {
        for await (const [event] of on(emitter, 'rules', { signal })) yield event as RulesChangedEvent;
      } catch (err) {
        if ((err as Error).name !== 'AbortError') throw err;
      }
    },
  };
}
