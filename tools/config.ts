/**
 * `npm run config -- <command>`: lists, exports, imports, compares, publishes and restores versions of the forms and
 * texts, on the database the server is configured with (DATABASE_URL, else the SQLite file under DATA_DIR). See
 * docs/editors.md, "Versions, drafts and publishing"; the commands are in tools/config/commands.ts.
 */
import { readServedFiles } from '../src/server/configuration/files';
import { LOCALES_DIR } from '../src/server/i18n';
import { runCommandLine } from '../src/server/lib/command-line';
import { checkConfiguration } from './config/check';
import { runConfigCommand } from './config/commands';

runCommandLine(({ config, db, by, out, err }) =>
  runConfigCommand(process.argv.slice(2), {
    db,
    firstFiles: () => readServedFiles(config.schemasDir, LOCALES_DIR),
    check: checkConfiguration,
    by,
    out,
    err,
  }),
);
