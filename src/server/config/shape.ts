import type { TrustedProxies } from '../http/trusted-proxies';
import type { PublicSettingKey } from './schema';

// The server's configuration as the rest of the server reads it, once `loadConfig` has read the environment.

/** Where the data lives: an embedded SQLite file, or a PostgreSQL server. */
export type DatabaseConfig =
  | { kind: 'sqlite'; filename: string }
  | {
      kind: 'postgres';
      connectionString: string;
      /** Connections the pool opens at most (DATABASE_POOL_MAX; default 10). */
      poolMax?: number;
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
