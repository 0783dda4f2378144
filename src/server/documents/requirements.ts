import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OTHER_DOCUMENT_TYPE } from '../../shared/contract';
import { createValidationAjv } from '../validation/ajv-factory';
import { compileConditions, conditionProblems } from '../validation/condition-rules';

/**
 * Which supporting documents an applicant is asked for: schemas/documents.rules.json, checked against
 * schemas/meta/documents-rules.schema.json. Each rule's `when` is a JSON Schema over the applicant's facts,
 * evaluated with the same ajv configuration as every form, so editors write conditions as they write a page's
 * `when` and never an expression.
 */

export const RULES_FILE = 'documents.rules.json';
export const RULES_META_SCHEMA = 'meta/documents-rules.schema.json';

/** What a condition is evaluated against. */
export interface DocumentFacts {
  applicationType: string;
  applicant: {
    /** Whole years on the day of the evaluation. */
    age: number;
    nationality: string;
    passportIssuingCountry: string;
    isAccountHolder: boolean;
  };
  /** The application form's stored answers. */
  answers: Record<string, unknown>;
  /** The declarations' stored answers. */
  declarations: Record<string, unknown>;
}

export interface DocumentRule {
  documentType: string;
  when: Record<string, unknown>;
  required: boolean;
  /** Facts (or the part of them `when` reads) the rule holds for, and facts it does not hold for. */
  examples?: Record<string, unknown>[];
  counterExamples?: Record<string, unknown>[];
}

/** A document type that applies to an applicant. */
export interface Requirement {
  documentType: string;
  required: boolean;
}

export interface DocumentRules {
  rules: readonly DocumentRule[];
  /** Every type the rules name, in file order, then OTHER. */
  types: readonly string[];
  /** The types that apply to these facts, in file order (required when any holding rule says so), then OTHER. */
  evaluate(facts: DocumentFacts): Requirement[];
}

/** Whole years between a YYYY-MM-DD birth date and `on` (UTC). */
export function ageOn(dateOfBirth: string, on: Date): number {
  const [year, month, day] = dateOfBirth.split('-').map(Number);
  let age = on.getUTCFullYear() - year;
  const beforeBirthday = on.getUTCMonth() + 1 < month || (on.getUTCMonth() + 1 === month && on.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age;
}

/**
 * Checks a rules file's content: against the meta schema, that every condition compiles, and that it holds for
 * each of the rule's examples and for none of its counter-examples. Answers one plain sentence per problem (none
 * when the file is usable).
 */
export function rulesProblems(content: unknown, metaSchema: Record<string, unknown>): string[] {
  const ajv = createValidationAjv();
  const validate = ajv.compile(metaSchema);
  if (!validate(structuredClone(content))) {
    return (validate.errors ?? []).map((e) => `${e.instancePath || '(top)'} ${e.message ?? 'is not valid'}`);
  }
  return conditionProblems(
    ajv,
    (content as { documents: DocumentRule[] }).documents,
    '/documents',
    (rule) => rule.documentType,
  );
}

/** Compiles a rules file's content (already checked by rulesProblems). */
export function compileRules(content: { documents: DocumentRule[] }): DocumentRules {
  const ajv = createValidationAjv();
  const rules = content.documents;
  const conditions = compileConditions(ajv, rules);
  const types = [...new Set(rules.map((rule) => rule.documentType)), OTHER_DOCUMENT_TYPE];
  return {
    rules,
    types,
    evaluate(facts) {
      const required = new Map<string, boolean>();
      rules.forEach((rule, i) => {
        if (!conditions[i](facts)) return;
        required.set(rule.documentType, (required.get(rule.documentType) ?? false) || rule.required);
      });
      return [
        ...[...required].map(([documentType, isRequired]) => ({ documentType, required: isRequired })),
        { documentType: OTHER_DOCUMENT_TYPE, required: false },
      ];
    },
  };
}

const cache = new Map<string, DocumentRules>();

/** The rules of a schemas folder (the server's SCHEMAS_DIR), read and checked once; a broken file fails the start. */
export function loadDocumentRules(schemasDir: string): DocumentRules {
  const cached = cache.get(schemasDir);
  if (cached) return cached;
  const read = (file: string) => JSON.parse(readFileSync(join(schemasDir, file), 'utf8')) as unknown;
  const content = read(RULES_FILE);
  const problems = rulesProblems(content, read(RULES_META_SCHEMA) as Record<string, unknown>);
  if (problems.length > 0) throw new Error(`schemas/${RULES_FILE} is not valid: ${problems.join('; ')}`);
  const compiled = compileRules(content as { documents: DocumentRule[] });
  cache.set(schemasDir, compiled);
  return compiled;
}
