import path from 'node:path';
import { readSettings, type Env } from '../lib/env';
import { persistedSecret } from '../lib/persisted-secret';
import { trustedProxies } from '../http/trusted-proxies';
import { housekeepingInterval, sessionLimits } from './checks';
import { databaseOf, developmentSwitches, documentsOf, publicSettingsOf, publicUrlOf, s3Of } from './derived';
import { SERVER_SETTINGS } from './schema';
import type { AppConfig } from './shape';

/** Reads the server configuration from an environment map; pure apart from resolving relative paths against the working directory. */
export function loadConfig(env: Env): AppConfig {
  const settings = readSettings(SERVER_SETTINGS, env);
  const nodeEnv = settings.NODE_ENV;
  const isProduction = nodeEnv === 'production';
  const dataDir = path.resolve(settings.DATA_DIR);
  const publicUrl = publicUrlOf(settings);
  const { sessionIdleSeconds, sessionMaxSeconds } = sessionLimits(settings);
  const housekeepingIntervalSeconds = housekeepingInterval(settings);
  const { formPreview, devMailbox } = developmentSwitches(settings, isProduction);
  const publicSettings = publicSettingsOf(settings, { publicUrl, formPreview, devMailbox, sessionIdleSeconds });

  return {
    port: settings.PORT,
    host: settings.HOST,
    nodeEnv,
    isProduction,
    dataDir,
    database: databaseOf(settings, dataDir),
    logLevel: settings.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    jwtSecret: settings.JWT_SECRET ?? '',
    accessTokenTtlSeconds: settings.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlSeconds: settings.REFRESH_TOKEN_TTL_SECONDS,
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
    documents: documentsOf(settings),
    ...s3Of(settings),
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
