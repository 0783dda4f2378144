/** Argument handling shared by the translators' command-line tools (check:locales, locales:export, locales:import). */
import { join, resolve } from 'node:path';

export interface ToolArgs {
  /** The arguments that are not options, in order (languages, file names). */
  positional: string[];
  /** `--name value` options. */
  options: Map<string, string>;
  /** `--name` options without a value. */
  flags: Set<string>;
}

/**
 * Splits a tool's arguments: the options named in `withValue` take the next argument as their value (`--locales
 * <dir>`), other `--names` are flags, and everything else is positional, wherever the options stand. Throws on an
 * option whose value is missing or an option the tool does not know.
 */
export function parseToolArgs(argv: string[], withValue: string[], knownFlags: string[] = []): ToolArgs {
  const positional: string[] = [];
  const options = new Map<string, string>();
  const flags = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (withValue.includes(arg)) {
      const value = argv[i + 1];
      if (value === undefined || value.startsWith('--')) throw new Error(`${arg} needs a value`);
      options.set(arg, value);
      i += 1;
    } else if (arg.startsWith('--')) {
      if (!knownFlags.includes(arg)) throw new Error(`${arg} is not an option of this tool`);
      flags.add(arg);
    } else positional.push(arg);
  }
  return { positional, options, flags };
}

/**
 * A path the user typed, resolved against the folder the command was run from: `npm run` starts a script in the
 * project's folder and says where it was run from in INIT_CWD.
 */
export function userPath(path: string): string {
  return resolve(process.env.INIT_CWD ?? process.cwd(), path);
}

/** The portal's locales: LOCALES_DIR when set (an edited copy), else the repository's locales/. */
export function portalLocalesDir(root: string): string {
  const configured = process.env.LOCALES_DIR?.trim();
  return configured ? resolve(configured) : join(root, 'locales');
}
