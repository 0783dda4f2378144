import path from 'node:path';
import { withoutTrailingSlash } from '../lib/env';
import { LINK_SETTINGS, type PublicSettingKey, type ServerSettings } from './schema';
import type { DatabaseConfig, DocumentsConfig, S3Config } from './shape';

// The values of the configuration worked out from more than one setting: where the data lives, the portal's
// addresses, the switches production turns off, the object store and what GET /envs answers.

/** An embedded SQLite file in the data folder, unless DATABASE_URL names a PostgreSQL server. */
export function databaseOf(settings: ServerSettings, dataDir: string): DatabaseConfig {
  return settings.DATABASE_URL
    ? { kind: 'postgres', connectionString: settings.DATABASE_URL, poolMax: settings.DATABASE_POOL_MAX }
    : { kind: 'sqlite', filename: path.join(dataDir, 'eta.sqlite') };
}

/** The portal's address as users reach it: PUBLIC_URL, else this server on localhost. No trailing slash. */
export function publicUrlOf(settings: ServerSettings): string {
  return withoutTrailingSlash(settings.PUBLIC_URL ?? `http://localhost:${settings.PORT || 8080}`);
}

/** The form preview and the development mailbox: on unless set, or unless in production (or mail goes out). */
export function developmentSwitches(
  settings: ServerSettings,
  isProduction: boolean,
): { formPreview: boolean; devMailbox: boolean } {
  return {
    formPreview: settings.FORM_PREVIEW ?? !isProduction,
    devMailbox: settings.DEV_MAILBOX ?? (!settings.SMTP_URL && !isProduction),
  };
}

/** The values GET /envs answers, in the order of PUBLIC_SETTING_KEYS. */
export function publicSettingsOf(
  settings: ServerSettings,
  derived: { publicUrl: string; formPreview: boolean; devMailbox: boolean; sessionIdleSeconds: number },
): Record<PublicSettingKey, string> {
  const frontEndUrl = withoutTrailingSlash(settings.FRONT_END_URL ?? derived.publicUrl);
  return {
    // "" means the same origin, which is how the bundled server is deployed.
    API_URL: withoutTrailingSlash(settings.API_URL ?? ''),
    FRONT_END_URL: frontEndUrl,
    ...Object.fromEntries(LINK_SETTINGS.map((key) => [key, withoutTrailingSlash(settings[key])])),
    FORM_PREVIEW: String(derived.formPreview),
    DEV_MAILBOX: String(derived.devMailbox),
    SESSION_WARNING_SECONDS: String(settings.SESSION_WARNING_SECONDS),
    SESSION_IDLE_SECONDS: String(derived.sessionIdleSeconds),
    // The address the photo page's QR code and phone link use: the portal's own (`npm run dev` offers the
    // machine's network address instead of a loopback one, see dev.ts).
    PHONE_URL: frontEndUrl,
  } as Record<PublicSettingKey, string>;
}

/** The largest supporting document, and the ClamAV daemon when CLAMAV_HOST names one. */
export function documentsOf(settings: ServerSettings): DocumentsConfig {
  return {
    maxFileBytes: settings.DOCUMENT_MAX_BYTES,
    ...(settings.CLAMAV_HOST ? { clamav: { host: settings.CLAMAV_HOST, port: settings.CLAMAV_PORT } } : {}),
  };
}

/** The S3-compatible bucket when S3_BUCKET names one (spread into the configuration: no `s3` key without one). */
export function s3Of(settings: ServerSettings): { s3?: S3Config } {
  if (!settings.S3_BUCKET) return {};
  return {
    s3: {
      bucket: settings.S3_BUCKET,
      endpoint: settings.S3_ENDPOINT && withoutTrailingSlash(settings.S3_ENDPOINT),
      region: settings.S3_REGION,
      accessKeyId: settings.S3_ACCESS_KEY_ID,
      secretAccessKey: settings.S3_SECRET_ACCESS_KEY,
      forcePathStyle: settings.S3_FORCE_PATH_STYLE ?? settings.S3_ENDPOINT !== undefined,
    },
  };
}
