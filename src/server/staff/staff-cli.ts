import { userInfo } from 'node:os';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { runStaffCommand } from './commands';

/** `npm run staff -- <command>`: staff accounts and the audit trail, on the database the server is configured with. */
async function main(): Promise<number> {
  const config = loadConfig(process.env);
  const db = openDatabase(config.database);
  try {
    await migrateToLatest(db);
    return await runStaffCommand(process.argv.slice(2), {
      db,
      actor: { staffId: null, name: `command line (${userInfo().username})` },
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
