// One HTTP server on one port: the SPA, /api/graphql (HTTP + WebSocket) and /api/health.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import { expressMiddleware } from '@as-integrations/express5';
import express from 'express';
import { GraphQLError, parse, specifiedRules, validate, type ExecutionArgs } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import type { AuthUser, RequestContext } from './context';
import { countStatements, statementCountEnabled, statementsSoFar } from './db/statementCount';
import { createArmor, PARSE_OPTIONS } from './graphql/armor';
import { compiledGateway } from './graphql/compiledExecution';
import { formatError, isUnexpected, noteRequestId } from './graphql/errors';
import { translateDocumentError } from './graphql/inputErrors';
import { allowedPostBody, createAllowList, manifestIfPresent, PERSISTED_QUERY_CODE, PERSISTED_QUERY_REFUSED } from './graphql/persistedQueries';
import { createReadFastPath, handedOverTaken, type ReadFastPath } from './graphql/readFastPath';
import { buildSchema, loadTypeDefs } from './graphql/schema';
import { apiDocsRouter } from './http/apiDocs';
import { bearer } from './http/bearer';
import { INVALID_REQUEST, REQUEST_TOO_LARGE, UNEXPECTED_ERROR } from './http/errorBodies';
import { filesRouter } from './http/files';
import { graphqlPostHandler, SECURITY_HEADERS, takesGraphqlPost } from './http/graphqlPost';
import { RATE_MSG, serviceAccountGate, serviceAuthOf, serviceTokenVerdict } from './http/serviceAccountGate';
import { sweepUnattachedUploads } from './lib/attachments';
import { authenticate } from './modules/session/service';
import { isServiceToken } from './modules/settings/serviceAccounts';
import { modules } from './modules';
import type { AppServices } from './services';


export type RunningApp = { httpServer: http.Server; url: string; stop(): Promise<void> };

export async function startApp(app: AppServices, opts: { permissions?: boolean } = {}): Promise<RunningApp> {
  const { config, logger } = app;
  const schema = buildSchema({ permissions: opts.permissions ?? true });
  const armor = createArmor(config.production);
  // ERP_PERSISTED_QUERIES=only: the SPA's operations (generated/persisted-operations.json) and nothing else.
  const allowList = config.persistedQueries === 'only' ? createAllowList() : null;
  if (allowList) logger.info({ operations: allowList.size }, 'persisted queries only');
  if (statementCountEnabled()) logger.warn('ERP_COUNT_SQL=1: cada respuesta GraphQL lleva extensions.sqlStatements (solo para pruebas)');
  const persistedRefusal = () => new GraphQLError(PERSISTED_QUERY_REFUSED, { extensions: { code: PERSISTED_QUERY_CODE } });
  const expressApp = express();
  expressApp.disable('x-powered-by');
  // X-Forwarded-For names the client only behind a configured proxy: trusted from anywhere (even
  // loopback), any local client could pick a fresh per-address sign-in bucket for every attempt.
  expressApp.set('trust proxy', config.trustProxy);
  // POST /api/graphql skips Express (http/graphqlPost.ts); set once Apollo has started.
  let graphqlPost: ReturnType<typeof graphqlPostHandler> | null = null;
  const httpServer = http.createServer((req, res) => {
    if (!graphqlPost || !takesGraphqlPost(req)) return void expressApp(req, res);
    graphqlPost(req, res, (err) => {
      logger.error({ err }, 'unexpected HTTP error');
      if (res.headersSent) return void res.destroy();
      res.writeHead(500, { 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify(UNEXPECTED_ERROR));
    });
  });

  const makeContext = async (token: string | null, ip: string, resolved?: AuthUser): Promise<RequestContext> => ({
    requestId: randomUUID(),
    ip,
    app,
    auth: resolved ?? (await authenticate(app, token)),
  });

  // --- WebSocket subscriptions on the same path --------------------------
  const wsServer = new WebSocketServer({ server: httpServer, path: '/api/graphql', maxPayload: 64 * 1024 });
  const wsCleanup = useServer(
    {
      schema,
      context: async (ctx) =>
        makeContext(bearer((ctx.connectionParams as Record<string, unknown> | undefined)?.authorization), ctx.extra.request.socket.remoteAddress ?? ''),
      // An integrator's token over WebSocket: refused at connection when unknown or revoked, and
      // each subscription counts against the same per-token quota as an HTTP request.
      onConnect: async (ctx) => {
        const token = bearer((ctx.connectionParams as Record<string, unknown> | undefined)?.authorization);
        return !isServiceToken(token) || (await authenticate(app, token)) !== null;
      },
      onSubscribe: async (ctx, _id, payload) => {
        const verdict = await serviceTokenVerdict(app, bearer((ctx.connectionParams as Record<string, unknown> | undefined)?.authorization));
        if (verdict && !verdict.ok) return [new GraphQLError(RATE_MSG, { extensions: { code: 'RATE_LIMITED', retryAfter: verdict.retryAfterSeconds } })];
        const query = allowList ? allowList.resolve(payload.query, payload.extensions) : payload.query;
        if (query === null) return [persistedRefusal()];
        let document;
        try {
          document = parse(query, PARSE_OPTIONS);
        } catch (err) {
          return [new GraphQLError(translateDocumentError((err as Error).message), { extensions: { code: 'GRAPHQL_PARSE_FAILED' } })];
        }
        const errors = validate(schema, document, [...specifiedRules, ...armor.validationRules]);
        if (errors.length) return errors;
        return { schema, document, variableValues: payload.variables, operationName: payload.operationName } as ExecutionArgs;
      },
    },
    wsServer,
  );

  let fastPath: ReadFastPath | null = null;
  const apollo = new ApolloServer<RequestContext>({
    gateway: compiledGateway(schema, config.graphqlCompile),
    ...armor,
    parseOptions: PARSE_OPTIONS,
    plugins: [
      ...armor.plugins,
      ApolloServerPluginDrainHttpServer({ httpServer }),
      // No @cacheControl hints exist: Apollo's cache-control plugin only ran a hook on every
      // field of every answer to conclude "no-store", which is now set once per response.
      ApolloServerPluginCacheControlDisabled(),
      {
        async requestDidStart() {
          return {
            async willSendResponse({ response }) {
              response.http.headers.set('cache-control', 'no-store');
            },
            async didEncounterErrors({ contextValue, errors }) {
              for (const err of errors) {
                if (!isUnexpected(err)) continue;
                noteRequestId(err, contextValue.requestId);
                logger.error({ requestId: contextValue.requestId, err: err.originalError ?? err, path: err.path }, 'unexpected GraphQL error');
              }
            },
          };
        },
      },
      ...(statementCountEnabled()
        ? [
            {
              async requestDidStart() {
                return {
                  async willSendResponse({ response }) {
                    const statements = statementsSoFar();
                    if (statements !== null && response.body.kind === 'single') {
                      response.body.singleResult.extensions = { ...response.body.singleResult.extensions, sqlStatements: statements };
                    }
                  },
                };
              },
            } satisfies ApolloServerPlugin<RequestContext>,
          ]
        : []),
      {
        async serverWillStart() {
          return {
            drainServer: async () => void (await wsCleanup.dispose()),
            // Past the drain Apollo refuses every operation; so does the read fast path.
            serverWillStop: async () => fastPath?.close(),
          };
        },
      },
    ],
    // server/index.ts owns SIGTERM/SIGINT and stops everything in order. Apollo's own handlers
    // (installed outside NODE_ENV=test) raced it: stop() never returned and a production process
    // waited for the 15 s forced exit on every shutdown.
    stopOnTerminationSignals: false,
    introspection: !config.production,
    includeStacktraceInErrorResponses: false,
    formatError,
  });
  await apollo.start();
  // The SPA's persisted reads, without Apollo's pipeline and with the same answers (graphql/readFastPath.ts).
  const manifest = config.graphqlFastPath ? manifestIfPresent() : null;
  fastPath = manifest
    ? createReadFastPath({ schema, manifest, validationRules: armor.validationRules, introspection: !config.production, compile: config.graphqlCompile })
    : null;
  graphqlPost = graphqlPostHandler({ app, apollo, allowList, fastPath, trustProxy: expressApp.get('trust proxy fn') as (address: string, hop: number) => boolean, context: makeContext });

  expressApp.use((_req, res, next) => {
    res.set(SECURITY_HEADERS);
    next();
  });

  expressApp.get('/api/health', async (_req, res) => {
    try {
      await app.database.ping();
      // Test-only (ERP_COUNT_SQL=1): how many GraphQL answers the read fast path wrote itself, and how
      // many of its executions with an error Apollo answered without running them again.
      res.json(statementCountEnabled() ? { status: 'ok', database: app.database.kind, fastPathAnswers: fastPath?.answered ?? 0, fastPathHandedOver: handedOverTaken() } : { status: 'ok', database: app.database.kind });
    } catch {
      res.status(503).json({ status: 'error', database: app.database.kind });
    }
  });

  // Service-account tokens: rate limited per token, refused with 401 when unknown or revoked.
  expressApp.use('/api', serviceAccountGate(app));

  // With the allow-list on, anything but a listed operation (by document or by
  // extensions.persistedQuery.sha256Hash) is refused before Apollo sees it.
  const persistedOnly = (req: express.Request, res: express.Response, next: express.NextFunction) => {
    if (!allowList || (req.method !== 'POST' && req.method !== 'GET')) return next();
    const refuse = () => void res.status(400).json({ errors: [{ message: PERSISTED_QUERY_REFUSED, extensions: { code: PERSISTED_QUERY_CODE } }] });
    if (req.method === 'POST') {
      const body = allowedPostBody(allowList, req.body);
      if (!body) return refuse();
      req.body = body;
      return next();
    }
    // GET: read the search string as Apollo's express integration does (from req.url), and hand it
    // the vetted document alone.
    const qIndex = req.url.indexOf('?');
    const params = new URLSearchParams(qIndex === -1 ? '' : req.url.slice(qIndex + 1));
    let extensions: unknown;
    try {
      const raw = params.get('extensions');
      extensions = raw === null ? undefined : JSON.parse(raw);
    } catch {
      return refuse();
    }
    const query = allowList.resolve(params.get('query') ?? undefined, extensions);
    if (query === null) return refuse();
    params.delete('extensions');
    params.set('query', query);
    req.url = `${qIndex === -1 ? req.url : req.url.slice(0, qIndex)}?${params.toString()}`;
    return next();
  };

  // GET, and the POSTs http/graphqlPost.ts leaves (other content types, encodings, charsets).
  expressApp.use(
    '/api/graphql',
    express.json({ limit: '1mb' }),
    persistedOnly,
    // Test-only (ERP_COUNT_SQL=1): count this request's statements; after the body parser, so the count's context covers the whole execution.
    (_req: express.Request, _res: express.Response, next: express.NextFunction) => (statementCountEnabled() ? countStatements(next) : next()),
    expressMiddleware(apollo, {
      context: async ({ req, res }) => makeContext(bearer(req.headers.authorization), req.ip ?? '', serviceAuthOf(res)),
    }),
  );

  expressApp.use('/api/files', filesRouter(app));

  // The SDL for integrators (descriptions and the @can ability of every field), even where
  // introspection is off; to a signed-in caller only.
  const sdl = loadTypeDefs().join('\n');
  expressApp.get('/api/schema.graphql', async (req, res, next) => {
    try {
      const user = await authenticate(app, bearer(req.headers.authorization));
      if (!user) return void res.status(401).json({ error: { code: 'unauthenticated', message: 'Inicia sesión para continuar.' } });
      res.type('text/plain; charset=utf-8').setHeader('Cache-Control', 'private, no-cache');
      res.send(sdl);
    } catch (err) {
      next(err);
    }
  });

  // Public reference for integrators, rendered once from the executable schema (no data in it).
  expressApp.use('/api/docs', apiDocsRouter(schema));

  expressApp.use('/api', (_req, res) => {
    res.status(404).json({ error: 'Ruta de API no encontrada.' });
  });

  // Body too large and other middleware errors: a Spanish message, no stack.
  expressApp.use((err: { status?: number; type?: string }, _req: express.Request, res: express.Response, next: express.NextFunction) => {
    if (res.headersSent) return next(err);
    if (err.type === 'entity.too.large') return res.status(413).json(REQUEST_TOO_LARGE);
    if (err.status && err.status < 500) return res.status(err.status).json(INVALID_REQUEST);
    logger.error({ err }, 'unexpected HTTP error');
    return res.status(500).json(UNEXPECTED_ERROR);
  });

  // --- the built SPA, with history fallback -------------------------------
  const indexFile = path.join(config.clientDir, 'index.html');
  expressApp.use('/assets', express.static(path.join(config.clientDir, 'assets'), { immutable: true, maxAge: '1y', index: false }));
  expressApp.use(express.static(config.clientDir, { index: false }));
  expressApp.use((req, res) => {
    if (req.method !== 'GET') return res.status(404).end();
    if (!fs.existsSync(indexFile)) {
      return res.status(503).type('text/plain; charset=utf-8').send('El cliente no está compilado: ejecuta "npm run build".');
    }
    res.setHeader('Cache-Control', 'no-cache');
    return res.sendFile(indexFile);
  });

  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(config.port, config.host, () => resolve());
  });
  const address = httpServer.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://localhost:${port}`;

  // Uploads no mutation claimed within the grace period go away, bytes included.
  const sweep = () =>
    sweepUnattachedUploads(app).then(
      (n) => n > 0 && logger.info({ removed: n }, 'unattached uploads removed'),
      (err: unknown) => logger.warn({ err }, 'upload sweep failed'),
    );
  const sweeper = setInterval(sweep, Math.min(10 * 60_000, Math.max(1_000, (config.uploadGraceMinutes * 60_000) / 2)));
  sweeper.unref();

  // What a process that died left half-done (a CFDI stamped whose answer was never saved).
  for (const m of modules) {
    if (!m.recover) continue;
    await m.recover(app).catch((err: unknown) => logger.warn({ err, module: m.name }, 'recovery failed'));
  }

  return {
    httpServer,
    url,
    stop: async () => {
      clearInterval(sweeper);
      await apollo.stop();
      wsServer.close();
    },
  };
}
