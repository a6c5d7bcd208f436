// One HTTP server on one port: the SPA, /api/graphql (HTTP + WebSocket) and /api/health.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import { expressMiddleware } from '@as-integrations/express5';
import express from 'express';
import { GraphQLError, parse, specifiedRules, validate, type ExecutionArgs } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import type { AuthUser, RequestContext } from './context';
import { countStatements, statementCountEnabled, statementsSoFar } from './db/statementCount';
import { createArmor, PARSE_OPTIONS } from './graphql/armor';
import { formatError, isUnexpected } from './graphql/errors';
import { translateDocumentError } from './graphql/inputErrors';
import { buildSchema, loadTypeDefs } from './graphql/schema';
import { bearer } from './http/bearer';
import { filesRouter } from './http/files';
import { serviceAccountGate, serviceAuthOf } from './http/serviceAccountGate';
import { sweepUnattachedUploads } from './lib/attachments';
import { authenticate } from './modules/session/service';
import type { AppServices } from './services';


export type RunningApp = { httpServer: http.Server; url: string; stop(): Promise<void> };

export async function startApp(app: AppServices, opts: { permissions?: boolean } = {}): Promise<RunningApp> {
  const { config, logger } = app;
  const schema = buildSchema({ permissions: opts.permissions ?? true });
  const armor = createArmor(config.production);
  const expressApp = express();
  expressApp.disable('x-powered-by');
  // X-Forwarded-For names the client only behind a configured proxy: trusted from anywhere (even
  // loopback), any local client could pick a fresh per-address sign-in bucket for every attempt.
  expressApp.set('trust proxy', config.trustProxy);
  const httpServer = http.createServer(expressApp);

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
      onSubscribe: (_ctx, _id, payload) => {
        let document;
        try {
          document = parse(payload.query, PARSE_OPTIONS);
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

  const apollo = new ApolloServer<RequestContext>({
    schema,
    ...armor,
    parseOptions: PARSE_OPTIONS,
    plugins: [
      ...armor.plugins,
      ApolloServerPluginDrainHttpServer({ httpServer }),
      {
        async requestDidStart() {
          return {
            async didEncounterErrors({ contextValue, errors }) {
              for (const err of errors) {
                if (!isUnexpected(err)) continue;
                (err.extensions as Record<string, unknown>).requestId = contextValue.requestId;
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
          return { drainServer: async () => void (await wsCleanup.dispose()) };
        },
      },
    ],
    introspection: !config.production,
    includeStacktraceInErrorResponses: false,
    formatError,
  });
  await apollo.start();

  expressApp.use((_req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'same-origin');
    res.setHeader('X-Frame-Options', 'DENY');
    next();
  });

  expressApp.get('/api/health', async (_req, res) => {
    try {
      await app.database.ping();
      res.json({ status: 'ok', database: app.database.kind });
    } catch {
      res.status(503).json({ status: 'error', database: app.database.kind });
    }
  });

  // Service-account tokens: rate limited per token, refused with 401 when unknown or revoked.
  expressApp.use('/api', serviceAccountGate(app));

  expressApp.use(
    '/api/graphql',
    express.json({ limit: '1mb' }),
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

  expressApp.use('/api', (_req, res) => {
    res.status(404).json({ error: 'Ruta de API no encontrada.' });
  });

  // Body too large and other middleware errors: a Spanish message, no stack.
  expressApp.use((err: { status?: number; type?: string }, _req: express.Request, res: express.Response, next: express.NextFunction) => {
    if (res.headersSent) return next(err);
    if (err.type === 'entity.too.large') return res.status(413).json({ errors: [{ message: 'La solicitud es demasiado grande.', extensions: { code: 'BAD_USER_INPUT' } }] });
    if (err.status && err.status < 500) return res.status(err.status).json({ errors: [{ message: 'Solicitud no válida.', extensions: { code: 'BAD_USER_INPUT' } }] });
    logger.error({ err }, 'unexpected HTTP error');
    return res.status(500).json({ errors: [{ message: 'Ocurrió un error inesperado.', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] });
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
