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

/** What the walk needs of one schema node, worked out once: the node its `$ref`s lead to, its rules, its parts. */
interface NodePlan {
  /** The base `$id` the node's own references resolve against. */
  baseId: string;
  rules: RuleConfig[];
  properties: [string, JsonSchema][];
  items?: JsonSchema;
  /** `allOf`'s schemas, then `then` and `else`, in the order the walk takes them. */
  branches: JsonSchema[];
}

/** Plans by resolver, schema node and base `$id`: schemas are read, never changed, once loaded. */
const plans = new WeakMap<RefResolver, WeakMap<JsonSchema, Map<string, NodePlan>>>();

function planOf(node: JsonSchema, baseId: string, resolve: RefResolver): NodePlan {
  let byNode = plans.get(resolve);
  if (!byNode) plans.set(resolve, (byNode = new WeakMap()));
  let byBase = byNode.get(node);
  if (!byBase) byNode.set(node, (byBase = new Map()));
  let plan = byBase.get(baseId);
  if (plan) return plan;
  const { schema: s, baseId: b } = derefSchema(node, baseId, resolve);
  const branches: JsonSchema[] = [];
  if (Array.isArray(s.allOf)) for (const sub of s.allOf) if (isObject(sub)) branches.push(sub);
  for (const key of ['then', 'else'] as const) if (isObject(s[key])) branches.push(s[key]);
  plan = {
    baseId: b,
    rules: rulesOf(s),
    properties: isObject(s.properties)
      ? Object.entries(s.properties).filter((entry): entry is [string, JsonSchema] => isObject(entry[1]))
      : [],
    items: isObject(s.items) ? s.items : undefined,
    branches,
  };
  byBase.set(baseId, plan);
  return plan;
}

/**
 * Runs every `x-rules` entry found in the schema over the data: properties, array items, allOf and the
 * branches of if/then/else (a branch's rules only see data that is present, and answers of hidden fields are
 * removed before saving). Pure: used by the browser form and by the API after the schema validation passed. What
 * the walk reads of each schema node (its `$ref`s followed, its rules and parts) is worked out once per node.
 */
export function runRules(schema: JsonSchema, data: unknown, resolve: RefResolver, baseId: string): RuleRunResult {
  const problems: PathedRuleProblem[] = [];
  const visit = (node: JsonSchema, id: string, value: unknown, path: string[], depth: number): unknown => {
    if (depth > 64) return value;
    const plan = planOf(node, id, resolve);
    let current = value;
    if (isObject(current)) {
      let obj: Record<string, unknown> = current;
      for (const config of plan.rules) {
        if (isRulePending(config.rule)) continue;
        const rule = getRule(config.rule);
        const found = rule.check(obj, config);
        for (const p of found) problems.push({ path: [...path, p.field].join('.'), key: p.key });
        if (found.length === 0 && rule.normalise) obj = rule.normalise(obj, config);
      }
      current = obj;
      let copy: Record<string, unknown> | undefined;
      for (const [name, sub] of plan.properties) {
        const obj = (copy ?? current) as Record<string, unknown>;
        if (!(name in obj)) continue;
        const next = visit(sub, plan.baseId, obj[name], [...path, name], depth + 1);
        if (next !== obj[name]) {
          copy = copy ?? { ...(current as Record<string, unknown>) };
          copy[name] = next;
        }
      }
      if (copy) current = copy;
    }
    const { items } = plan;
    if (Array.isArray(current) && items) {
      const mapped = current.map((item, i) => visit(items, plan.baseId, item, [...path, String(i)], depth + 1));
      if (mapped.some((m, i) => m !== (current as unknown[])[i])) current = mapped;
    }
    for (const sub of plan.branches) current = visit(sub, plan.baseId, current, path, depth + 1);
    return current;
  };
  const data2 = visit(schema, baseId, data, [], 0);
  return { problems, data: data2 };
}
