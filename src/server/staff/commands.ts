/**
 * `npm run staff -- <command>`: staff accounts from an operator's terminal (the first administrator, and any
 * account when no administrator can sign in), on the database the server is configured with. Every change is
 * recorded in the audit trail as the command's.
 */
import type { Db } from '../db/database';
import { parseArgs } from 'node:util';
import { readAudit, type Actor } from './audit';
import { addStaff, disableStaff, memberOf, setRoles, StaffError } from './accounts';
import { staffRepository } from './repository';
import { STAFF_ROLES } from './roles';

export const USAGE = `Usage: npm run staff -- <command>
  add <email> --role <role> [--role <role>] [--language <code>]
                      a staff account; prints its password and its authenticator key once
  roles <email> --role <role> [--role <role>] [--language <code>]
                      replaces the account's roles (and a translator's languages)
  disable <email>     the account can no longer sign in; its sessions end
  list                every staff account with its roles
  audit [--limit <n>] [--subject <email, version or draft>]
                      what staff and operators did, newest first
The roles: ${STAFF_ROLES.join(', ')}.`;

export interface StaffCommandContext {
  db: Db;
  /** Who runs the command, as the audit trail records it. */
  actor: Actor;
  now?: () => Date;
  out: (line: string) => void;
  err: (line: string) => void;
}

/** Runs one command; answers the exit code (0 done, 1 refused, 2 not understood). */
export async function runStaffCommand(argv: string[], context: StaffCommandContext): Promise<number> {
  const { out, err, actor } = context;
  const now = context.now ?? (() => new Date());
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    err(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, email] = positionals;
  const repository = staffRepository(context.db);
  const needsEmail = () => {
    if (email) return true;
    err(`"${command}" needs the account's e-mail address.\n${USAGE}`);
    return false;
  };
  try {
    switch (command) {
      case 'add': {
        if (!needsEmail()) return 2;
        const made = await addStaff(
          repository,
          { email, roles: values.role, languages: values.language },
          actor,
          now(),
        );
        out(`Added ${made.member.email} (${made.member.roles.join(', ')}).`);
        out(`Password (give it to them, it is not shown again): ${made.password}`);
        out(`Authenticator key: ${made.totpSecret}`);
        out(`Authenticator address (for a QR code): ${made.totpAddress}`);
        return 0;
      }
      case 'roles': {
        if (!needsEmail()) return 2;
        const member = await setRoles(
          repository,
          email,
          { roles: values.role, languages: values.language },
          actor,
          now(),
        );
        out(
          `${member.email} now has: ${member.roles.join(', ')}${member.languages.length ? ` (${member.languages.join(', ')})` : ''}.`,
        );
        return 0;
      }
      case 'disable': {
        if (!needsEmail()) return 2;
        await disableStaff(repository, email, actor, now());
        out(`Disabled ${email}.`);
        return 0;
      }
      case 'list': {
        const members = (await repository.accounts()).map(memberOf);
        if (members.length === 0)
          out(
            'No staff account yet: add the first administrator with "npm run staff -- add <email> --role administrator".',
          );
        for (const member of members) {
          const languages = member.languages.length ? ` (${member.languages.join(', ')})` : '';
          out(`${member.email}  ${member.roles.join(', ')}${languages}${member.disabled ? '  disabled' : ''}`);
        }
        return 0;
      }
      case 'audit': {
        const limit = values.limit === undefined ? 100 : Number(values.limit);
        if (!Number.isInteger(limit) || limit < 1) {
          err(`--limit takes a whole number of entries, not "${values.limit}".`);
          return 2;
        }
        const entries = await readAudit(repository, { limit, ...(values.subject ? { subject: values.subject } : {}) });
        for (const entry of entries) {
          const detail = Object.keys(entry.detail).length ? `  ${JSON.stringify(entry.detail)}` : '';
          out(`${entry.at}  ${entry.actor}  ${entry.action}  ${entry.subject}${detail}`);
        }
        return 0;
      }
      default:
        err(command ? `"${command}" is not a command of this tool.\n${USAGE}` : USAGE);
        return 2;
    }
  } catch (error) {
    if (!(error instanceof StaffError)) throw error;
    err(error.message);
    return 1;
  }
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      role: { type: 'string', multiple: true, default: [] },
      language: { type: 'string', multiple: true, default: [] },
      limit: { type: 'string' },
      subject: { type: 'string' },
    },
  });
}
