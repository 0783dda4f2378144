import type { JsonSchema } from '@/shared/validation/schema-walk';

/** Keywords whose schemas rjsf renders as fields: a `$ref` there is resolved again on every change and render. */
const FIELD_KEYWORDS = ['properties', 'items', 'additionalProperties'] as const;

/**
 * The form's schema as rjsf renders it: every local `$ref` ("#/definitions/name") in its tree of fields replaced by
 * the definition it names (its own keywords kept beside it, as rjsf itself merges them), once per form instead of
 * on every keystroke. Conditions (`allOf`, `if`, `then`, ...) are left as they are: the precompiled validator finds
 * their functions by their exact content.
 */
export function inlineFieldRefs(root: JsonSchema): JsonSchema {
  const definitions = (root.definitions ?? {}) as Record<string, JsonSchema>;
  const resolve = (node: JsonSchema, seen: readonly string[]): JsonSchema => {
    let current = node;
    let path = seen;
    while (typeof current.$ref === 'string' && current.$ref.startsWith('#/definitions/')) {
      const name = current.$ref.slice('#/definitions/'.length);
      const target = definitions[name];
      if (!target || path.includes(name)) break;
      const { $ref: _ref, ...siblings } = current;
      current = { ...target, ...siblings };
      path = [...path, name];
    }
    return walk(current, path);
  };
  const walk = (node: JsonSchema, seen: readonly string[]): JsonSchema => {
    let out = node;
    for (const keyword of FIELD_KEYWORDS) {
      const value = node[keyword];
      if (!value || typeof value !== 'object' || Array.isArray(value)) continue;
      const replaced =
        keyword === 'properties'
          ? Object.fromEntries(
              Object.entries(value as Record<string, JsonSchema>).map(([name, child]) => [name, resolve(child, seen)]),
            )
          : resolve(value as JsonSchema, seen);
      out = { ...out, [keyword]: replaced };
    }
    return out;
  };
  return walk(root, []);
}
