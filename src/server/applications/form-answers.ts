import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ValidateFunction } from 'ajv';
import { runRules } from '../../shared/rules/run-rules';
import { toFieldProblems, type FieldProblem, type RawValidationError } from '../../shared/validation/field-errors';
import { createRefResolver, type JsonSchema, type RefResolver } from '../../shared/validation/schema-walk';
import { createValidationAjv } from '../validation/ajv-factory';
import type { FormPageConfig } from '../validation/precompile';
import { DEFAULT_SCHEMAS_DIR, loadSchemaFiles } from '../validation/schema-files';

type Answers = Record<string, unknown>;

/**
 * Keywords whose failure no amount of further typing can repair: a draft is refused for them (wrong type,
 * unknown field, a value outside a list, too long), while missing answers and half-typed values are kept.
 */
const DRAFT_BLOCKING = new Set(['type', 'additionalProperties', 'enum', 'const', 'maxLength', 'maxItems']);

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

function blocksDraft(error: RawValidationError): boolean {
  if (error.keyword === 'errorMessage') {
    const inner = (error.params.errors as RawValidationError[] | undefined) ?? [];
    return inner.some(blocksDraft);
  }
  // A `const: true` tick left unticked is an unfinished answer, not a wrong one.
  if (error.keyword === 'const') return false;
  return DRAFT_BLOCKING.has(error.keyword);
}

export interface CheckResult {
  /** The answers after type coercion and the shared rules' normalisations (E.164 numbers). */
  data: Answers;
  /** Every problem: schema first, then the shared rules on other fields. */
  problems: FieldProblem[];
  /** Only the problems that a draft save refuses. */
  draftProblems: FieldProblem[];
}

/** One form of the flow as the API checks it: the same schema, rules and `ui:pages` as the browser. */
export interface FormChecker {
  id: string;
  pages: FormPageConfig[];
  /** The page with this id, if the form has one. */
  page(id: string): FormPageConfig | undefined;
  /** True when the page's `when` holds for the answers (or it has none). */
  applies(page: FormPageConfig, answers: Answers): boolean;
  /** The answers without those of pages that do not apply (hidden questions), as the browser drops them. */
  withoutHidden(answers: Answers): Answers;
  /** Validates answers with the form's schema and shared rules. */
  check(answers: Answers): CheckResult;
  /** The first page that applies and has a problem, else undefined. */
  firstPageWithProblems(answers: Answers): FormPageConfig | undefined;
}

/** The top-level field a dotted problem path belongs to. */
export const topField = (path: string) => path.split('.')[0] ?? '';

/** Builds the checkers of the given forms from the schema files (once, at start-up). */
export function createFormCheckers(ids: string[], dir: string = DEFAULT_SCHEMAS_DIR): Record<string, FormChecker> {
  const files = loadSchemaFiles(dir);
  const ajv = createValidationAjv();
  const byId: Record<string, JsonSchema> = {};
  for (const f of files) {
    ajv.addSchema(f.schema, f.id);
    byId[f.id] = f.schema;
  }
  const resolve: RefResolver = createRefResolver(byId);
  return Object.fromEntries(ids.map((id) => [id, createChecker(id, dir, ajv, byId, resolve)]));
}

function createChecker(
  id: string,
  dir: string,
  ajv: ReturnType<typeof createValidationAjv>,
  byId: Record<string, JsonSchema>,
  resolve: RefResolver,
): FormChecker {
  const schema = byId[id];
  const validate = ajv.getSchema(id);
  if (!schema || !validate) throw new Error(`schemas/${id}.schema.json does not exist`);
  const uiPath = join(dir, `${id}.ui.json`);
  const ui = existsSync(uiPath) ? (JSON.parse(readFileSync(uiPath, 'utf8')) as JsonSchema) : {};
  const declared = Array.isArray(ui['ui:pages']) ? (ui['ui:pages'] as FormPageConfig[]) : [];
  const pages: FormPageConfig[] =
    declared.length > 0 ? declared : [{ id: 'main', fields: Object.keys(isObject(schema.properties) ? schema.properties : {}) }];
  const whens = new Map<string, ValidateFunction>();
  for (const page of pages) {
    if (page.when) whens.set(page.id, ajv.compile({ ...page.when, $id: `${id}--api-when--${page.id}` }));
  }

  const applies = (page: FormPageConfig, answers: Answers) => {
    const when = whens.get(page.id);
    return when ? (when(structuredClone(answers)) as boolean) : true;
  };

  const withoutHidden = (answers: Answers) => {
    const shown = pages.filter((p) => applies(p, answers));
    const kept = new Set(shown.flatMap((p) => p.fields));
    const dropped = new Set(pages.filter((p) => !shown.includes(p)).flatMap((p) => p.fields).filter((f) => !kept.has(f)));
    return Object.fromEntries(Object.entries(answers).filter(([k]) => !dropped.has(k)));
  };

  const check = (answers: Answers): CheckResult => {
    // ajv coerces in place: work on a copy, which becomes the stored answers.
    const copy = structuredClone(answers);
    validate(copy);
    const raw = (validate.errors ?? []) as RawValidationError[];
    const schemaProblems = toFieldProblems(raw);
    const taken = new Set(schemaProblems.map((p) => p.path));
    const rules = runRules(schema, copy, resolve, id);
    const ruleProblems = rules.problems.filter((p) => !taken.has(p.path));
    return {
      data: rules.data as Answers,
      problems: [...schemaProblems, ...ruleProblems],
      draftProblems: toFieldProblems(raw.filter(blocksDraft)),
    };
  };

  return {
    id,
    pages,
    page: (pageId) => pages.find((p) => p.id === pageId),
    applies,
    withoutHidden,
    check,
    firstPageWithProblems(answers) {
      const visible = withoutHidden(answers);
      const problems = check(visible).problems;
      return pages.find((p) => applies(p, visible) && problems.some((problem) => p.fields.includes(topField(problem.path))));
    },
  };
}
