/**
 * `npm run config -- <command>`: lists, exports, imports, compares, publishes and restores versions of the forms and
 * texts, on the database the server is configured with (DATABASE_URL, else the SQLite file under DATA_DIR). See
 * docs/editors.md, "Versions, drafts and publishing"; the commands are in tools/config/commands.ts.
 */
import { userInfo } from 'node:os';
import { loadConfig } from '../src/server/config';
import { readServedFiles } from '../src/server/configuration/files';
import { openDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { LOCALES_DIR } from '../src/server/i18n';
import { checkConfiguration } from './config/check';
import { runConfigCommand } from './config/commands';

async function main(): Promise<number> {
  const config = loadConfig(process.env);
  const db = openDatabase(config.database);
  try {
    await migrateToLatest(db);
    return await runConfigCommand(process.argv.slice(2), {
      db,
      firstFiles: () => readServedFiles(config.schemasDir, LOCALES_DIR),
      check: checkConfiguration,
      by: `command line (${userInfo().username})`,
      out: (line) => process.stdout.write(`${line}\n`),
      err: (line) => process.stderr.write(`${line}\n`),
    });
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
