/**
 * The editors' and translators' recipes as their pages write them (docs/editors.md, docs/translators.md): each is a
 * paragraph that opens with its title in bold
 * (`**Add a field.**`), and the JSON it tells the editor to write is in its code spans. Tests take that JSON from
 * here, so a recipe whose words stop working fails them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The pages that hold the recipes, as the repository names them. */
export const RECIPE_PAGES = ['docs/editors.md', 'docs/translators.md'];

const ROOT = join(import.meta.dirname, '..', '..');
/** The recipes' pages' text, one after the other. */
export const recipePages = (): string =>
  RECIPE_PAGES.map((page) => readFileSync(join(ROOT, page), 'utf8')).join('\n\n');

/** A recipe: its text, and the JSON of its code spans (a `"name": value` span is read as `{ "name": value }`). */
export interface Recipe {
  title: string;
  text: string;
  json: unknown[];
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The paragraph of the recipes' pages whose bold title starts with `title`, and the JSON in it. */
export function recipe(title: string, pages = recipePages()): Recipe {
  const paragraphs = pages.split(/\n\s*\n/);
  const found = paragraphs.filter((p) => p.trimStart().startsWith(`**${title}`));
  if (found.length !== 1)
    throw new Error(`${RECIPE_PAGES.join(' and ')} have ${found.length} recipes titled "${title}"`);
  const text = found[0];
  const json: unknown[] = [];
  for (const [, span] of text.matchAll(/`([^`]+)`/g)) {
    const code = span.replace(/\s+/g, ' ').trim();
    for (const candidate of [code, `{${code}}`]) {
      try {
        json.push(JSON.parse(candidate));
        break;
      } catch {
        // Not JSON (a path, a command, a key): not a snippet.
      }
    }
  }
  return { title, text, json };
}

/** The one JSON object of a recipe that `matches`; a recipe with none or several is an error. */
export function snippet<T = Record<string, unknown>>(
  from: Recipe,
  matches: (json: Record<string, unknown>) => boolean,
  what: string,
): T {
  const found = from.json.filter((j): j is Record<string, unknown> => isObject(j) && matches(j));
  if (found.length !== 1) {
    throw new Error(`The recipe "${from.title}" has ${found.length} snippets for ${what}, not one`);
  }
  return found[0] as T;
}

/** The value of a `"name": value` snippet of a recipe whose value `matches`. */
export function member<T = Record<string, unknown>>(
  from: Recipe,
  name: string,
  matches: (value: unknown) => boolean = () => true,
): T {
  const json = snippet(
    from,
    (j) => Object.keys(j).length === 1 && name in j && matches(j[name]),
    `"${name}": ${matches.toString()}`,
  );
  return json[name] as T;
}

/** True when the recipe's text says `words` (its line breaks read as spaces). */
export function says(from: Recipe, words: string): boolean {
  return from.text.replace(/\s+/g, ' ').includes(words);
}
