import path from 'node:path';
import { ConfigError, HTTP_URL, readSettings, withoutTrailingSlash, type Env, type SettingsSchema } from './lib/env';
import { persistedSecret } from './lib/persisted-secret';
import { DEFAULT_POOL_MAX } from './db/pool';
import { DEFAULT_SCHEMAS_DIR } from './validation/schema-files';
import { TRUST_PROXY_SETTING, trustedProxies, type TrustedProxies } from './http/trusted-proxies';

/** Where the data lives: an embedded SQLite file, or a PostgreSQL server. */
export type DatabaseConfig =
  | { kind: 'sqlite'; filename: string }
  | {
      kind: 'postgres';
      connectionString: string;
      /** Connections the pool opens at most (DATABASE_POOL_MAX; default 10). */
      poolMax?: number;
    };

/** The link targets of the header and footer: settings of their own, served by GET /envs as given. */
const LINK_SETTINGS = [
  'DEPARTMENT_URL',
  'GOV_PORTAL_URL',
  'FACEBOOK_URL',
  'X_URL',
  'YOUTUBE_URL',
  'INSTAGRAM_URL',
  'TERMS_URL',
  'PAIA_URL',
] as const;

/** Keys answered by GET /envs, in the order they are listed. */
export const PUBLIC_SETTING_KEYS = [
  'API_URL',
  'FRONT_END_URL',
  ...LINK_SETTINGS,
  'FORM_PREVIEW',
  'DEV_MAILBOX',
  'SESSION_WARNING_SECONDS',
  'SESSION_IDLE_SECONDS',
  'PHONE_URL',
] as const;

export type PublicSettingKey = (typeof PUBLIC_SETTING_KEYS)[number];

export interface AppConfig {
  port: number;
  host: string;
  nodeEnv: string;
  isProduction: boolean;
  /** Absolute path of the folder for the embedded database and the persisted JWT secret. */
  dataDir: string;
  database: DatabaseConfig;
  logLevel: string;
  /** HMAC secret for access tokens; empty until `ensureJwtSecret` has run when JWT_SECRET is not set. */
  jwtSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** How long after a rotation its lost answer can be recovered by presenting the old refresh token again. */
  refreshReuseGraceSeconds: number;
  /**
   * Absolute lifetime of a session from its sign-in: however often it is refreshed, it ends then (never less than
   * the refresh token lifetime).
   */
  sessionMaxSeconds: number;
  /** Seconds between two housekeeping runs (removal of what has expired); 0: never. */
  housekeepingIntervalSeconds: number;
  /** SMTP transport URL; when absent mail goes to the development mailbox. */
  smtpUrl?: string;
  mailFrom: string;
  /** Address of the portal as users reach it; used in e-mail links. No trailing slash. */
  publicUrl: string;
  /** Absolute path of the built portal (Vite's outDir). */
  distDir: string;
  /**
   * Absolute path of the form and API schemas the server validates with (SCHEMAS_DIR; default the repository's
   * `schemas/`): the same folder the portal was built from, so an edited copy is checked as it is shown.
   */
  schemasDir: string;
  /** Largest accepted request body in bytes. */
  bodyLimit: number;
  /**
   * The proxies whose X-Forwarded-* and X-Request-Id headers are believed (TRUST_PROXY): none, the nearest `hops`,
   * or those at `addresses`; the client's address is the last one X-Forwarded-For names that is not theirs.
   */
  trustProxy: TrustedProxies;
  maxApplicants: number;
  /**
   * Limits per client address (sign-in failures and wrong codes per 15 minutes, e-mails per hour). Raise them
   * where many people share one address (a proxy, a carrier-grade NAT, a visa centre).
   */
  clientLimits: { loginFailures: number; codeEntries: number; emails: number };
  /** Passports checked for eligibility (applicants added, passports changed) per hour, per account and per client address. */
  passportCheckLimits: { perAccount: number; perClient: number };
  sessionWarningSeconds: number;
  /** Inactivity after which the browser ends the session (never more than the refresh token lifetime). */
  sessionIdleSeconds: number;
  /** Photo capture sessions (selfie and passport page) and the checks of their images. */
  capture: CaptureConfig;
  formSubmissions: FormSubmissionsConfig;
  documents: DocumentsConfig;
  /** Where uploaded and generated files live: an S3-compatible bucket when set, else `${dataDir}/objects`. */
  s3?: S3Config;
  formPreview: boolean;
  /** The development mailbox (/dev/mailbox) is served: to loopback clients only, unless `devMailboxAnyClient`. */
  devMailbox: boolean;
  /** `DEV_MAILBOX=true` set by hand: the mailbox answers every client, not only loopback ones. */
  devMailboxAnyClient?: boolean;
  /** Prometheus metrics: off unless a port of their own or a bearer token is set (see system/). */
  metrics: MetricsConfig;
  /** Graceful shutdown: how long readiness says "draining" before the server stops taking connections, and the limit. */
  shutdown: { drainSeconds: number; timeoutSeconds: number };
  /** Values answered by GET /envs. */
  publicSettings: Record<PublicSettingKey, string>;
}

/** Settings of photo capture sessions. */
export interface CaptureConfig {
  /** How long a capture session identifier works after it is created. */
  sessionTtlSeconds: number;
  /** Failed photos allowed per capture (selfie, passport page) before the session ends as CAPTURE_RETRIES_EXCEEDED. */
  maxAttempts: number;
  /** Wait after CAPTURE_RETRIES_EXCEEDED before a new session can be started for the same applicant. */
  retryCooldownSeconds: number;
  /** Largest accepted photo file in bytes (before base64 encoding). */
  maxUploadBytes: number;
  /** Look for exactly one, large enough face on selfies. */
  faceCheck: boolean;
}

/** Supporting documents: the largest file, and the ClamAV daemon that scans them (none: EICAR test file only). */
export interface DocumentsConfig {
  maxFileBytes: number;
  clamav?: { host: string; port: number };
}

/** An S3-compatible object store (AWS S3, MinIO, Ceph, ...). */
export interface S3Config {
  bucket: string;
  /** Endpoint URL of a store other than AWS S3. */
  endpoint?: string;
  region: string;
  /** Without them the SDK's own credential chain is used (instance role, AWS_* variables). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Address buckets as a path (https://host/bucket/key), as most stores other than AWS S3 need. */
  forcePathStyle: boolean;
}

/**
 * Where GET /metrics is answered: on a port of its own (METRICS_PORT, on METRICS_HOST) and/or on the main port to
 * a bearer token (METRICS_TOKEN, required on the metrics port too when set). Neither set: nowhere.
 */
export interface MetricsConfig {
  port?: number;
  host: string;
  token?: string;
}

/** What happens to the answers of public forms (routes of the manifest that name a form and no page). */
export interface FormSubmissionsConfig {
  /** Where each submission is also e-mailed; none: they are only kept in the database. */
  email?: string;
  /** Submissions accepted from one client address per hour. */
  perHour: number;
  /** Days a submission is kept before housekeeping removes it. */
  retentionDays: number;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const DAY = 86400;
const SECONDS = (minimum: number, maximum: number, fallback: number) =>
  ({ type: 'integer', minimum, maximum, default: fallback }) as const;
const COUNT = (fallback: number) => ({ type: 'integer', minimum: 1, maximum: 1_000_000, default: fallback }) as const;
const TEXT = { type: 'string' } as const;

/**
 * The variables the server reads at start (README, "Configuration"), with their types, bounds and defaults. A
 * default that depends on another variable (the session limits, the public address, the switches that production
 * turns off) is worked out by `loadConfig`.
 */
export const SERVER_SETTINGS = {
  type: 'object',
  properties: {
    NODE_ENV: { type: 'string', default: 'development' },
    PORT: { type: 'integer', minimum: 0, maximum: 65535, default: 8080 },
    HOST: { type: 'string', default: '0.0.0.0' },
    DATA_DIR: { type: 'string', default: './data' },
    DATABASE_URL: {
      type: 'string',
      pattern: '^postgres(ql)?://',
      errorMessage: 'must be a postgres:// or postgresql:// URL',
    },
    DATABASE_POOL_MAX: { type: 'integer', minimum: 1, maximum: 1000, default: DEFAULT_POOL_MAX },
    LOG_LEVEL: { type: 'string', enum: LOG_LEVELS },
    SMTP_URL: TEXT,
    MAIL_FROM: TEXT,
    PUBLIC_URL: HTTP_URL,
    JWT_SECRET: TEXT,
    ACCESS_TOKEN_TTL_SECONDS: SECONDS(1, DAY, 900),
    REFRESH_TOKEN_TTL_SECONDS: SECONDS(1, 30 * DAY, 3600),
    REFRESH_REUSE_GRACE_SECONDS: SECONDS(0, 300, 30),
    SESSION_WARNING_SECONDS: SECONDS(0, DAY, 120),
    // Below 30 s, activity written by one tab (at most every 10 s) could reach another after its deadline.
    SESSION_IDLE_SECONDS: { type: 'integer', minimum: 30, maximum: 30 * DAY },
    SESSION_MAX_SECONDS: { type: 'integer', minimum: 60, maximum: 30 * DAY },
    HOUSEKEEPING_INTERVAL_SECONDS: SECONDS(0, 7 * DAY, 3600),
    DIST_DIR: { type: 'string', default: 'dist' },
    SCHEMAS_DIR: { type: 'string', default: DEFAULT_SCHEMAS_DIR },
    BODY_LIMIT_BYTES: { type: 'integer', minimum: 1024, maximum: 100 * 1024 * 1024, default: 1024 * 1024 },
    TRUST_PROXY: TRUST_PROXY_SETTING,
    MAX_APPLICANTS: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
    CLIENT_LOGIN_FAILURE_LIMIT: COUNT(10),
    CLIENT_CODE_ENTRY_LIMIT: COUNT(10),
    CLIENT_EMAIL_LIMIT: COUNT(20),
    PASSPORT_CHECK_LIMIT: COUNT(30),
    CLIENT_PASSPORT_CHECK_LIMIT: COUNT(100),
    CAPTURE_SESSION_TTL_SECONDS: SECONDS(60, DAY, 900),
    CAPTURE_MAX_ATTEMPTS: { type: 'integer', minimum: 1, maximum: 100, default: 5 },
    CAPTURE_RETRY_COOLDOWN_SECONDS: SECONDS(0, 7 * DAY, 900),
    CAPTURE_MAX_UPLOAD_BYTES: {
      type: 'integer',
      minimum: 64 * 1024,
      maximum: 50 * 1024 * 1024,
      default: 10 * 1024 * 1024,
    },
    CAPTURE_FACE_CHECK: { type: 'boolean', default: true },
    FORM_SUBMISSIONS_EMAIL: {
      type: 'string',
      pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$',
      errorMessage: 'must be an e-mail address',
    },
    FORM_SUBMISSIONS_PER_HOUR: COUNT(10),
    FORM_SUBMISSIONS_RETENTION_DAYS: { type: 'integer', minimum: 1, maximum: 3650, default: 90 },
    // 5 MB as people count it (the page says "5 MB"), not 5 MiB, which it would have to call 5.2 MB.
    DOCUMENT_MAX_BYTES: { type: 'integer', minimum: 1024, maximum: 100_000_000, default: 5_000_000 },
    CLAMAV_HOST: TEXT,
    CLAMAV_PORT: { type: 'integer', minimum: 1, maximum: 65535, default: 3310 },
    S3_BUCKET: TEXT,
    S3_ENDPOINT: HTTP_URL,
    S3_REGION: { type: 'string', default: 'us-east-1' },
    S3_ACCESS_KEY_ID: TEXT,
    S3_SECRET_ACCESS_KEY: TEXT,
    S3_FORCE_PATH_STYLE: { type: 'boolean' },
    FORM_PREVIEW: { type: 'boolean' },
    DEV_MAILBOX: { type: 'boolean' },
    METRICS_PORT: { type: 'integer', minimum: 1, maximum: 65535 },
    METRICS_HOST: TEXT,
    METRICS_TOKEN: { type: 'string', minLength: 16 },
    SHUTDOWN_DRAIN_SECONDS: SECONDS(0, 300, 0),
    SHUTDOWN_TIMEOUT_SECONDS: SECONDS(1, 3600, 10),
    API_URL: HTTP_URL,
    FRONT_END_URL: HTTP_URL,
    DEPARTMENT_URL: { ...HTTP_URL, default: 'https://www.dha.gov.za' },
    GOV_PORTAL_URL: { ...HTTP_URL, default: 'https://www.gov.za' },
    FACEBOOK_URL: { ...HTTP_URL, default: 'https://www.facebook.com/HomeAffairsSA' },
    X_URL: { ...HTTP_URL, default: 'https://x.com/HomeAffairsSA' },
    YOUTUBE_URL: { ...HTTP_URL, default: 'https://www.youtube.com/@HomeAffairsSA' },
    INSTAGRAM_URL: { ...HTTP_URL, default: 'https://www.instagram.com/homeaffairssa' },
    TERMS_URL: { ...HTTP_URL, default: 'https://www.dha.gov.za/index.php/terms-of-use' },
    PAIA_URL: { ...HTTP_URL, default: 'https://www.dha.gov.za/index.php/paia-manual' },
  },
} as const satisfies SettingsSchema;

/** Reads the server configuration from an environment map; pure apart from resolving relative paths against the working directory. */
export function loadConfig(env: Env): AppConfig {
  const settings = readSettings(SERVER_SETTINGS, env);
  const nodeEnv = settings.NODE_ENV;
  const isProduction = nodeEnv === 'production';
  const { PORT: port, REFRESH_TOKEN_TTL_SECONDS: refreshTokenTtlSeconds } = settings;
  const dataDir = path.resolve(settings.DATA_DIR);
  const database: DatabaseConfig = settings.DATABASE_URL
    ? { kind: 'postgres', connectionString: settings.DATABASE_URL, poolMax: settings.DATABASE_POOL_MAX }
    : { kind: 'sqlite', filename: path.join(dataDir, 'eta.sqlite') };

  const publicUrl = withoutTrailingSlash(settings.PUBLIC_URL ?? `http://localhost:${port || 8080}`);
  const sessionIdleSeconds = settings.SESSION_IDLE_SECONDS ?? Math.min(1800, refreshTokenTtlSeconds);
  if (sessionIdleSeconds > refreshTokenTtlSeconds) {
    throw new ConfigError(
      `SESSION_IDLE_SECONDS must not be more than REFRESH_TOKEN_TTL_SECONDS (${refreshTokenTtlSeconds}), got ${sessionIdleSeconds}`,
    );
  }
  // A longer refresh token lifetime raises the default rather than making an unset variable an error.
  const sessionMaxSeconds = settings.SESSION_MAX_SECONDS ?? Math.max(12 * 3600, refreshTokenTtlSeconds);
  if (sessionMaxSeconds < refreshTokenTtlSeconds) {
    throw new ConfigError(
      `SESSION_MAX_SECONDS must not be less than REFRESH_TOKEN_TTL_SECONDS (${refreshTokenTtlSeconds}), got ${sessionMaxSeconds}`,
    );
  }
  const housekeepingIntervalSeconds = settings.HOUSEKEEPING_INTERVAL_SECONDS;
  // More often than once a minute would only load the database: every rule keeps rows for an hour or more.
  if (housekeepingIntervalSeconds > 0 && housekeepingIntervalSeconds < 60) {
    throw new ConfigError(
      `HOUSEKEEPING_INTERVAL_SECONDS must be 0 (off) or at least 60, got ${housekeepingIntervalSeconds}`,
    );
  }
  const formPreview = settings.FORM_PREVIEW ?? !isProduction;
  const devMailbox = settings.DEV_MAILBOX ?? (!settings.SMTP_URL && !isProduction);
  const frontEndUrl = withoutTrailingSlash(settings.FRONT_END_URL ?? publicUrl);

  const publicSettings = {
    // "" means the same origin, which is how the bundled server is deployed.
    API_URL: withoutTrailingSlash(settings.API_URL ?? ''),
    FRONT_END_URL: frontEndUrl,
    ...Object.fromEntries(LINK_SETTINGS.map((key) => [key, withoutTrailingSlash(settings[key])])),
    FORM_PREVIEW: String(formPreview),
    DEV_MAILBOX: String(devMailbox),
    SESSION_WARNING_SECONDS: String(settings.SESSION_WARNING_SECONDS),
    SESSION_IDLE_SECONDS: String(sessionIdleSeconds),
    // The address the photo page's QR code and phone link use: the portal's own (`npm run dev` offers the
    // machine's network address instead of a loopback one, see dev.ts).
    PHONE_URL: frontEndUrl,
  } as Record<PublicSettingKey, string>;

  return {
    port,
    host: settings.HOST,
    nodeEnv,
    isProduction,
    dataDir,
    database,
    logLevel: settings.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    jwtSecret: settings.JWT_SECRET ?? '',
    accessTokenTtlSeconds: settings.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlSeconds,
    refreshReuseGraceSeconds: settings.REFRESH_REUSE_GRACE_SECONDS,
    sessionMaxSeconds,
    housekeepingIntervalSeconds,
    smtpUrl: settings.SMTP_URL,
    mailFrom: settings.MAIL_FROM ?? `no-reply@${new URL(publicUrl).hostname}`,
    publicUrl,
    distDir: path.resolve(settings.DIST_DIR),
    schemasDir: path.resolve(settings.SCHEMAS_DIR),
    bodyLimit: settings.BODY_LIMIT_BYTES,
    trustProxy: trustedProxies(settings.TRUST_PROXY),
    maxApplicants: settings.MAX_APPLICANTS,
    clientLimits: {
      loginFailures: settings.CLIENT_LOGIN_FAILURE_LIMIT,
      codeEntries: settings.CLIENT_CODE_ENTRY_LIMIT,
      emails: settings.CLIENT_EMAIL_LIMIT,
    },
    passportCheckLimits: { perAccount: settings.PASSPORT_CHECK_LIMIT, perClient: settings.CLIENT_PASSPORT_CHECK_LIMIT },
    sessionWarningSeconds: settings.SESSION_WARNING_SECONDS,
    sessionIdleSeconds,
    capture: {
      sessionTtlSeconds: settings.CAPTURE_SESSION_TTL_SECONDS,
      maxAttempts: settings.CAPTURE_MAX_ATTEMPTS,
      retryCooldownSeconds: settings.CAPTURE_RETRY_COOLDOWN_SECONDS,
      maxUploadBytes: settings.CAPTURE_MAX_UPLOAD_BYTES,
      faceCheck: settings.CAPTURE_FACE_CHECK,
    },
    formSubmissions: {
      email: settings.FORM_SUBMISSIONS_EMAIL,
      perHour: settings.FORM_SUBMISSIONS_PER_HOUR,
      retentionDays: settings.FORM_SUBMISSIONS_RETENTION_DAYS,
    },
    documents: {
      maxFileBytes: settings.DOCUMENT_MAX_BYTES,
      ...(settings.CLAMAV_HOST ? { clamav: { host: settings.CLAMAV_HOST, port: settings.CLAMAV_PORT } } : {}),
    },
    ...(settings.S3_BUCKET
      ? {
          s3: {
            bucket: settings.S3_BUCKET,
            endpoint: settings.S3_ENDPOINT && withoutTrailingSlash(settings.S3_ENDPOINT),
            region: settings.S3_REGION,
            accessKeyId: settings.S3_ACCESS_KEY_ID,
            secretAccessKey: settings.S3_SECRET_ACCESS_KEY,
            forcePathStyle: settings.S3_FORCE_PATH_STYLE ?? settings.S3_ENDPOINT !== undefined,
          },
        }
      : {}),
    formPreview,
    devMailbox,
    devMailboxAnyClient: devMailbox && settings.DEV_MAILBOX !== undefined,
    metrics: {
      port: settings.METRICS_PORT,
      host: settings.METRICS_HOST ?? settings.HOST,
      token: settings.METRICS_TOKEN,
    },
    shutdown: { drainSeconds: settings.SHUTDOWN_DRAIN_SECONDS, timeoutSeconds: settings.SHUTDOWN_TIMEOUT_SECONDS },
    publicSettings,
  };
}

/**
 * Returns the config with a JWT secret: JWT_SECRET when set, else the one persisted in `${dataDir}/jwt-secret`
 * (written on first start so tokens survive restarts).
 */
export async function ensureJwtSecret(config: AppConfig): Promise<AppConfig> {
  if (config.jwtSecret) return config;
  return { ...config, jwtSecret: await persistedSecret(config.dataDir, 'jwt-secret', 'JWT_SECRET') };
}
