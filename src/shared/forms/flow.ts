/**
 * The flow of one form, the same in the browser and in the API: its pages (`ui:pages`), the conditions that skip a
 * page or hide a field (`when`), the fields a page shows, the answers kept once skipped pages and hidden fields are
 * removed, the draft filter and the ordered problem list (schema problems first, then the cross-field rules).
 *
 * It takes compiled check functions (the browser's precompiled ones, the server's ajv ones), so it imports
 * neither a compiler nor anything that runs only in a browser or only in Node.
 *
 * The parts it is built from are written in flow/: the pages and conditions (pages.ts), the requirements that
 * hold only while a condition does (conditional-required.ts) and the checking of answers (answers-check.ts).
 */
import { runRules } from '../rules/run-rules';
import { toFieldProblems, type FieldProblem } from '../validation/field-errors';
import type { JsonSchema, RefResolver } from '../validation/schema-walk';
import { blocksDraft, checkAgainst, type CompiledCheck } from './flow/answers-check';
import { fieldConditionKey, fieldConditions, pagesOf, topField, type Answers, type FlowPage } from './flow/pages';

export {
  CHECK_ANSWERS_PAGE,
  FIELD_WHEN,
  conditionsOf,
  fieldConditionKey,
  fieldConditions,
  pagesOf,
  topField,
  type Answers,
  type FlowPage,
} from './flow/pages';
export { withConditionalRequired } from './flow/conditional-required';
export { blocksDraft, checkAgainst, type CheckedAnswers, type CompiledCheck } from './flow/answers-check';

/** What a form's flow is built from. */
export interface FormFlowSource {
  id: string;
  /** The form's schema (as `withConditionalRequired` made it). */
  schema: JsonSchema;
  uiSchema: JsonSchema;
  /** The compiled schema. */
  validate: CompiledCheck;
  /** The compiled conditions, keyed as `conditionsOf` keys them. */
  conditions: Record<string, CompiledCheck>;
  resolve: RefResolver;
}

/** The outcome of checking a form's answers. */
export interface FormCheck {
  data: Answers;
  problems: FieldProblem[];
  /** Only the problems that a draft save refuses. */
  draftProblems: FieldProblem[];
}

/** One form's flow: see the top of this file. */
export interface FormFlow {
  id: string;
  pages: FlowPage[];
  /** The page with this id, if the form has one. */
  page(id: string): FlowPage | undefined;
  /** True when the page's `when` holds for the answers (or it has none). */
  pageApplies(page: FlowPage, answers: Answers): boolean;
  /** True when the field's own `when` holds for the answers (or it has none). */
  fieldApplies(field: string, answers: Answers): boolean;
  /** The fields of a page that are asked with these answers. */
  fieldsShown(page: FlowPage, answers: Answers): string[];
  /** The answers without those of skipped pages and hidden fields (what is saved). */
  withoutSkipped(answers: Answers): Answers;
  /** Validates the answers: data, ordered problems, draft problems. */
  check(answers: Answers): FormCheck;
  /** The ordered problem list of the answers. */
  problems(answers: Answers): FieldProblem[];
  /** The answers with the shared rules' normalisations. */
  normalise(answers: Answers): Answers;
  /** The first page that applies and has a problem, else undefined. */
  firstPageWithProblems(answers: Answers): FlowPage | undefined;
  /** The page after `pageId` (or the first, without one) that applies to the answers; undefined after the last. */
  nextPage(pageId: string | undefined, answers: Answers): FlowPage | undefined;
  /** The page before `pageId` that applies to the answers; undefined before the first. */
  previousPage(pageId: string, answers: Answers): FlowPage | undefined;
  /** The page to show for `pageId`: that page when it applies, else the next one that does (or the first). */
  pageToShow(pageId: string | undefined, answers: Answers): FlowPage;
  /** The problems of the fields a page asks with these answers, in the order of the whole list. */
  pageProblems(page: FlowPage, answers: Answers): FieldProblem[];
}

function holds(check: CompiledCheck | undefined, answers: Answers): boolean {
  if (!check) return true;
  const ok = check(structuredClone(answers ?? {}));
  check.errors = null;
  return ok;
}

/** Builds a form's flow from its schema, UI schema and compiled checks. */
export function createFormFlow(source: FormFlowSource): FormFlow {
  const { id, schema, uiSchema, validate, conditions, resolve } = source;
  const pages = pagesOf(uiSchema, schema);
  const ownConditions = fieldConditions(uiSchema);

  const pageApplies = (page: FlowPage, answers: Answers) => !page.when || holds(conditions[page.id], answers);
  const fieldApplies = (field: string, answers: Answers) =>
    !ownConditions[field] || holds(conditions[fieldConditionKey(field)], answers);
  const fieldsShown = (page: FlowPage, answers: Answers) => page.fields.filter((f) => fieldApplies(f, answers));

  const withoutSkipped = (answers: Answers): Answers => {
    const shown = pages.filter((p) => pageApplies(p, answers));
    const kept = new Set(shown.flatMap((p) => fieldsShown(p, answers)));
    const asked = new Set(pages.flatMap((p) => p.fields));
    // A field no page lists (a form without pages lists them all) is kept as it is.
    return Object.fromEntries(Object.entries(answers ?? {}).filter(([k]) => kept.has(k) || !asked.has(k)));
  };

  const check = (answers: Answers): FormCheck => {
    const result = checkAgainst(validate, schema, answers ?? {}, resolve, id);
    return {
      data: result.data,
      problems: result.problems,
      draftProblems: toFieldProblems(result.schemaErrors.filter(blocksDraft)),
    };
  };

  return {
    id,
    pages,
    page: (pageId) => pages.find((p) => p.id === pageId),
    pageApplies,
    fieldApplies,
    fieldsShown,
    withoutSkipped,
    check,
    problems: (answers) => check(answers).problems,
    normalise: (answers) => runRules(schema, structuredClone(answers ?? {}), resolve, id).data as Answers,
    nextPage(pageId, answers) {
      const from = pageId === undefined ? -1 : pages.findIndex((p) => p.id === pageId);
      return pages.slice(from + 1).find((p) => pageApplies(p, answers));
    },
    previousPage(pageId, answers) {
      const from = pages.findIndex((p) => p.id === pageId);
      return from <= 0 ? undefined : pages.slice(0, from).findLast((p) => pageApplies(p, answers));
    },
    pageToShow(pageId, answers) {
      const at = pages.findIndex((p) => p.id === pageId);
      const shown = at < 0 ? undefined : pages.slice(at).find((p) => pageApplies(p, answers));
      return shown ?? pages.find((p) => pageApplies(p, answers)) ?? pages[0];
    },
    pageProblems(page, answers) {
      const fields = fieldsShown(page, answers);
      return check(answers).problems.filter((problem) => fields.includes(topField(problem.path)));
    },
    firstPageWithProblems(answers) {
      const visible = withoutSkipped(answers);
      const problems = check(visible).problems;
      return pages.find(
        (p) =>
          pageApplies(p, visible) &&
          problems.some((problem) => fieldsShown(p, visible).includes(topField(problem.path))),
      );
    },
  };
}
