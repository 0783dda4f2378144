import { HTTP_URL, type Settings, type SettingsSchema } from '../lib/env';
import { DEFAULT_POOL_MAX } from '../db/pool';
import { DEFAULT_SCHEMAS_DIR } from '../validation/schema-files';
import { TRUST_PROXY_SETTING } from '../http/trusted-proxies';

/** The link targets of the header and footer: settings of their own, served by GET /envs as given. */
export const LINK_SETTINGS = [
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

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const DAY = 86400;
const SECONDS = (minimum: number, maximum: number, fallback: number) =>
  ({ type: 'integer', minimum, maximum, default: fallback }) as const;
const COUNT = (fallback: number) => ({ type: 'integer', minimum: 1, maximum: 1_000_000, default: fallback }) as const;
const TEXT = { type: 'string' } as const;

/**
 * The variables the server reads at start (docs/operators.md, "Configuration"), with their types, bounds and defaults. A
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

/** The server's variables as `readSettings` answers them: checked, converted, defaults filled in. */
export type ServerSettings = Settings<typeof SERVER_SETTINGS>;
