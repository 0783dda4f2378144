import type { QueryParamSpec } from './manifest';

/** One thing wrong with a link's search parameters. */
export interface QueryProblem {
  param: string;
  kind: 'missing' | 'invalid';
  /** The allowed values, for an invalid value. */
  allowed?: readonly string[];
}

/**
 * Checks search parameters against a route's `query` declaration: a required parameter must be present and
 * not blank; a parameter with `enum` must, when present, have one of its values. Undeclared parameters are
 * ignored (tracking tags and the like must not break a link).
 */
export function checkQuery(
  spec: Readonly<Record<string, QueryParamSpec>> | undefined,
  params: URLSearchParams,
): QueryProblem[] {
  const problems: QueryProblem[] = [];
  for (const [param, rule] of Object.entries(spec ?? {})) {
    const value = params.get(param);
    const present = value !== null && value.trim() !== '';
    if (!present) {
      if (rule.required) problems.push({ param, kind: 'missing' });
      continue;
    }
    if (rule.enum && !rule.enum.includes(value)) problems.push({ param, kind: 'invalid', allowed: rule.enum });
  }
  return problems;
}
