/**
 * `npm run config -- <command>`: the configuration's versions and drafts from a terminal, on the database the server
 * is configured with. The commands, their words and their exit codes; tools/config.ts opens the database.
 */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../../src/server/db/database';
import { describeChanges, diffConfigurations } from '../../src/server/configuration/diff';
import {
  isConfigPath,
  readConfigFiles,
  writeConfigFiles,
  type ConfigFiles,
} from '../../src/server/configuration/files';
import { configurationRepository } from '../../src/server/configuration/repository';
import {
  ConfigurationError,
  configurationNamed,
  createDraft,
  discardDraft,
  ensureFirstVersion,
  filesOf,
  liveVersion,
  publishDraft,
  restoreVersion,
  type ConfigurationCheck,
} from '../../src/server/configuration/versions';
import { recordAction } from '../../src/server/staff/audit';
import { staffRepository } from '../../src/server/staff/repository';
import { parseToolArgs, userPath } from '../locales/cli-args';

export const USAGE = `Usage: npm run config -- <command>
  list                          the versions (the newest is live) and the drafts not yet published
  export <version> <dir>        writes <dir>/schemas/ and <dir>/locales/ of a version (a number, or live) or a draft
  import <dir> [--note <text>]  keeps <dir>'s schemas/ and locales/ as a draft on the live version; prints its id
  diff <a> <b>                  what changed from a to b (versions or drafts), per form and field, per text and language
  publish <draft> [--note <text>]
                                checks the draft as check:schemas and check:locales do, then makes it the live version
  restore <version>             publishes an earlier version again, as the next version
  discard <draft>               closes a draft without publishing it`;

export interface ConfigCommandContext {
  db: Db;
  /** The configuration an installation starts with (version 1 on a database without one). */
  firstFiles: () => ConfigFiles;
  /** What publishing checks a draft with. */
  check: ConfigurationCheck;
  /** Who runs the command, as the history records it. */
  by: string;
  now?: () => Date;
  out: (line: string) => void;
  err: (line: string) => void;
}

const day = (iso: string) => iso.slice(0, 16).replace('T', ' ');

/** Runs one command; answers the exit code (0 done, 1 refused or failed, 2 not understood). */
export async function runConfigCommand(argv: string[], context: ConfigCommandContext): Promise<number> {
  const { db, out, err } = context;
  const now = context.now ?? (() => new Date());
  let args: ReturnType<typeof parseToolArgs>;
  try {
    args = parseToolArgs(argv, ['--note']);
  } catch (error) {
    err(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const [command, ...rest] = args.positional;
  const note = args.options.get('--note');
  const wants = (count: number) => {
    if (rest.length === count) return true;
    err(`"${command}" takes ${count} argument${count === 1 ? '' : 's'}.\n${USAGE}`);
    return false;
  };
  const repository = configurationRepository(db);
  /** Records what the command changed in the audit trail (npm run staff -- audit reads it back). */
  const record = (action: string, subject: string, detail: Record<string, unknown>) =>
    recordAction(staffRepository(db), { staffId: null, name: context.by }, action, subject, detail, now());
  /** The changes from the live version to `files`, as the audit trail keeps them (the first 200 lines). */
  const changesFrom = async (files: ConfigFiles, to: ConfigFiles) => {
    const lines = describeChanges(diffConfigurations(files, to));
    return { changes: lines.slice(0, 200), ...(lines.length > 200 ? { moreLines: lines.length - 200 } : {}) };
  };
  try {
    await ensureFirstVersion(repository, context.firstFiles(), now());
    switch (command) {
      case 'list': {
        const live = await liveVersion(repository);
        out('Versions (the newest is live):');
        for (const version of await repository.versions()) {
          const mark = version.number === live.number ? 'live' : '    ';
          out(
            `  ${String(version.number).padStart(4)}  ${mark}  ${day(version.published_at)}  ${version.published_by}  ${version.note}`,
          );
        }
        const drafts = await repository.openDrafts();
        out(drafts.length ? 'Drafts not yet published:' : 'No draft waits to be published.');
        for (const draft of drafts) {
          out(
            `  ${draft.id}  on version ${draft.base_version}  ${day(draft.created_at)}  ${draft.created_by}  ${draft.note}`,
          );
        }
        return 0;
      }
      case 'export': {
        if (!wants(2)) return 2;
        const { label, files } = await configurationNamed(repository, rest[0]);
        const dir = userPath(rest[1]);
        // Written over a copy (the repository itself, say): a file this configuration does not have goes.
        for (const path of Object.keys(readConfigFiles(dir))) {
          if (!(path in files) && isConfigPath(path)) rmSync(join(dir, path));
        }
        writeConfigFiles(dir, files);
        out(
          `Wrote ${label}: ${Object.keys(files).length} files under ${join(dir, 'schemas')} and ${join(dir, 'locales')}.`,
        );
        return 0;
      }
      case 'import': {
        if (!wants(1)) return 2;
        const dir = userPath(rest[0]);
        const files = existsSync(dir) ? readConfigFiles(dir) : {};
        if (Object.keys(files).length === 0) {
          err(`${dir} has no schemas/ or locales/ folder with JSON files: nothing to import.`);
          return 1;
        }
        const draft = await createDraft(repository, files, { by: context.by, now: now(), note: note ?? '' });
        const base = await repository.version(draft.base_version);
        const draftRow = await repository.draft(draft.id);
        const changes = diffConfigurations(filesOf(base!), filesOf(draftRow!));
        await record('configuration.draft-imported', `draft ${draft.id}`, {
          baseVersion: draft.base_version,
          note: draft.note,
          ...(await changesFrom(filesOf(base!), filesOf(draftRow!))),
        });
        out(draft.id);
        err(
          `Draft ${draft.id} on version ${draft.base_version}: ${changes.length} change${changes.length === 1 ? '' : 's'}. ` +
            `See them with "npm run config -- diff ${draft.base_version} ${draft.id}", publish with "npm run config -- publish ${draft.id}".`,
        );
        return 0;
      }
      case 'diff': {
        if (!wants(2)) return 2;
        const [a, b] = await Promise.all(rest.map((name) => configurationNamed(repository, name)));
        const lines = describeChanges(diffConfigurations(a.files, b.files));
        out(lines.length ? `From ${a.label} to ${b.label}:` : `${a.label} and ${b.label} have the same files.`);
        for (const line of lines) out(line);
        return 0;
      }
      case 'publish': {
        if (!wants(1)) return 2;
        const outcome = await publishDraft(db, repository, rest[0], {
          by: context.by,
          now: now(),
          check: context.check,
          ...(note !== undefined ? { note } : {}),
        });
        if (outcome.published) {
          const previous = await repository.version(outcome.version.number - 1);
          const published = await repository.version(outcome.version.number);
          await record('configuration.published', `version ${outcome.version.number}`, {
            draft: rest[0],
            note: outcome.version.note,
            ...(await changesFrom(filesOf(previous!), filesOf(published!))),
          });
          out(`Published draft ${rest[0]} as version ${outcome.version.number}: it is now live.`);
          return 0;
        }
        if (outcome.reason === 'refused') {
          for (const problem of outcome.problems) err(problem);
          err(
            `\nNot published: ${outcome.problems.length} problem(s) to fix in the draft first (import it again once fixed).`,
          );
        } else if (outcome.reason === 'conflict') {
          err(
            `Not published: version ${outcome.since} changed ${outcome.files.join(', ')} since the draft was made, and so does the draft. ` +
              `Export the live version, make the change there again and import it.`,
          );
        } else if (outcome.reason === 'unknown-draft') {
          err(`There is no draft "${rest[0]}". "npm run config -- list" shows the drafts.`);
        } else if (outcome.reason === 'unchanged') {
          err(`Not published: draft ${rest[0]} has the same files as the live version.`);
        } else {
          err(
            `Draft ${rest[0]} was already ${outcome.draft?.published_as !== null ? `published as version ${outcome.draft?.published_as}` : 'discarded'}.`,
          );
        }
        return 1;
      }
      case 'restore': {
        if (!wants(1)) return 2;
        if (!/^v?\d+$/.test(rest[0])) {
          err(`"${rest[0]}" is not a version number.`);
          return 2;
        }
        const version = await restoreVersion(db, repository, Number(rest[0].replace(/^v/, '')), {
          by: context.by,
          now: now(),
          ...(note !== undefined ? { note } : {}),
        });
        await record('configuration.restored', `version ${version.number}`, {
          restores: version.restores,
          note: version.note,
        });
        out(`Published version ${rest[0].replace(/^v/, '')} again as version ${version.number}: it is now live.`);
        return 0;
      }
      case 'discard': {
        if (!wants(1)) return 2;
        await discardDraft(repository, rest[0], { by: context.by, now: now() });
        await record('configuration.draft-discarded', `draft ${rest[0]}`, {});
        out(`Discarded draft ${rest[0]}.`);
        return 0;
      }
      default:
        err(command ? `"${command}" is not a command of this tool.\n${USAGE}` : USAGE);
        return 2;
    }
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    err(error.message);
    return 1;
  }
}
