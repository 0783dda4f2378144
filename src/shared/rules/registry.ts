import type { JsonSchema } from '../validation/schema-walk';
import type { SchemaRule } from './types';

/**
 * Every rule a schema may name in `x-rules`, each a module of its own. Adding a rule: one file and one line here.
 * A rule is loaded before a form that names it runs (the browser loads a form's rules with the form, so a form
 * without phone numbers never downloads the phone metadata; the API loads them all at start-up).
 */
export const ruleLoaders: Record<string, () => Promise<SchemaRule>> = {
  phoneNumber: async () => (await import('./phone-number')).phoneNumberRule,
  sameAs: async () => (await import('./same-as')).sameAsRule,
  tripDates: async () => (await import('./travel-dates')).tripDatesRule,
  passportValidity: async () => (await import('./travel-dates')).passportValidityRule,
  pastDate: async () => (await import('./travel-dates')).pastDateRule,
};

const loaded = new Map<string, SchemaRule>();

/**
 * Rules whose code is large (the phone rule carries libphonenumber's metadata): the browser shows a form before
 * they load and loads them right after (see `checkWithoutLaterRules`). The API loads every rule at start-up.
 */
export const rulesLoadedLater: ReadonlySet<string> = new Set(['phoneNumber']);

let withoutLaterRules = false;

/**
 * Lets `runRules` pass over a rule of `rulesLoadedLater` that has not loaded yet (its answers are judged once it
 * has: the form re-checks then, and waits for it before it submits). Called by the browser's form engine only.
 */
export function checkWithoutLaterRules(): void {
  withoutLaterRules = true;
}

/** Whether a named rule may be passed over for now (see `checkWithoutLaterRules`). */
export function isRulePending(name: string): boolean {
  return withoutLaterRules && rulesLoadedLater.has(name) && !loaded.has(name);
}

/** Loads the named rules (all of them when no names are given); rejects for a name that is not a rule. */
export async function loadRules(names: Iterable<string> = Object.keys(ruleLoaders)): Promise<void> {
  await Promise.all(
    [...new Set(names)].map(async (name) => {
      if (loaded.has(name)) return;
      const load = ruleLoaders[name];
      if (!load) throw new Error(`Unknown rule "${name}"`);
      loaded.set(name, await load());
    }),
  );
}

/** Whether every named rule is loaded. */
export function rulesLoaded(names: Iterable<string>): boolean {
  for (const name of names) if (!loaded.has(name)) return false;
  return true;
}

/** A loaded rule; throws for an unknown rule or one used before `loadRules` loaded it. */
export function getRule(name: string): SchemaRule {
  const rule = loaded.get(name);
  if (rule) return rule;
  throw new Error(ruleLoaders[name] ? `Rule "${name}" is used before it is loaded` : `Unknown rule "${name}"`);
}

/** A rule if it has loaded (to format with it where a rule not loaded yet leaves the answer as it is). */
export function loadedRule(name: string): SchemaRule | undefined {
  return loaded.get(name);
}

/** The names of the rules a schema (with its definitions) names anywhere in `x-rules`. */
export function ruleNamesIn(schema: unknown): string[] {
  const names = new Set<string>();
  const visit = (node: unknown, depth: number) => {
    if (depth > 64 || !node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach((n) => visit(n, depth + 1));
    const list = (node as JsonSchema)['x-rules'];
    if (Array.isArray(list))
      for (const r of list) if (r && typeof r === 'object' && typeof r.rule === 'string') names.add(r.rule);
    for (const value of Object.values(node)) visit(value, depth + 1);
  };
  visit(schema, 0);
  return [...names];
}
