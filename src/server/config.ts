import path from 'node:path';
import { ConfigError, emailAddress, flag, integer, text, url, type Env } from './lib/env';
import { persistedSecret } from './lib/persisted-secret';
import { DEFAULT_POOL_MAX } from './db/pool';
import { DEFAULT_SCHEMAS_DIR } from './validation/schema-files';

/** Where the data lives: an embedded SQLite file, or a PostgreSQL server. */
export type DatabaseConfig =
  | { kind: 'sqlite'; filename: string }
  | {
      kind: 'postgres';
      connectionString: string;
      /** Connections the pool opens at most (DATABASE_POOL_MAX; default 10). */
      poolMax?: number;
    };

/** Keys answered by GET /envs, in the order they are listed. */
export const PUBLIC_SETTING_KEYS = [
  'API_URL',
  'FRONT_END_URL',
  'DEPARTMENT_URL',
  'GOV_PORTAL_URL',
  'FACEBOOK_URL',
  'X_URL',
  'YOUTUBE_URL',
  'INSTAGRAM_URL',
  'TERMS_URL',
  'PAIA_URL',
  'FORM_PREVIEW',
  'DEV_MAILBOX',
  'SESSION_WARNING_SECONDS',
  'SESSION_IDLE_SECONDS',
  'PHONE_URL',
] as const;

export type PublicSettingKey = (typeof PUBLIC_SETTING_KEYS)[number];

/** Link targets shown in the header and footer when the operator sets nothing else. */
const DEFAULT_LINKS: Partial<Record<PublicSettingKey, string>> = {
  DEPARTMENT_URL: 'https://www.dha.gov.za',
  GOV_PORTAL_URL: 'https://www.gov.za',
  FACEBOOK_URL: 'https://www.facebook.com/HomeAffairsSA',
  X_URL: 'https://x.com/HomeAffairsSA',
  YOUTUBE_URL: 'https://www.youtube.com/@HomeAffairsSA',
  INSTAGRAM_URL: 'https://www.instagram.com/homeaffairssa',
  TERMS_URL: 'https://www.dha.gov.za/index.php/terms-of-use',
  PAIA_URL: 'https://www.dha.gov.za/index.php/paia-manual',
};

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
  /** Trust X-Forwarded-* headers (set when running behind a load balancer). */
  trustProxy: boolean;
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

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Reads the server configuration from an environment map; pure apart from resolving relative paths against the working directory. */
export function loadConfig(env: Env): AppConfig {
  const nodeEnv = text(env, 'NODE_ENV') ?? 'development';
  const isProduction = nodeEnv === 'production';
  const port = integer(env, 'PORT', 8080, 0, 65535);
  const dataDir = path.resolve(text(env, 'DATA_DIR') ?? './data');

  const databaseUrl = text(env, 'DATABASE_URL');
  let database: DatabaseConfig;
  if (databaseUrl) {
    if (!/^postgres(ql)?:\/\//i.test(databaseUrl)) {
      throw new ConfigError('DATABASE_URL must be a postgres:// or postgresql:// URL');
    }
    database = {
      kind: 'postgres',
      connectionString: databaseUrl,
      poolMax: integer(env, 'DATABASE_POOL_MAX', DEFAULT_POOL_MAX, 1, 1000),
    };
  } else {
    database = { kind: 'sqlite', filename: path.join(dataDir, 'eta.sqlite') };
  }

  const logLevel = (text(env, 'LOG_LEVEL') ?? (nodeEnv === 'test' ? 'silent' : 'info')).toLowerCase();
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  }

  const smtpUrl = text(env, 'SMTP_URL');
  const publicUrl = url(env, 'PUBLIC_URL', `http://localhost:${port || 8080}`);
  const sessionWarningSeconds = integer(env, 'SESSION_WARNING_SECONDS', 120, 0, 86400);
  const refreshTokenTtlSeconds = integer(env, 'REFRESH_TOKEN_TTL_SECONDS', 3600, 1, 30 * 86400);
  // Below 30 s, activity written by one tab (at most every 10 s) could reach another after its deadline.
  const sessionIdleSeconds = integer(
    env,
    'SESSION_IDLE_SECONDS',
    Math.min(1800, refreshTokenTtlSeconds),
    30,
    30 * 86400,
  );
  if (sessionIdleSeconds > refreshTokenTtlSeconds) {
    throw new ConfigError(
      `SESSION_IDLE_SECONDS must not be more than REFRESH_TOKEN_TTL_SECONDS (${refreshTokenTtlSeconds}), got ${sessionIdleSeconds}`,
    );
  }
  // A longer refresh token lifetime raises the default rather than making an unset variable an error.
  const sessionMaxSeconds = integer(
    env,
    'SESSION_MAX_SECONDS',
    Math.max(12 * 3600, refreshTokenTtlSeconds),
    60,
    30 * 86400,
  );
  if (sessionMaxSeconds < refreshTokenTtlSeconds) {
    throw new ConfigError(
      `SESSION_MAX_SECONDS must not be less than REFRESH_TOKEN_TTL_SECONDS (${refreshTokenTtlSeconds}), got ${sessionMaxSeconds}`,
    );
  }
  const housekeepingIntervalSeconds = integer(env, 'HOUSEKEEPING_INTERVAL_SECONDS', 3600, 0, 7 * 86400);
  // More often than once a minute would only load the database: every rule keeps rows for an hour or more.
  if (housekeepingIntervalSeconds > 0 && housekeepingIntervalSeconds < 60) {
    throw new ConfigError(
      `HOUSEKEEPING_INTERVAL_SECONDS must be 0 (off) or at least 60, got ${housekeepingIntervalSeconds}`,
    );
  }
  const formPreview = flag(env, 'FORM_PREVIEW', !isProduction);
  const metricsToken = text(env, 'METRICS_TOKEN');
  if (metricsToken !== undefined && metricsToken.length < 16) {
    throw new ConfigError('METRICS_TOKEN must be at least 16 characters long');
  }
  const metricsPort = text(env, 'METRICS_PORT') === undefined ? undefined : integer(env, 'METRICS_PORT', 0, 1, 65535);
  const clamavHost = text(env, 'CLAMAV_HOST');
  const s3Bucket = text(env, 'S3_BUCKET');
  const devMailbox = flag(env, 'DEV_MAILBOX', !smtpUrl && !isProduction);

  const publicSettings = {} as Record<PublicSettingKey, string>;
  for (const key of PUBLIC_SETTING_KEYS) publicSettings[key] = DEFAULT_LINKS[key] ?? '';
  for (const key of Object.keys(DEFAULT_LINKS) as PublicSettingKey[]) {
    publicSettings[key] = url(env, key, DEFAULT_LINKS[key] as string);
  }
  // API_URL "" means same origin, which is how the bundled server is deployed.
  publicSettings.API_URL = text(env, 'API_URL') === undefined ? '' : url(env, 'API_URL', '');
  publicSettings.FRONT_END_URL = url(env, 'FRONT_END_URL', publicUrl);
  publicSettings.FORM_PREVIEW = String(formPreview);
  publicSettings.DEV_MAILBOX = String(devMailbox);
  publicSettings.SESSION_WARNING_SECONDS = String(sessionWarningSeconds);
  publicSettings.SESSION_IDLE_SECONDS = String(sessionIdleSeconds);
  // The address the photo page's QR code and phone link use: the portal's own (`npm run dev` offers the
  // machine's network address instead of a loopback one, see dev.ts).
  publicSettings.PHONE_URL = publicSettings.FRONT_END_URL;

  return {
    port,
    host: text(env, 'HOST') ?? '0.0.0.0',
    nodeEnv,
    isProduction,
    dataDir,
    database,
    logLevel,
    jwtSecret: text(env, 'JWT_SECRET') ?? '',
    accessTokenTtlSeconds: integer(env, 'ACCESS_TOKEN_TTL_SECONDS', 900, 1, 86400),
    refreshTokenTtlSeconds,
    refreshReuseGraceSeconds: integer(env, 'REFRESH_REUSE_GRACE_SECONDS', 30, 0, 300),
    sessionMaxSeconds,
    housekeepingIntervalSeconds,
    smtpUrl,
    mailFrom: text(env, 'MAIL_FROM') ?? `no-reply@${new URL(publicUrl).hostname}`,
    publicUrl,
    distDir: path.resolve(text(env, 'DIST_DIR') ?? 'dist'),
    schemasDir: path.resolve(text(env, 'SCHEMAS_DIR') ?? DEFAULT_SCHEMAS_DIR),
    bodyLimit: integer(env, 'BODY_LIMIT_BYTES', 1024 * 1024, 1024, 100 * 1024 * 1024),
    trustProxy: flag(env, 'TRUST_PROXY', false),
    maxApplicants: integer(env, 'MAX_APPLICANTS', 10, 1, 100),
    clientLimits: {
      loginFailures: integer(env, 'CLIENT_LOGIN_FAILURE_LIMIT', 10, 1, 1_000_000),
      codeEntries: integer(env, 'CLIENT_CODE_ENTRY_LIMIT', 10, 1, 1_000_000),
      emails: integer(env, 'CLIENT_EMAIL_LIMIT', 20, 1, 1_000_000),
    },
    passportCheckLimits: {
      perAccount: integer(env, 'PASSPORT_CHECK_LIMIT', 30, 1, 1_000_000),
      perClient: integer(env, 'CLIENT_PASSPORT_CHECK_LIMIT', 100, 1, 1_000_000),
    },
    sessionWarningSeconds,
    sessionIdleSeconds,
    capture: {
      sessionTtlSeconds: integer(env, 'CAPTURE_SESSION_TTL_SECONDS', 900, 60, 86400),
      maxAttempts: integer(env, 'CAPTURE_MAX_ATTEMPTS', 5, 1, 100),
      retryCooldownSeconds: integer(env, 'CAPTURE_RETRY_COOLDOWN_SECONDS', 900, 0, 7 * 86400),
      maxUploadBytes: integer(env, 'CAPTURE_MAX_UPLOAD_BYTES', 10 * 1024 * 1024, 64 * 1024, 50 * 1024 * 1024),
      faceCheck: flag(env, 'CAPTURE_FACE_CHECK', true),
    },
    formSubmissions: {
      email: emailAddress(env, 'FORM_SUBMISSIONS_EMAIL'),
      perHour: integer(env, 'FORM_SUBMISSIONS_PER_HOUR', 10, 1, 1_000_000),
      retentionDays: integer(env, 'FORM_SUBMISSIONS_RETENTION_DAYS', 90, 1, 3650),
    },
    documents: {
      // 5 MB as people count it (the page says "5 MB"), not 5 MiB, which it would have to call 5.2 MB.
      maxFileBytes: integer(env, 'DOCUMENT_MAX_BYTES', 5_000_000, 1024, 100_000_000),
      ...(clamavHost ? { clamav: { host: clamavHost, port: integer(env, 'CLAMAV_PORT', 3310, 1, 65535) } } : {}),
    },
    ...(s3Bucket
      ? {
          s3: {
            bucket: s3Bucket,
            endpoint: text(env, 'S3_ENDPOINT') === undefined ? undefined : url(env, 'S3_ENDPOINT', ''),
            region: text(env, 'S3_REGION') ?? 'us-east-1',
            accessKeyId: text(env, 'S3_ACCESS_KEY_ID'),
            secretAccessKey: text(env, 'S3_SECRET_ACCESS_KEY'),
            forcePathStyle: flag(env, 'S3_FORCE_PATH_STYLE', text(env, 'S3_ENDPOINT') !== undefined),
          },
        }
      : {}),
    formPreview,
    devMailbox,
    devMailboxAnyClient: devMailbox && text(env, 'DEV_MAILBOX') !== undefined,
    metrics: {
      port: metricsPort,
      host: text(env, 'METRICS_HOST') ?? text(env, 'HOST') ?? '0.0.0.0',
      token: metricsToken,
    },
    shutdown: {
      drainSeconds: integer(env, 'SHUTDOWN_DRAIN_SECONDS', 0, 0, 300),
      timeoutSeconds: integer(env, 'SHUTDOWN_TIMEOUT_SECONDS', 10, 1, 3600),
    },
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
