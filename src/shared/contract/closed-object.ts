/**
 * The schema of a JSON object that has exactly the given properties, `required` of them always: what most bodies
 * and answers of the contract are. The arguments keep their literal types, so `FromSchema` reads the result as it
 * reads a schema written out `as const`.
 */
export function closedObject<const R extends readonly string[], const P extends Readonly<Record<string, unknown>>>(
  required: R,
  properties: P,
) {
  return { type: 'object', additionalProperties: false, required, properties } as const;
}
