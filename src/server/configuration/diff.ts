import type { ConfigFiles } from './files';

/**
 * What changed between two configurations, said the way editors and translators think of it: per form and field
 * (its schema, UI schema and examples), per text and language, and per file for the rest (the route manifest, the
 * decision and documents rules).
 */
export type ConfigChange = {
  kind: 'added' | 'removed' | 'changed';
  file: string;
  /** Where in the file, as dotted keys (empty for the whole file). */
  path: string;
  before?: unknown;
  after?: unknown;
} & (
  | { area: 'form'; form: string; part: 'schema' | 'ui' | 'examples'; field?: string }
  | { area: 'text'; language: string; key: string }
  | { area: 'file' }
);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isObject = (value: unknown): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The leaves that differ between two JSON values: objects compared key by key, anything else as a whole. With
 * `eachLeaf` (texts), an object added or removed is each of its leaves added or removed.
 */
function leafChanges(
  before: Json | undefined,
  after: Json | undefined,
  path: string[],
  out: Leaf[],
  eachLeaf = false,
): void {
  const spread = (value: Json | undefined) => (eachLeaf && value === undefined ? {} : value);
  const [was, is] = isObject(before) || isObject(after) ? [spread(before), spread(after)] : [before, after];
  if (isObject(was) && isObject(is)) {
    for (const key of new Set([...Object.keys(was), ...Object.keys(is)])) {
      leafChanges(was[key], is[key], [...path, key], out, eachLeaf);
    }
    return;
  }
  if (JSON.stringify(before) === JSON.stringify(after)) return;
  out.push({
    path,
    kind: before === undefined ? 'added' : after === undefined ? 'removed' : 'changed',
    ...(before !== undefined ? { before } : {}),
    ...(after !== undefined ? { after } : {}),
  });
}

interface Leaf {
  path: string[];
  kind: ConfigChange['kind'];
  before?: unknown;
  after?: unknown;
}

const FORM_FILE = /^schemas\/([\w-]+)\.(schema|ui|examples)\.json$/;
const LOCALE_FILE = /^locales\/([\w-]+)\/([\w-]+)\.json$/;

/** Names one changed leaf of `file` by what it is to an editor. */
function described(file: string, leaf: Leaf): ConfigChange {
  const base = { kind: leaf.kind, file, path: leaf.path.join('.'), before: leaf.before, after: leaf.after };
  const form = FORM_FILE.exec(file);
  if (form) {
    const part = form[2] as 'schema' | 'ui' | 'examples';
    const [first, second] = leaf.path;
    const field =
      part === 'schema'
        ? first === 'properties'
          ? second
          : undefined
        : part === 'ui' && first && !first.startsWith('ui:')
          ? first
          : undefined;
    return { ...base, area: 'form', form: form[1], part, ...(field ? { field } : {}) };
  }
  const locale = LOCALE_FILE.exec(file);
  if (locale)
    return {
      ...base,
      area: 'text',
      language: locale[1],
      key: leaf.path.length ? `${locale[2]}:${leaf.path.join('.')}` : file,
    };
  return { ...base, area: 'file' };
}

function parsed(text: string | undefined): Json | undefined {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as Json;
  } catch {
    return undefined;
  }
}

/** Every change from `before` to `after`, file by file in path order. */
export function diffConfigurations(before: ConfigFiles, after: ConfigFiles): ConfigChange[] {
  const changes: ConfigChange[] = [];
  for (const file of [...new Set([...Object.keys(before), ...Object.keys(after)])].sort()) {
    const was = before[file];
    const is = after[file];
    if (was === is) continue;
    const [wasJson, isJson] = [parsed(was), parsed(is)];
    if ((was !== undefined && wasJson === undefined) || (is !== undefined && isJson === undefined)) {
      // A file that is not JSON (yet) is compared as a whole.
      changes.push(
        described(file, { path: [], kind: was === undefined ? 'added' : is === undefined ? 'removed' : 'changed' }),
      );
      continue;
    }
    const leaves: Leaf[] = [];
    if (was === undefined || is === undefined) {
      // A whole locale file added or removed is each of its texts added or removed; any other file is one change.
      if (LOCALE_FILE.test(file)) leafChanges(wasJson, isJson, [], leaves, true);
      else leaves.push({ path: [], kind: was === undefined ? 'added' : 'removed' });
    } else {
      leafChanges(wasJson, isJson, [], leaves, LOCALE_FILE.test(file));
      // Only its layout changed (spaces, order of keys): still a change of the file.
      if (leaves.length === 0) leaves.push({ path: [], kind: 'changed' });
    }
    changes.push(...leaves.map((leaf) => described(file, leaf)));
  }
  return changes;
}

/** A value as a line shows it: JSON, cut short when long. */
function shown(value: unknown): string {
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** What happened to the value, in words. */
function what(change: ConfigChange): string {
  if (change.path === '' && change.before === undefined && change.after === undefined) {
    return change.kind === 'changed' ? 'file changed (layout only, or not JSON)' : `file ${change.kind}`;
  }
  if (change.kind === 'added') return `added ${shown(change.after)}`;
  if (change.kind === 'removed') return `removed (was ${shown(change.before)})`;
  return `${shown(change.before)} → ${shown(change.after)}`;
}

/**
 * The changes as lines grouped the way they are reviewed: each form with its fields, each language with its texts,
 * then the other files.
 */
export function describeChanges(changes: readonly ConfigChange[]): string[] {
  const groups = new Map<string, string[]>();
  const add = (heading: string, line: string) => {
    groups.set(heading, [...(groups.get(heading) ?? []), line]);
  };
  for (const change of changes) {
    if (change.area === 'form') {
      const steps = change.path ? change.path.split('.') : [];
      const rest = (change.field ? steps.slice(change.part === 'schema' ? 2 : 1) : steps).join('.');
      const within = `${change.field ? `field ${change.field}` : change.part}${change.field && change.part !== 'schema' ? ` (${change.part})` : ''}${rest ? `, ${rest}` : ''}`;
      add(`Form ${change.form}`, `  ${within}: ${what(change)}`);
    } else if (change.area === 'text') {
      add(`Texts in ${change.language}`, `  ${change.key}: ${what(change)}`);
    } else {
      add(change.file, `  ${change.path || '(whole file)'}: ${what(change)}`);
    }
  }
  const order = (heading: string) => (heading.startsWith('Form ') ? 0 : heading.startsWith('Texts ') ? 1 : 2);
  return [...groups]
    .sort(([a], [b]) => order(a) - order(b) || (a < b ? -1 : a > b ? 1 : 0))
    .flatMap(([heading, lines]) => [heading, ...lines]);
}
