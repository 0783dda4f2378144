import { runRules } from '../../rules/run-rules';
import { toFieldProblems, type FieldProblem, type RawValidationError } from '../../validation/field-errors';
import type { JsonSchema, RefResolver } from '../../validation/schema-walk';
import type { Answers } from './pages';

// Checking a form's answers: the schema's problems, then the cross-field rules', and which of them refuse a draft.

/** A compiled validator (ajv, or its standalone output). */
export type CompiledCheck = ((data: unknown) => boolean) & { errors?: unknown[] | null };

/**
 * Keywords whose failure no amount of further typing can repair: a draft is refused for them (wrong type,
 * unknown field, a value outside a list, too long), while missing answers and half-typed values are kept.
 */
const DRAFT_BLOCKING = new Set(['type', 'additionalProperties', 'enum', 'const', 'maxLength', 'maxItems']);

/** True when a draft save must refuse this validator error. */
export function blocksDraft(error: RawValidationError): boolean {
  if (error.keyword === 'errorMessage') {
    const inner = (error.params.errors as RawValidationError[] | undefined) ?? [];
    return inner.some(blocksDraft);
  }
  // A `const: true` tick left unticked is an unfinished answer, not a wrong one.
  if (error.keyword === 'const') return false;
  return DRAFT_BLOCKING.has(error.keyword);
}

/** What checking answers found. */
export interface CheckedAnswers {
  /** The answers after type coercion and the shared rules' normalisations (E.164 numbers). */
  data: Answers;
  /** Every problem, in order: the schema's first, then the cross-field rules' on fields the schema passed. */
  problems: FieldProblem[];
  /** The rules' problems alone (already in `problems`). */
  ruleProblems: FieldProblem[];
  /** The schema validator's own errors. */
  schemaErrors: RawValidationError[];
}

/**
 * The ordered problem list of a body: validates a copy (validators coerce in place) with the compiled schema, then
 * runs the schema's cross-field rules, which report only on fields the schema did not already refuse.
 */
export function checkAgainst(
  validate: CompiledCheck,
  schema: JsonSchema,
  answers: unknown,
  resolve: RefResolver,
  baseId: string,
): CheckedAnswers {
  const copy = structuredClone(answers);
  const ok = validate(copy);
  const schemaErrors = (ok ? [] : (validate.errors ?? [])) as RawValidationError[];
  validate.errors = null;
  const schemaProblems = toFieldProblems(schemaErrors);
  const taken = new Set(schemaProblems.map((p) => p.path));
  const rules = runRules(schema, copy, resolve, baseId);
  const ruleProblems = rules.problems.filter((p) => !taken.has(p.path));
  return { data: rules.data as Answers, problems: [...schemaProblems, ...ruleProblems], ruleProblems, schemaErrors };
}
