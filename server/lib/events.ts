// Live events for GraphQL subscriptions (rulesChanged, recordChanged). Each
// process fans events out to its own subscribers. With PGlite the process is
// the whole deployment, so publishing is a local emit; with PostgreSQL any
// number of processes share the database, so publishing is a NOTIFY and every
// process (the publisher too) hears it on its own LISTEN connection.
import { EventEmitter, on } from 'node:events';
import type { Logger } from './logger';

export type RulesChangedEvent = { roleIds: number[] | 'all' };
export type RecordChangedEvent = { entity: string; id: string; userId: number | null };

type AppEvent = ({ type: 'rulesChanged' } & RulesChangedEvent) | ({ type: 'recordChanged' } & RecordChangedEvent);

export type AppEvents = {
  publishRulesChanged(event: RulesChangedEvent): void;
  publishRecordChanged(event: RecordChangedEvent): void;
  rulesChanged(signal: AbortSignal): AsyncIterable<RulesChangedEvent>;
  recordChanged(entity: string, signal: AbortSignal): AsyncIterable<RecordChangedEvent>;
  /** Called for every rules change this process hears, whichever process published it. */
  onRulesChanged(listener: (event: RulesChangedEvent) => void): void;
  close(): Promise<void>;
};

const CHANNEL = 'erp_events';

type Bus = Pick<AppEvents, 'rulesChanged' | 'recordChanged' | 'onRulesChanged'> & { deliver(event: AppEvent): void };

/** This process's subscribers; `deliver` hands them an event, whichever process published it. */
function createBus(): Bus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  async function* stream<T>(type: AppEvent['type'], signal: AbortSignal, keep: (event: T) => boolean) {
    try {
      for await (const [event] of on(emitter, type, { signal })) if (keep(event as T)) yield event as T;
    } catch (err) {
      if ((err as Error).name !== 'AbortError') throw err;
    }
  }
  return {
    deliver: (event) => void emitter.emit(event.type, event),
    rulesChanged: (signal) => stream<RulesChangedEvent>('rulesChanged', signal, () => true),
    recordChanged: (entity, signal) => stream<RecordChangedEvent>('recordChanged', signal, (e) => e.entity === entity),
    onRulesChanged: (listener) => void emitter.on('rulesChanged', listener),
  };
}

function eventsOver(bus: Bus, send: (event: AppEvent) => void, close: () => Promise<void>): AppEvents {
  return {
    rulesChanged: bus.rulesChanged,
    recordChanged: bus.recordChanged,
    onRulesChanged: bus.onRulesChanged,
    publishRulesChanged: ({ roleIds }) => send({ type: 'rulesChanged', roleIds }),
    publishRecordChanged: ({ entity, id, userId }) => send({ type: 'recordChanged', entity, id, userId }),
    close,
  };
}

/** One process is the deployment (PGlite): events stay in memory. */
export function createEvents(): AppEvents {
  const bus = createBus();
  return eventsOver(bus, bus.deliver, async () => undefined);
}

/**
 * Events shared by every process on one PostgreSQL database. One dedicated
 * connection LISTENs and also sends the NOTIFYs (a pooled connection could be
 * in the middle of a transaction, which would hold the notification back).
 * If it drops, it reconnects and tells local subscribers the rules may have
 * changed meanwhile (they re-read and only push real differences).
 */
export async function createPostgresEvents(opts: { databaseUrl: string; logger: Logger }): Promise<AppEvents> {
  const { default: pg } = await import('pg');
  const { logger } = opts;
  const bus = createBus();
  let client: InstanceType<typeof pg.Client> | null = null;
  let closing = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    // Named, so an operator sees in pg_stat_activity which connections are the event listeners.
    const next = new pg.Client({ connectionString: opts.databaseUrl, application_name: 'erp-events' });
    next.on('notification', (msg) => {
      if (msg.channel !== CHANNEL || !msg.payload) return;
      try {
        bus.deliver(JSON.parse(msg.payload) as AppEvent);
      } catch (err) {
        logger.error({ err }, 'evento no válido en erp_events');
      }
    });
    next.on('error', (err) => {
      logger.warn({ err }, 'se perdió la conexión de eventos; reconectando');
      reconnect(next);
    });
    next.on('end', () => reconnect(next));
    await next.connect();
    await next.query(`listen ${CHANNEL}`);
    if (closing) return void (await next.end()); // closed while reconnecting
    client = next;
  };

  const reconnect = (lost: InstanceType<typeof pg.Client>) => {
    if (closing || client !== lost) return;
    client = null;
    lost.end().catch(() => undefined);
    const attempt = async () => {
      try {
        await connect();
        bus.deliver({ type: 'rulesChanged', roleIds: 'all' });
      } catch (err) {
        logger.warn({ err }, 'no se pudo reconectar la conexión de eventos');
        retry = setTimeout(() => void attempt(), 2_000);
      }
    };
    retry = setTimeout(() => void attempt(), 500);
  };

  // Events published in the same turn of the event loop (a commit group announces every posting
  // it committed at once) go out as one statement: one NOTIFY each, in order, one round trip.
  let pending: string[] = [];
  const flush = () => {
    const payloads = pending;
    pending = [];
    if (!client) {
      logger.warn({ events: payloads.length }, 'eventos sin enviar: la conexión de eventos se está restableciendo');
      return;
    }
    client
      .query('select pg_notify($1, p) from unnest($2::text[]) as p', [CHANNEL, payloads])
      .catch((err: unknown) => logger.error({ err }, 'no se pudo publicar un evento'));
  };

  await connect();
  return eventsOver(
    bus,
    (event) => {
      if (!pending.length) setImmediate(flush);
      pending.push(JSON.stringify(event));
    },
    async () => {
      closing = true;
      clearTimeout(retry);
      // What was published just before closing still goes out (end() waits for it).
      if (pending.length) flush();
      await client?.end();
    },
  );
}
