/** Turning raw validator errors into field problems with i18n message keys, the same in browser and server. */

/** The subset of an ajv ErrorObject this module reads (kept structural so the browser needs no ajv types). */
export interface RawValidationError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
  schemaPath?: string;
}

/** One problem with one field: `path` is the dotted path (`mobile.mobileNumber`), `key` an i18n key "ns:key". */
export interface FieldProblem {
  path: string;
  key: string;
  params?: Record<string, unknown>;
}

/** Namespace-qualified keys used when a schema names no message of its own. */
export const GENERIC_KEYS = {
  required: 'validation:generic.required',
  type: 'validation:generic.type',
  number: 'validation:number.invalid',
  enum: 'validation:generic.enum',
  format: 'validation:generic.format',
  unknownField: 'validation:generic.unknownField',
  invalid: 'validation:generic.invalid',
  tooLong: 'validation:generic.tooLong',
  tooShort: 'validation:generic.tooShort',
} as const;

/** Splits a JSON pointer into unescaped segments. */
export function pointerSegments(pointer: string): string[] {
  if (!pointer) return [];
  return pointer
    .replace(/^\//, '')
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Joins path segments into the dotted form used in API answers and error summaries. */
export function dottedPath(segments: string[]): string {
  return segments.join('.');
}

function genericKey(error: RawValidationError): string {
  switch (error.keyword) {
    case 'required':
      return GENERIC_KEYS.required;
    case 'type': {
      const type = String(error.params.type ?? '');
      return type.includes('number') || type.includes('integer') ? GENERIC_KEYS.number : GENERIC_KEYS.type;
    }
    case 'enum':
    case 'const':
      return GENERIC_KEYS.enum;
    case 'format':
      return GENERIC_KEYS.format;
    case 'additionalProperties':
      return GENERIC_KEYS.unknownField;
    case 'maxLength':
    case 'maxItems':
    case 'maximum':
      return GENERIC_KEYS.tooLong;
    case 'minLength':
    case 'minItems':
    case 'minimum':
      return GENERIC_KEYS.tooShort;
    default:
      return GENERIC_KEYS.invalid;
  }
}

/** Where an error belongs: "required" and "additionalProperties" errors are reported on the child field. */
function errorSegments(error: RawValidationError): string[] {
  const base = pointerSegments(error.instancePath);
  if (error.keyword === 'required' && typeof error.params.missingProperty === 'string') {
    return [...base, error.params.missingProperty];
  }
  if (error.keyword === 'additionalProperties' && typeof error.params.additionalProperty === 'string') {
    return [...base, error.params.additionalProperty];
  }
  return base;
}

/**
 * Converts ajv (+ ajv-errors) errors to field problems. ajv-errors puts `errorMessage.required` messages on the
 * parent object; they are moved to the missing field here. Keeps the first problem per field (ajv reports in
 * schema order, so "required"/"too short" come before pattern and format problems).
 */
export function toFieldProblems(errors: readonly RawValidationError[] | null | undefined): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const seen = new Set<string>();
  const push = (segments: string[], key: string, params?: Record<string, unknown>) => {
    const path = dottedPath(segments);
    if (seen.has(path)) return;
    seen.add(path);
    problems.push(params ? { path, key, params } : { path, key });
  };
  for (const error of errors ?? []) {
    // "must match then/else schema" only repeats the errors of the branch, which are reported themselves.
    if (error.keyword === 'if') continue;
    if (error.keyword === 'errorMessage') {
      const inner = (error.params.errors as RawValidationError[] | undefined) ?? [];
      const key = error.message ?? GENERIC_KEYS.invalid;
      const first = inner[0];
      push(first ? errorSegments(first) : pointerSegments(error.instancePath), key);
      continue;
    }
    push(errorSegments(error), genericKey(error), limitParams(error));
  }
  return problems;
}

function limitParams(error: RawValidationError): Record<string, unknown> | undefined {
  if (typeof error.params.limit === 'number') return { limit: error.params.limit };
  return undefined;
}
