// POST /api/graphql from node:http straight to Apollo, ahead of Express. The
// endpoint every screen and integrator calls all day paid, on every request,
// Express's router walk, body-parser with type-is, content negotiation and an
// ETag (a SHA-1 of each answer no client revalidates): about a sixth of the CPU
// of a users-list request (issue 12, bench section b). This handler does what
// that route did and nothing else, in the same order: security headers, the
// service-account gate, the JSON body (1 MiB at most, objects and arrays only),
// the persisted-query allow-list, the test-only statement count, Apollo; or,
// for a read the SPA ships, the short path of graphql/readFastPath.ts.
//
// It takes only POSTs with a JSON body in UTF-8 and no content encoding; any
// other request (GET, text/plain, gzip, another charset) goes on to Express,
// whose route and Apollo integration answer it as before.
import type http from 'node:http';
import { HeaderMap, type ApolloServer } from '@apollo/server';
import proxyaddr from 'proxy-addr';
import type { AuthUser, RequestContext } from '../context';
import { countStatements, statementCountEnabled } from '../db/statementCount';
import { allowedPostBody, PERSISTED_QUERY_CODE, PERSISTED_QUERY_REFUSED, type AllowList } from '../graphql/persistedQueries';
import { dropHandedOver, type FastAnswer, type ReadFastPath } from '../graphql/readFastPath';
import type { AppServices } from '../services';
import { bearer } from './bearer';
import { INVALID_REQUEST, REQUEST_TOO_LARGE } from './errorBodies';
import { isServiceToken } from '../modules/settings/serviceAccounts';
import { checkServiceToken, isGateRefusal } from './serviceAccountGate';

export const GRAPHQL_PATH = '/api/graphql';
/** express.json({ limit: '1mb' }) as the Express route had it. */
const BODY_LIMIT = 1024 * 1024;

/** Headers every /api answer carries (app.ts sets them on the Express side too). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
};

const REFUSED = { errors: [{ message: PERSISTED_QUERY_REFUSED, extensions: { code: PERSISTED_QUERY_CODE } }] };

export type GraphqlPostOptions = {
  app: AppServices;
  apollo: ApolloServer<RequestContext>;
  allowList: AllowList | null;
  /** The SPA's persisted reads answered without Apollo's pipeline (null: every request goes to Apollo). */
  fastPath: ReadFastPath | null;
  /** Express's compiled "trust proxy" setting, so req.ip is the address Express would give. */
  trustProxy: (address: string, hop: number) => boolean;
  context: (token: string | null, ip: string, resolved?: AuthUser) => Promise<RequestContext>;
};

/** Whether this handler answers the request (otherwise Express does). */
export function takesGraphqlPost(req: http.IncomingMessage): boolean {
  if (req.method !== 'POST' || !req.url) return false;
  const q = req.url.indexOf('?');
  const pathname = q === -1 ? req.url : req.url.slice(0, q);
  if (pathname !== GRAPHQL_PATH && pathname !== `${GRAPHQL_PATH}/`) return false;
  const encoding = req.headers['content-encoding'];
  if (encoding !== undefined && encoding.toLowerCase() !== 'identity') return false;
  const [mediaType, ...params] = (req.headers['content-type'] ?? '').split(';');
  if (mediaType.trim().toLowerCase() !== 'application/json') return false;
  return params.every((p) => {
    const [name, value = ''] = p.split('=');
    return name.trim().toLowerCase() !== 'charset' || ['utf-8', 'utf8'].includes(value.trim().replace(/^"|"$/g, '').toLowerCase());
  });
}

function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...headers, 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) }).end(text);
}

/** The body as body-parser's strict JSON parser read it: {} when empty, an object or array, else undefined (invalid). */
function parseBody(text: string): unknown {
  if (text === '') return {};
  // JSON's own whitespace (space, tab, line feed, carriage return) may come first.
  const first = text.trimStart()[0];
  if (first !== '{' && first !== '[') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Past this much a body is not read to its end: the connection is cut. Up to here an oversized
 * body is read and dropped before the 413 goes out, so the client, still sending, gets to read it
 * (answering first and closing made its send fail with EPIPE/ECONNRESET, never seeing the 413).
 */
const DRAIN_LIMIT = 64 * BODY_LIMIT;

/**
 * Reads the whole body, or answers 413 (and resolves null) past the limit. A client that goes
 * away before the end resolves null too: nobody is left to answer, and it is not a server error.
 */
function readBody(req: http.IncomingMessage, res: http.ServerResponse): Promise<string | null> {
  return new Promise((resolve) => {
    const declared = Number(req.headers['content-length']);
    if (declared > DRAIN_LIMIT) {
      send(res, 413, REQUEST_TOO_LARGE, { Connection: 'close' });
      req.resume();
      return resolve(null);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= BODY_LIMIT) chunks.push(chunk);
      else if (size > DRAIN_LIMIT && !res.headersSent) send(res, 413, REQUEST_TOO_LARGE, { Connection: 'close' });
    });
    req.once('end', () => {
      if (size > BODY_LIMIT) {
        if (!res.headersSent) send(res, 413, REQUEST_TOO_LARGE);
        return resolve(null);
      }
      resolve(chunks.length === 1 ? chunks[0].toString('utf8') : Buffer.concat(chunks).toString('utf8'));
    });
    req.once('error', () => resolve(null));
    req.once('close', () => {
      if (!req.complete) resolve(null);
    });
  });
}

/** What Apollo writes for a single result without errors (its headers in its order, then ours). */
function writeFast(res: http.ServerResponse, answer: FastAnswer): void {
  res.setHeader('cache-control', 'no-store');
  res.setHeader('content-type', answer.contentType);
  res.statusCode = 200;
  res.setHeader('Content-Length', Buffer.byteLength(answer.body));
  res.end(answer.body);
}

export function graphqlPostHandler(opts: GraphqlPostOptions): (req: http.IncomingMessage, res: http.ServerResponse, fail: (err: unknown) => void) => void {
  const { app, apollo, allowList } = opts;

  const run = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    const token = bearer(req.headers.authorization);
    // A user's session token (or none) passes the gate at once, without a promise to wait for.
    const gate = isServiceToken(token) ? await checkServiceToken(app, token) : null;
    if (gate && isGateRefusal(gate)) {
      req.resume();
      return send(res, gate.status, gate.body, gate.headers);
    }
    const text = await readBody(req, res);
    if (text === null) return;
    let body = parseBody(text);
    if (body === undefined) return send(res, 400, INVALID_REQUEST);
    if (allowList) {
      const allowed = allowedPostBody(allowList, body);
      if (!allowed) return send(res, 400, REFUSED);
      body = allowed;
    }
    // Without X-Forwarded-For, proxyaddr's answer is the socket's address whatever is trusted.
    const ip = req.headers['x-forwarded-for'] === undefined ? (req.socket.remoteAddress as string) : proxyaddr(req, opts.trustProxy);
    const fast = opts.fastPath?.match(body, req.headers.accept);
    let context = () => opts.context(token, ip, gate ?? undefined);
    let requestId: string | null = null;
    if (fast) {
      let ctx: RequestContext | null = null;
      try {
        ctx = await context();
      } catch (err) {
        // Apollo answers a context that failed as it always does, without building it again.
        context = () => Promise.reject(err);
      }
      if (ctx) {
        const answer = await fast.run(ctx);
        if (answer) return writeFast(res, answer);
        const built = ctx;
        context = () => Promise.resolve(built);
        requestId = ctx.requestId;
      }
    }
    const headers = new HeaderMap();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const q = req.url!.indexOf('?');
    const answer = await apollo
      .executeHTTPGraphQLRequest({ httpGraphQLRequest: { method: 'POST', headers, search: q === -1 ? '' : req.url!.slice(q), body }, context })
      .finally(() => requestId !== null && dropHandedOver(requestId));
    for (const [name, value] of answer.headers) res.setHeader(name, value);
    res.statusCode = answer.status ?? 200;
    if (answer.body.kind === 'complete') {
      res.setHeader('Content-Length', Buffer.byteLength(answer.body.string));
      res.end(answer.body.string);
      return;
    }
    for await (const chunk of answer.body.asyncIterator) res.write(chunk);
    res.end();
  };

  return (req, res, fail) => {
    const work = () => run(req, res).catch(fail);
    void (statementCountEnabled() ? countStatements(work) : work());
  };
}
