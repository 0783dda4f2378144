import Ajv, { type Options } from 'ajv';
import ajvErrors from 'ajv-errors';
import addFormats from 'ajv-formats';

/** Annotation keywords our schemas carry for the engine and the rules; they never affect validation. */
export const ANNOTATION_KEYWORDS = ['x-rules', 'x-enumLabels', 'x-widget-hints'] as const;

/** The ajv options shared by the API, the precompiled browser validators and the catalogue checks. */
export const VALIDATION_OPTIONS: Options = {
  allErrors: true,
  // Spec: numbers accept text or number input and are coerced.
  coerceTypes: true,
  removeAdditional: false,
  useDefaults: false,
  strict: true,
  // Draft-07 `if` without `then`/`else` is legitimate in our `when` conditions.
  strictTypes: false,
  strictTuples: false,
  // `required` inside oneOf/not branches names properties declared by the parent, which draft-07 allows.
  strictRequired: false,
};

/** Adds ajv-formats, ajv-errors and our annotation keywords to an ajv instance. */
export function extendAjv<T extends Ajv>(ajv: T): T {
  addFormats(ajv);
  for (const keyword of ANNOTATION_KEYWORDS) {
    if (!ajv.getKeyword(keyword)) ajv.addKeyword({ keyword, schemaType: ['array', 'string', 'object'] });
  }
  ajvErrors(ajv);
  return ajv;
}

/** A fresh ajv configured like every validator of the product. */
export function createValidationAjv(overrides: Options = {}): Ajv {
  return extendAjv(new Ajv({ ...VALIDATION_OPTIONS, ...overrides }));
}
