import { derefSchema, type JsonSchema, type RefResolver } from '../validation/schema-walk';
import { getRule, isRulePending } from './registry';
import type { RuleConfig } from './types';

/** A rule problem with its dotted path from the root of the data. */
export interface PathedRuleProblem {
  path: string;
  key: string;
}

export interface RuleRunResult {
  problems: PathedRuleProblem[];
  /** The data with normalisations applied (a copy; the input is not changed). */
  data: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** Reads the `x-rules` list of a schema node (empty when absent or malformed). */
export function rulesOf(schema: JsonSchema): RuleConfig[] {
  const list = schema['x-rules'];
  return Array.isArray(list) ? (list.filter((r) => isObject(r) && typeof r.rule === 'string') as RuleConfig[]) : [];
}

/**
 * Runs every `x-rules` entry found in the schema over the data: properties, array items, allOf and the
 * branches of if/then/else (a branch's rules only see data that is present, and answers of hidden fields are
 * removed before saving). Pure: used by the browser form and by the API after the schema validation passed.
 */
export function runRules(schema: JsonSchema, data: unknown, resolve: RefResolver, baseId: string): RuleRunResult {
  const problems: PathedRuleProblem[] = [];
  const visit = (node: JsonSchema, id: string, value: unknown, path: string[], depth: number): unknown => {
    if (depth > 64) return value;
    const { schema: s, baseId: b } = derefSchema(node, id, resolve);
    let current = value;
    if (isObject(current)) {
      let obj: Record<string, unknown> = current;
      for (const config of rulesOf(s)) {
        if (isRulePending(config.rule)) continue;
        const rule = getRule(config.rule);
        const found = rule.check(obj, config);
        for (const p of found) problems.push({ path: [...path, p.field].join('.'), key: p.key });
        if (found.length === 0 && rule.normalise) obj = rule.normalise(obj, config);
      }
      current = obj;
      const props = s.properties;
      if (isObject(props)) {
        let copy: Record<string, unknown> | undefined;
        for (const [name, sub] of Object.entries(props)) {
          const obj = (copy ?? current) as Record<string, unknown>;
          if (!(name in obj) || !isObject(sub)) continue;
          const next = visit(sub, b, obj[name], [...path, name], depth + 1);
          if (next !== obj[name]) {
            copy = copy ?? { ...(current as Record<string, unknown>) };
            copy[name] = next;
          }
        }
        if (copy) current = copy;
      }
    }
    if (Array.isArray(current) && isObject(s.items)) {
      const items = s.items;
      const mapped = current.map((item, i) => visit(items, b, item, [...path, String(i)], depth + 1));
      if (mapped.some((m, i) => m !== (current as unknown[])[i])) current = mapped;
    }
    for (const key of ['allOf'] as const) {
      const list = s[key];
      if (Array.isArray(list))
        for (const sub of list) if (isObject(sub)) current = visit(sub, b, current, path, depth + 1);
    }
    for (const key of ['then', 'else'] as const) {
      const sub = s[key];
      if (isObject(sub)) current = visit(sub, b, current, path, depth + 1);
    }
    return current;
  };
  const data2 = visit(schema, baseId, data, [], 0);
  return { problems, data: data2 };
}
