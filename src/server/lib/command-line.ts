import { userInfo } from 'node:os';
import { loadConfig, type AppConfig } from '../config';
import { openDatabase, type Db } from '../db/database';
import { migrateToLatest } from '../db/migrate';

/** What an operator's command is given: the server's settings, its migrated database, who runs it, and its output. */
export interface CommandLine {
  config: AppConfig;
  db: Db;
  /** The command and its user, as histories and the audit trail record them: `command line (<user>)`. */
  by: string;
  out: (line: string) => void;
  err: (line: string) => void;
}

/**
 * Runs an operator's command (`npm run config`, `npm run staff`) on the database the server is configured with
 * (migrated first), and ends the process with the exit code it answers; an error it did not foresee is one line.
 */
export function runCommandLine(command: (line: CommandLine) => Promise<number>): void {
  const main = async () => {
    const config = loadConfig(process.env);
    const db = openDatabase(config.database);
    try {
      await migrateToLatest(db);
      return await command({
        config,
        db,
        by: `command line (${userInfo().username})`,
        out: (line) => process.stdout.write(`${line}\n`),
        err: (line) => process.stderr.write(`${line}\n`),
      });
    } finally {
      await db.destroy();
    }
  };
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
