import type Ajv from 'ajv';
import type { ValidateFunction } from 'ajv';

/**
 * Rules written as configuration with a `when` (a JSON Schema over some facts) and the facts they hold for
 * (`examples`) and do not hold for (`counterExamples`): the documents asked for and the decision rules. Editors
 * write conditions as they write a page's `when`, never an expression, and the examples test each rule.
 */
export interface ConditionRule {
  when: Record<string, unknown>;
  examples?: Record<string, unknown>[];
  counterExamples?: Record<string, unknown>[];
}

/**
 * Compiles each rule's `when` with `ajv` and checks it against its examples and counter-examples. Answers one plain
 * sentence per problem, each starting with `${path}/<index>` and the rule's `name`.
 */
export function conditionProblems<R extends ConditionRule>(
  ajv: Ajv,
  rules: readonly R[],
  path: string,
  name: (rule: R) => string,
): string[] {
  const problems: string[] = [];
  for (const [i, rule] of rules.entries()) {
    let condition: ValidateFunction;
    try {
      condition = ajv.compile(rule.when);
    } catch (error) {
      problems.push(`${path}/${i}/when (${name(rule)}) is not a valid JSON Schema: ${(error as Error).message}`);
      continue;
    }
    // The validators coerce types in place, so each sees its own copy of the example.
    (rule.examples ?? []).forEach((example, k) => {
      if (!condition(structuredClone(example)))
        problems.push(`${path}/${i}/examples/${k} (${name(rule)}): its "when" does not hold for this example`);
    });
    (rule.counterExamples ?? []).forEach((example, k) => {
      if (condition(structuredClone(example)))
        problems.push(`${path}/${i}/counterExamples/${k} (${name(rule)}): its "when" holds for this example`);
    });
  }
  return problems;
}

/** Compiles every rule's `when`: a test of the facts that answers whether the rule holds (on a copy of them). */
export function compileConditions(ajv: Ajv, rules: readonly ConditionRule[]): ((facts: unknown) => boolean)[] {
  return rules.map((rule) => {
    const condition = ajv.compile(rule.when);
    // The validators coerce types in place, so each sees its own copy of the facts.
    return (facts) => condition(structuredClone(facts));
  });
}
