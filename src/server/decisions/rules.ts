import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ApplicationType } from '../../shared/contract';
import type { ValidityPeriod } from '../../shared/validity';
import { createValidationAjv } from '../validation/ajv-factory';
import { compileConditions, conditionProblems, type ConditionRule } from '../validation/condition-rules';

/**
 * How the reference API decides submitted applicants, standing in for the department's adjudication:
 * schemas/decisions.rules.json, checked against schemas/meta/decisions-rules.schema.json. Every rule whose `when`
 * holds for an applicant's facts counts: a REFUSE rule (objective ineligibility only) refuses, else a REFER rule
 * sends the applicant to a case officer, else the applicant is approved.
 */

export const DECISION_RULES_FILE = 'decisions.rules.json';
export const DECISION_RULES_META_SCHEMA = 'meta/decisions-rules.schema.json';

/** What a condition is evaluated against (see facts.ts). */
export interface DecisionFacts {
  applicationType: string;
  applicant: { age: number; nationality: string; passportIssuingCountry: string; isAccountHolder: boolean };
  answers: Record<string, unknown>;
  declarations: Record<string, unknown>;
  /** The document types uploaded for the applicant. */
  documents: string[];
  /** Facts computed from the answers' dates, present when the dates are. */
  travel: { stayDays?: number; passportDaysAfterDeparture?: number };
}

export interface DecisionRule extends ConditionRule {
  reasonCode: string;
  outcome: 'REFER' | 'REFUSE';
  objective?: boolean;
  description?: string;
}

export interface DecisionRulesFile {
  version: string;
  delaySeconds: number;
  /** How long an approved document is valid (see src/shared/validity.ts). */
  validity: Record<ApplicationType, ValidityPeriod>;
  conditions: Record<ApplicationType, string[]>;
  refusalReasons: string[];
  rules: DecisionRule[];
}

/** What the rules say of one applicant. */
export type RulesVerdict =
  { outcome: 'APPROVE'; reasonCodes: [] } | { outcome: 'REFER' | 'REFUSE'; reasonCodes: string[] };

export interface DecisionRules extends Omit<DecisionRulesFile, 'rules'> {
  rules: readonly DecisionRule[];
  evaluate(facts: DecisionFacts): RulesVerdict;
}

/**
 * Checks a rules file's content: against the meta schema, that every condition compiles and holds for its examples
 * and for none of its counter-examples, and that every refusing rule's reason is one of `refusalReasons` (so it has
 * texts). Answers one plain sentence per problem.
 */
export function decisionRulesProblems(content: unknown, metaSchema: Record<string, unknown>): string[] {
  const ajv = createValidationAjv();
  const validate = ajv.compile(metaSchema);
  if (!validate(structuredClone(content))) {
    return (validate.errors ?? []).map((e) => `${e.instancePath || '(top)'} ${e.message ?? 'is not valid'}`);
  }
  const file = content as DecisionRulesFile;
  const problems = conditionProblems(ajv, file.rules, '/rules', (rule) => rule.reasonCode);
  file.rules.forEach((rule, i) => {
    if (rule.outcome === 'REFUSE' && !file.refusalReasons.includes(rule.reasonCode))
      problems.push(
        `/rules/${i} (${rule.reasonCode}) refuses for a reason that is not in refusalReasons: add it there`,
      );
  });
  return problems;
}

/** Compiles a rules file's content (already checked by decisionRulesProblems). */
export function compileDecisionRules(content: DecisionRulesFile): DecisionRules {
  const conditions = compileConditions(createValidationAjv(), content.rules);
  return {
    ...content,
    evaluate(facts) {
      const held = content.rules.filter((_, i) => conditions[i](facts));
      const codes = (outcome: DecisionRule['outcome']) =>
        held.filter((rule) => rule.outcome === outcome).map((rule) => rule.reasonCode);
      const refusals = codes('REFUSE');
      if (refusals.length > 0) return { outcome: 'REFUSE', reasonCodes: refusals };
      const referrals = codes('REFER');
      if (referrals.length > 0) return { outcome: 'REFER', reasonCodes: referrals };
      return { outcome: 'APPROVE', reasonCodes: [] };
    },
  };
}

const cache = new Map<string, DecisionRules>();

/** The decision rules of a schemas folder, read and checked once; a broken file fails the start. */
export function loadDecisionRules(schemasDir: string): DecisionRules {
  const cached = cache.get(schemasDir);
  if (cached) return cached;
  const read = (file: string) => JSON.parse(readFileSync(join(schemasDir, file), 'utf8')) as unknown;
  const content = read(DECISION_RULES_FILE);
  const problems = decisionRulesProblems(content, read(DECISION_RULES_META_SCHEMA) as Record<string, unknown>);
  if (problems.length > 0) throw new Error(`schemas/${DECISION_RULES_FILE} is not valid: ${problems.join('; ')}`);
  const compiled = compileDecisionRules(content as DecisionRulesFile);
  cache.set(schemasDir, compiled);
  return compiled;
}
