// Live events for GraphQL subscriptions (rulesChanged, recordChanged) and for
// the identity caches (sessionsChanged: sessions, users or service accounts
// whose remembered lookup must be read again). Each
// process fans events out to its own subscribers. With PGlite the process is
// the whole deployment, so publishing is a local emit; with PostgreSQL any
// number of processes share the database, so publishing is a NOTIFY and every
// process (the publisher too) hears it on its own LISTEN connection.
import { randomUUID } from 'node:crypto';
import { EventEmitter, on } from 'node:events';
import type { Logger } from './logger';

export type RulesChangedEvent = { roleIds: number[] | 'all' };
export type RecordChangedEvent = { entity: string; id: string; userId: number | null };
/** What a remembered identity lookup no longer answers right: these sessions, every session of these users, these service accounts' tokens, everyone with these roles, or everything. */
export type SessionsChangedEvent = { sessionIds?: string[]; userIds?: number[]; serviceAccountIds?: number[]; roleIds?: number[]; all?: true };

type AppEvent =
  | ({ type: 'rulesChanged' } & RulesChangedEvent)
  | ({ type: 'recordChanged' } & RecordChangedEvent)
  | ({ type: 'sessionsChanged' } & SessionsChangedEvent);

export type AppEvents = {
  publishRulesChanged(event: RulesChangedEvent): void;
  publishRecordChanged(event: RecordChangedEvent): void;
  /** Resolves once the other processes can hear it (the NOTIFY went out), so a revocation answered is a revocation heard. */
  publishSessionsChanged(event: SessionsChangedEvent): Promise<void>;
  rulesChanged(signal: AbortSignal): AsyncIterable<RulesChangedEvent>;
  recordChanged(entity: string, signal: AbortSignal): AsyncIterable<RecordChangedEvent>;
  /** Called for every rules change this process hears, whichever process published it. */
  onRulesChanged(listener: (event: RulesChangedEvent) => void): void;
  /** Called for every sessionsChanged this process hears, its own included. */
  onSessionsChanged(listener: (event: SessionsChangedEvent) => void): void;
  /** False while events from other processes may be missed (the LISTEN connection is being restored). */
  listening(): boolean;
  close(): Promise<void>;
};

const CHANNEL = 'erp_events';

type Bus = Pick<AppEvents, 'rulesChanged' | 'recordChanged' | 'onRulesChanged' | 'onSessionsChanged'> & { deliver(event: AppEvent): void };

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
    onSessionsChanged: (listener) => void emitter.on('sessionsChanged', listener),
  };
}

function eventsOver(bus: Bus, send: (event: AppEvent) => Promise<void>, listening: () => boolean, close: () => Promise<void>): AppEvents {
  return {
    rulesChanged: bus.rulesChanged,
    recordChanged: bus.recordChanged,
    onRulesChanged: bus.onRulesChanged,
    onSessionsChanged: bus.onSessionsChanged,
    publishRulesChanged: ({ roleIds }) => void send({ type: 'rulesChanged', roleIds }),
    publishRecordChanged: ({ entity, id, userId }) => void send({ type: 'recordChanged', entity, id, userId }),
    publishSessionsChanged: (event) => send({ type: 'sessionsChanged', ...event }),
    listening,
    close,
  };
}

/** One process is the deployment (PGlite): events stay in memory. */
export function createEvents(): AppEvents {
  const bus = createBus();
  return eventsOver(
    bus,
    async (event) => bus.deliver(event),
    () => true,
    async () => undefined,
  );
}

/**
 * Events shared by every process on one PostgreSQL database. One dedicated
 * connection LISTENs and also sends the NOTIFYs (a pooled connection could be
 * in the middle of a transaction, which would hold the notification back).
 * If it drops, it reconnects and tells local subscribers the rules may have
 * changed meanwhile (they re-read and only push real differences); the identity
 * caches are emptied when it drops and again once it is back, and remember
 * nothing in between (`listening()` is false).
 *
 * A NOTIFY reaches the other processes some time after it commits, and a
 * revocation must not be answered while another process could still accept
 * the session it remembers. So a sessionsChanged names its sender and an id;
 * every other listener answers with a sessionsAck once it has forgotten, and
 * publishing resolves when all the listeners counted in pg_stat_activity have
 * answered (or after ACK_TIMEOUT_MS, for a process that died meanwhile).
 */
const LISTENER_NAME = 'erp-events';
const ACK_TIMEOUT_MS = 2_000;

/** What travels on the channel: the events, a sessionsChanged with its sender and id, and the answers to it. */
type WireEvent = AppEvent | ({ type: 'sessionsChanged'; id: string; origin: string } & SessionsChangedEvent) | { type: 'sessionsAck'; id: string; to: string };

export async function createPostgresEvents(opts: { databaseUrl: string; logger: Logger }): Promise<AppEvents> {
  const { default: pg } = await import('pg');
  const { logger } = opts;
  const bus = createBus();
  const origin = randomUUID();
  /** This process's sessionsChanged still waiting for answers, by id. */
  const awaitingAcks = new Map<string, { remaining: number; heard: () => void }>();
  let client: InstanceType<typeof pg.Client> | null = null;
  let closing = false;
  let retry: NodeJS.Timeout | undefined;
  /** A sessionsChanged could not go out while reconnecting: the other processes are told to forget everything once back. */
  let unsentSessions = false;

  const connect = async () => {
    // Named, so an operator sees in pg_stat_activity which connections are the event listeners.
    const next = new pg.Client({ connectionString: opts.databaseUrl, application_name: LISTENER_NAME });
    next.on('notification', (msg) => {
      if (msg.channel !== CHANNEL || !msg.payload) return;
      let event: WireEvent;
      try {
        event = JSON.parse(msg.payload) as WireEvent;
      } catch (err) {
        return void logger.error({ err }, 'evento no válido en erp_events');
      }
      if (event.type === 'sessionsAck') {
        const waiting = event.to === origin ? awaitingAcks.get(event.id) : undefined;
        if (waiting && --waiting.remaining <= 0) waiting.heard();
        return;
      }
      bus.deliver(event);
      if (event.type === 'sessionsChanged' && 'origin' in event && event.origin !== origin) {
        void notify({ type: 'sessionsAck', id: event.id, to: event.origin }).catch((err: unknown) => logger.warn({ err }, 'no se pudo confirmar un evento'));
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
    bus.deliver({ type: 'sessionsChanged', all: true });
    lost.end().catch(() => undefined);
    const attempt = async () => {
      try {
        await connect();
        bus.deliver({ type: 'rulesChanged', roleIds: 'all' });
        bus.deliver({ type: 'sessionsChanged', all: true });
        if (unsentSessions) {
          unsentSessions = false;
          await send({ type: 'sessionsChanged', all: true });
        }
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

  const notify = async (event: WireEvent) => {
    if (!client) throw new Error('sin conexión de eventos');
    await client.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify(event)]);
  };

  /** Resolves once the other listeners (counted now) have answered `id`, or after ACK_TIMEOUT_MS. */
  const acksOf = async (id: string): Promise<() => Promise<void>> => {
    if (!client) return async () => undefined;
    const { rows } = await client.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = $1 and pid <> pg_backend_pid()',
      [LISTENER_NAME],
    );
    const others = rows[0]?.n ?? 0;
    if (others === 0) return async () => undefined;
    const heard = new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        logger.warn({ missing: awaitingAcks.get(id)?.remaining }, 'no todos los procesos confirmaron el aviso de sesiones');
        awaitingAcks.delete(id);
        resolve();
      }, ACK_TIMEOUT_MS);
      awaitingAcks.set(id, {
        remaining: others,
        heard: () => {
          clearTimeout(timer);
          awaitingAcks.delete(id);
          resolve();
        },
      });
    });
    return () => heard;
  };

  const send = async (event: AppEvent) => {
    if (!client) {
      logger.warn({ event: event.type }, 'evento sin enviar: la conexión de eventos se está restableciendo');
      if (event.type === 'sessionsChanged') unsentSessions = true;
      return;
    }
    if (event.type !== 'sessionsChanged') {
      if (!pending.length) setImmediate(flush);
      pending.push(JSON.stringify(event));
      return;
    }
    const id = randomUUID();
    try {
      const heard = await acksOf(id);
      await notify({ ...event, id, origin });
      await heard();
    } catch (err) {
      logger.error({ err }, 'no se pudo publicar un evento');
      awaitingAcks.get(id)?.heard();
      unsentSessions = true;
    }
  };

  await connect();
  return eventsOver(
    bus,
    send,
    () => client !== null,
    async () => {
      closing = true;
      clearTimeout(retry);
      // What was published just before closing still goes out (end() waits for it).
      if (pending.length) flush();
      await client?.end();
    },
  );
}
