import { runCommandLine } from '../lib/command-line';
import { runStaffCommand } from './commands';

/** `npm run staff -- <command>`: staff accounts and the audit trail, on the database the server is configured with. */
runCommandLine(({ db, by, out, err }) =>
  runStaffCommand(process.argv.slice(2), { db, actor: { staffId: null, name: by }, out, err }),
);
