/** JSON Schema's keywords that bound one value: a string's length, pattern and format, a number's range and step. */
export const VALUE_BOUND_KEYWORDS = [
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
] as const;
