// Runtime configuration, read once from the environment (README lists every variable).
import path from 'node:path';
import { SAT_STATUS_URL } from './lib/cfdi/satStatus';

export type AuthProvider = 'local' | 'firebase';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export type Config = {
  port: number;
  host: string;
  production: boolean;
  databaseUrl: string | null;
  /** Connections the server keeps to PostgreSQL (ERP_DB_POOL_MAX, default 20): enough for 16 concurrent postings plus the reads around them. */
  dbPoolMax: number;
  dataDir: string;
  /** ERP_CSD_KEY: encrypts the CSD's private key at rest; without it one is generated once in <dataDir>/csd-key (server/lib/companyCsd.ts). */
  csdKey: string | null;
  /** ERP_SAT_STATUS_URL: SAT's «Consulta de CFDI» service (server/lib/cfdi/satStatus.ts); `off` → null, nothing asked. */
  satStatusUrl: string | null;
  /** ERP_SAT_STATUS_CACHE_SECONDS: how long SAT's definitive answer about a UUID is remembered (default 300; 0 asks every time). */
  satStatusCacheSeconds: number;
  adminEmail: string;
  adminPassword: string | null;
  authProvider: AuthProvider;
  sessionSecret: string | null;
  sessionTtlMinutes: number;
  /** How long a request's session lookup is remembered (ERP_SESSION_CACHE_MS, default 5000; 0 reads it on every request). Revocations drop it at once, in every process. */
  sessionCacheMs: number;
  /** Failed sign-ins allowed per account and per IP within 15 minutes. */
  loginMaxAttempts: number;
  loginMaxAttemptsPerIp: number;
  /** Requests one service-account token may make per minute, per server process (ERP_SERVICE_ACCOUNT_RATE_PER_MIN, default 120). */
  serviceAccountRatePerMin: number;
  logLevel: LogLevel;
  /** Which proxies may name the client address in X-Forwarded-For (express "trust proxy"); false: none. */
  trustProxy: false | number | string[];
  clientDir: string;
  seedDemoData: boolean;
  /** Largest file POST /api/files accepts (ERP_MAX_UPLOAD_MB, default 20 MB). */
  maxUploadBytes: number;
  /** An uploaded file no mutation attached is removed after this many minutes (ERP_UPLOAD_GRACE_MINUTES, default 1440). */
  uploadGraceMinutes: number;
  /** Where attachments live: local disk under <dataDir>/files, or a Firebase/GCS bucket (ERP_STORAGE_BUCKET). */
  storageBucket: string | null;
  /** Service-account JSON for the bucket (FIREBASE_SERVICE_ACCOUNT); without it, Google's default credentials. */
  storageCredentialsJson: string | null;
  /** ERP_PERSISTED_QUERIES=only: /api/graphql accepts only the SPA's operations (generated/persisted-operations.json). */
  persistedQueries: 'off' | 'only';
  /**
   * ERP_GRAPHQL_COMPILE: when an operation runs compiled (graphql/compiledExecution.ts). "second"
   * (default) from its second request on; "first" from the first (the PostgreSQL API tests, so
   * every operation of the suite runs compiled); "off" always graphql-js's interpreter.
   */
  graphqlCompile: GraphqlCompile;
  /**
   * ERP_GRAPHQL_FAST_PATH: "on" (default) answers the SPA's persisted reads without Apollo's
   * pipeline (graphql/readFastPath.ts), same bytes; "off" sends every request through Apollo.
   */
  graphqlFastPath: boolean;
  firebase: {
    projectId: string | null;
    apiKey: string | null;
    authDomain: string | null;
    emulatorHost: string | null;
  };
};

export type GraphqlCompile = 'second' | 'first' | 'off';

const env = (name: string): string | null => {
  const v = process.env[name];
  return v === undefined || v.trim() === '' ? null : v.trim();
};

/** ERP_TRUST_PROXY: unset → trust no proxy; a number → that many hops; otherwise addresses/subnets ("loopback", "10.0.0.0/8"). */
export function parseTrustProxy(raw: string | null): false | number | string[] {
  if (raw === null || raw === 'false' || raw === '0') return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw.split(',').map((part) => part.trim()).filter(Boolean);
}

export function loadConfig(): Config {
  const provider = env('ERP_AUTH_PROVIDER') ?? 'local';
  if (provider !== 'local' && provider !== 'firebase') {
    throw new Error(`ERP_AUTH_PROVIDER debe ser "local" o "firebase" (recibido "${provider}")`);
  }
  const persistedQueries = env('ERP_PERSISTED_QUERIES') ?? 'off';
  if (persistedQueries !== 'off' && persistedQueries !== 'only') {
    throw new Error(`ERP_PERSISTED_QUERIES debe ser "off" u "only" (recibido "${persistedQueries}")`);
  }
  const graphqlCompile = env('ERP_GRAPHQL_COMPILE') ?? 'second';
  if (graphqlCompile !== 'second' && graphqlCompile !== 'first' && graphqlCompile !== 'off') {
    throw new Error(`ERP_GRAPHQL_COMPILE debe ser "second", "first" u "off" (recibido "${graphqlCompile}")`);
  }
  const fastPath = env('ERP_GRAPHQL_FAST_PATH') ?? 'on';
  if (fastPath !== 'on' && fastPath !== 'off') throw new Error(`ERP_GRAPHQL_FAST_PATH debe ser "on" u "off" (recibido "${fastPath}")`);
  const root = process.cwd();
  return {
    port: Number(env('PORT') ?? 4000),
    host: env('HOST') ?? '0.0.0.0',
    production: process.env.NODE_ENV === 'production',
    databaseUrl: env('DATABASE_URL'),
    dbPoolMax: Math.max(1, Math.floor(Number(env('ERP_DB_POOL_MAX') ?? 20)) || 20),
    dataDir: path.resolve(root, env('ERP_DATA_DIR') ?? 'data'),
    csdKey: env('ERP_CSD_KEY'),
    satStatusUrl: (() => {
      const v = env('ERP_SAT_STATUS_URL') ?? SAT_STATUS_URL;
      return v.toLowerCase() === 'off' ? null : v;
    })(),
    satStatusCacheSeconds: Math.max(0, Math.floor(Number(env('ERP_SAT_STATUS_CACHE_SECONDS') ?? 300)) || 0),
    adminEmail: (env('ERP_ADMIN_EMAIL') ?? 'admin@demo.mx').toLowerCase(),
    adminPassword: env('ERP_ADMIN_PASSWORD'),
    authProvider: provider,
    sessionSecret: env('ERP_SESSION_SECRET'),
    sessionTtlMinutes: Number(env('ERP_SESSION_TTL_MINUTES') ?? 480),
    sessionCacheMs: Math.max(0, Math.floor(Number(env('ERP_SESSION_CACHE_MS') ?? 5000)) || 0),
    loginMaxAttempts: Number(env('ERP_LOGIN_MAX_ATTEMPTS') ?? 5),
    loginMaxAttemptsPerIp: Number(env('ERP_LOGIN_MAX_ATTEMPTS_PER_IP') ?? 30),
    serviceAccountRatePerMin: Math.max(1, Math.floor(Number(env('ERP_SERVICE_ACCOUNT_RATE_PER_MIN') ?? 120)) || 120),
    logLevel: (env('LOG_LEVEL') ?? 'info') as LogLevel,
    trustProxy: parseTrustProxy(env('ERP_TRUST_PROXY')),
    clientDir: path.resolve(root, env('ERP_CLIENT_DIR') ?? 'dist/client'),
    seedDemoData: env('ERP_SEED_DEMO') !== 'false',
    maxUploadBytes: Math.round(Number(env('ERP_MAX_UPLOAD_MB') ?? 20) * 1024 * 1024),
    uploadGraceMinutes: Number(env('ERP_UPLOAD_GRACE_MINUTES') ?? 24 * 60),
    storageBucket: env('ERP_STORAGE_BUCKET'),
    storageCredentialsJson: env('FIREBASE_SERVICE_ACCOUNT'),
    persistedQueries,
    graphqlCompile,
    graphqlFastPath: fastPath === 'on',
    firebase: {
      projectId: env('FIREBASE_PROJECT_ID'),
      apiKey: env('FIREBASE_API_KEY'),
      authDomain: env('FIREBASE_AUTH_DOMAIN'),
      emulatorHost: env('FIREBASE_AUTH_EMULATOR_HOST'),
    },
  };
}
