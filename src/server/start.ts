import type { AddressInfo } from 'node:net';
import { buildApp } from './app';
import { ensureJwtSecret, loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { readServedFiles } from './configuration/files';
import { configurationRepository } from './configuration/repository';
import { ensureFirstVersion } from './configuration/versions';
import { LOCALES_DIR } from './i18n';
import { publicUrlWarnings, readyAddress } from './public-url-warning';
import { installGracefulShutdown } from './shutdown';

/**
 * Starts the portal and the API on one port: config, database, migrations, the configuration's first version, app,
 * listen. `onClose` runs after the
 * database is closed (tracing sends its last spans).
 */
export async function startServer(onClose?: () => Promise<void>): Promise<void> {
  const config = await ensureJwtSecret(loadConfig(process.env));
  const db = openDatabase(config.database);
  try {
    await migrateToLatest(db);
    // A database without a version of the forms and texts starts with the files this installation was built from.
    await ensureFirstVersion(configurationRepository(db), readServedFiles(config.schemasDir, LOCALES_DIR), new Date());
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const app = await buildApp({
    config,
    db,
    onClose: async () => {
      await db.destroy();
      await onClose?.();
    },
  });
  installGracefulShutdown(app);
  await app.listen({ port: config.port, host: config.host });
  const { port } = app.server.address() as AddressInfo;
  const local = readyAddress(config.publicUrl, port);
  const settings = { publicUrl: config.publicUrl, frontEndUrl: config.publicSettings.FRONT_END_URL };
  for (const warning of publicUrlWarnings(settings, port)) app.log.warn({ event: 'public-url' }, warning);
  app.log.info(
    { url: config.publicUrl, local, database: config.database.kind },
    `ETA portal ready on ${local}${config.publicUrl !== local ? ` (public address ${config.publicUrl})` : ''}`,
  );
}
