import { buildApp } from '../app';
import { ensureJwtSecret, loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { runOfficer } from './officer';

/** `npm run officer -- <command>`: the case officer's tool, on the database the server is configured with. */
async function main(): Promise<number> {
  // This process decides nothing in the background: the servers do.
  process.env.DECISION_POLL_SECONDS = '0';
  const config = await ensureJwtSecret(loadConfig(process.env));
  const db = openDatabase(config.database);
  await migrateToLatest(db);
  const app = await buildApp({ config, db, logger: false, servePortal: false, onClose: () => db.destroy() });
  try {
    return await runOfficer(app, process.argv.slice(2), {
      out: (line) => process.stdout.write(`${line}\n`),
      err: (line) => process.stderr.write(`${line}\n`),
    });
  } finally {
    await app.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
