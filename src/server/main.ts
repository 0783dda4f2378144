import type { AddressInfo } from 'node:net';
import { buildApp } from './app';
import { ensureJwtSecret, loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { publicUrlWarnings, readyAddress } from './public-url-warning';
import { installGracefulShutdown } from './shutdown';

/** Starts the portal and the API on one port: config, database, migrations, app, listen. */
async function main(): Promise<void> {
  const config = await ensureJwtSecret(loadConfig(process.env));
  const db = openDatabase(config.database);
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const app = await buildApp({ config, db, onClose: () => db.destroy() });
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

main().catch((error: unknown) => {
  // The app's logger may not exist yet: write one JSON line like pino would.
  const err =
    error instanceof Error
      ? { type: error.name, message: error.message, stack: error.stack }
      : { message: String(error) };
  process.stderr.write(`${JSON.stringify({ level: 60, time: Date.now(), msg: 'server failed to start', err })}\n`);
  process.exit(1);
});
