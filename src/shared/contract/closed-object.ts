/**
 * The schema of a JSON object that has exactly the given properties, every one required but those named `optional`:
 * what most bodies and answers of the contract are. The arguments keep their literal types, so `FromSchema` reads the
 * result as it reads a schema written out `as const`.
 */
export function closedObject<
  const P extends Readonly<Record<string, unknown>>,
  const O extends readonly (keyof P & string)[] = [],
>(properties: P, options: { optional?: O } = {}) {
  const optional: readonly string[] = options.optional ?? [];
  const required = Object.keys(properties).filter((name) => !optional.includes(name)) as Exclude<
    keyof P & string,
    O[number]
  >[];
  return { type: 'object', additionalProperties: false, required, properties } as const;
}
