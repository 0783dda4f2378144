/**
 * The server's settings, one module as seen from outside; written in config/ by job: the table of variables with
 * their types, bounds and defaults (schema.ts), the rules between them (checks.ts), the values worked out from
 * several (derived.ts), the configuration's shape (shape.ts) and its reading (load.ts).
 */
export { ensureJwtSecret, loadConfig } from './config/load';
export { PUBLIC_SETTING_KEYS, SERVER_SETTINGS, type PublicSettingKey } from './config/schema';
export type {
  AppConfig,
  CaptureConfig,
  DatabaseConfig,
  DocumentsConfig,
  FormSubmissionsConfig,
  MetricsConfig,
  S3Config,
} from './config/shape';
