/**
 * The flow of one form, the same in the browser and in the API: its pages (`ui:pages`), the conditions that skip a
 * page or hide a field (`when`), the fields a page shows, the answers kept once skipped pages and hidden fields are
 * removed, the draft filter and the ordered problem list (schema problems first, then the cross-field rules).
 *
 * It takes compiled check functions (the browser's precompiled ones, the server's ajv ones), so it imports
 * neither a compiler nor anything that runs only in a browser or only in Node.
 */
import { runRules } from '../rules/run-rules';
import { toFieldProblems, type FieldProblem, type RawValidationError } from '../validation/field-errors';
import type { JsonSchema, RefResolver } from '../validation/schema-walk';

/** The id of the check-answers view of a form with several pages, in its addresses (never a page of `ui:pages`). */
export const CHECK_ANSWERS_PAGE = 'check-answers';

/** Answers of a form: a JSON object keyed by the schema's property names. */
export type Answers = Record<string, unknown>;

/** One page of a multi-page form, from the UI schema's `ui:pages`. */
export interface FlowPage {
  id: string;
  /** i18n key of the page heading. */
  titleKey?: string;
  /** Top-level property names shown on the page. */
  fields: string[];
  /** JSON Schema over the answers: the page is shown only when the answers are valid against it. */
  when?: JsonSchema;
}

/** A compiled validator (ajv, or its standalone output). */
export type CompiledCheck = ((data: unknown) => boolean) & { errors?: unknown[] | null };

/** The UI schema key of a field's (or a group's) condition: a JSON Schema over the whole answers. */
export const FIELD_WHEN = 'ui:when';

/** The key under which a field's condition is compiled beside the pages' ones (`whenFns`). */
export const fieldConditionKey = (field: string) => `field:${field}`;

const isObject = (v: unknown): v is JsonSchema => !!v && typeof v === 'object' && !Array.isArray(v);

/** The top-level field a dotted problem path belongs to. */
export const topField = (path: string): string => path.split('.')[0] ?? '';

/** The pages of a form: `ui:pages` of the UI schema, or one page "main" with every property in `ui:order`. */
export function pagesOf(uiSchema: JsonSchema, schema: JsonSchema): FlowPage[] {
  const pages = uiSchema['ui:pages'];
  if (Array.isArray(pages) && pages.length > 0) return pages as FlowPage[];
  const props = isObject(schema.properties) ? Object.keys(schema.properties) : [];
  const order = Array.isArray(uiSchema['ui:order']) ? (uiSchema['ui:order'] as string[]).filter((f) => f !== '*') : [];
  return [
    { id: 'main', fields: [...order.filter((f) => props.includes(f)), ...props.filter((p) => !order.includes(p))] },
  ];
}

/** Each top-level field (or group) with its own condition: `"<field>": { "ui:when": { ... } }` in the UI schema. */
export function fieldConditions(uiSchema: JsonSchema): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  for (const [field, entry] of Object.entries(uiSchema)) {
    if (field.startsWith('ui:') || !isObject(entry)) continue;
    const when = entry[FIELD_WHEN];
    if (isObject(when)) out[field] = when;
  }
  return out;
}

/**
 * Every condition of a form by its compiled key: each page's `when` under its page id, each field's under
 * `field:<name>`. Both sides compile these, so a condition is written once, in the UI schema.
 */
export function conditionsOf(uiSchema: JsonSchema, schema: JsonSchema): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  for (const page of pagesOf(uiSchema, schema)) if (isObject(page.when)) out[page.id] = page.when;
  for (const [field, when] of Object.entries(fieldConditions(uiSchema))) out[fieldConditionKey(field)] = when;
  return out;
}

/**
 * The schema as both sides validate it: a field listed in `required` that sits on a page with a `when`, or has a
 * `when` of its own, is required only while its conditions hold (an `if`/`then` built here, with the field's
 * `errorMessage.required` message). So a condition is never written twice: the UI schema's `when` says when the
 * question is asked, and `required` says that it must then be answered.
 */
export function withConditionalRequired(schema: JsonSchema, uiSchema: JsonSchema): JsonSchema {
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  if (required.length === 0) return schema;
  const pages = pagesOf(uiSchema, schema);
  const own = fieldConditions(uiSchema);
  const conditionsOfField = (field: string): JsonSchema[] => {
    const page = pages.find((p) => p.fields.includes(field));
    return [...(page && isObject(page.when) ? [page.when] : []), ...(own[field] ? [own[field]] : [])];
  };
  const conditional = required.filter((f) => conditionsOfField(f).length > 0);
  if (conditional.length === 0) return schema;

  const errorMessage = isObject(schema.errorMessage) ? { ...schema.errorMessage } : undefined;
  const messages = errorMessage && isObject(errorMessage.required) ? { ...errorMessage.required } : {};
  // Fields with the same conditions share one if/then, in the order they are first required.
  const groups = new Map<string, { when: JsonSchema[]; fields: string[] }>();
  for (const field of conditional) {
    const when = conditionsOfField(field);
    const key = JSON.stringify(when);
    const group = groups.get(key) ?? { when, fields: [] };
    group.fields.push(field);
    groups.set(key, group);
  }
  const generated = [...groups.values()].map(({ when, fields }) => {
    const fieldMessages = Object.fromEntries(
      fields.filter((f) => typeof messages[f] === 'string').map((f) => [f, messages[f]]),
    );
    return {
      if: when.length === 1 ? when[0] : { allOf: when },
      then: {
        required: fields,
        ...(Object.keys(fieldMessages).length > 0 ? { errorMessage: { required: fieldMessages } } : {}),
      },
    };
  });
  for (const f of conditional) delete messages[f];
  const out: JsonSchema = { ...schema, required: required.filter((f) => !conditional.includes(f)) };
  if (errorMessage) {
    if (Object.keys(messages).length > 0) errorMessage.required = messages;
    else delete errorMessage.required;
    if (Object.keys(errorMessage).length > 0) out.errorMessage = errorMessage;
    else delete out.errorMessage;
  }
  out.allOf = [...(Array.isArray(schema.allOf) ? schema.allOf : []), ...generated];
  return out;
}

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
