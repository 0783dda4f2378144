/** Resolving `$ref`s over a set of JSON Schemas keyed by `$id`, without any validator. */

export type JsonSchema = { [key: string]: unknown };

/** Finds a schema by `$ref`, relative to the `$id` of the document the ref appears in. */
export type RefResolver = (ref: string, baseId: string) => { schema: JsonSchema; baseId: string } | undefined;

function followPointer(root: unknown, pointer: string): unknown {
  let node = root;
  for (const raw of pointer.replace(/^\//, '').split('/')) {
    if (raw === '') continue;
    const seg = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (node && typeof node === 'object') node = (node as Record<string, unknown>)[seg];
    else return undefined;
  }
  return node;
}

/** Resolves the document part of a `$ref` against the `$id` it appears in, as URIs resolve ("../definitions"). */
export function resolveId(idPart: string, baseId: string): string {
  if (idPart === '') return baseId;
  if (/^[a-z][a-z0-9+.-]*:/i.test(idPart)) return idPart;
  return new URL(idPart, `http://schemas.local/${baseId}`).pathname.slice(1);
}

/** Builds a resolver over schemas keyed by their `$id` ("definitions", "registration", ...). */
export function createRefResolver(schemasById: Record<string, JsonSchema>): RefResolver {
  return (ref, baseId) => {
    const hash = ref.indexOf('#');
    const idPart = hash === -1 ? ref : ref.slice(0, hash);
    const pointer = hash === -1 ? '' : ref.slice(hash + 1);
    const id = resolveId(idPart, baseId);
    const doc = schemasById[id];
    if (!doc) return undefined;
    const target = followPointer(doc, pointer);
    return target && typeof target === 'object' ? { schema: target as JsonSchema, baseId: id } : undefined;
  };
}

/** Follows `$ref` chains until a schema without `$ref` (or an unresolvable one) is reached. */
export function derefSchema(
  schema: JsonSchema,
  baseId: string,
  resolve: RefResolver,
): { schema: JsonSchema; baseId: string } {
  let current = { schema, baseId };
  for (let i = 0; i < 32 && typeof current.schema.$ref === 'string'; i++) {
    const next = resolve(current.schema.$ref as string, current.baseId);
    if (!next) break;
    const { $ref: _ref, ...siblings } = current.schema;
    current = { schema: { ...next.schema, ...siblings }, baseId: next.baseId };
  }
  return current;
}

/**
 * Makes a form schema self-contained: refs into other documents (e.g. "definitions#/definitions/email") are
 * rewritten to local "#/definitions/<name>" refs and the referenced definitions copied in. Browser renderers
 * and precompiled validators need one document per form.
 */
export function bundleSchema(root: JsonSchema, schemasById: Record<string, JsonSchema>): JsonSchema {
  const rootId = String(root.$id ?? '');
  const copied: Record<string, JsonSchema> = {};
  const localName = (id: string, pointer: string) => {
    const parts = pointer.replace(/^\//, '').split('/');
    const name = parts[parts.length - 1] ?? id;
    return id === 'definitions' ? name : `${id.replace(/\//g, '_')}__${name}`;
  };
  const visit = (node: unknown, baseId: string): unknown => {
    if (Array.isArray(node)) return node.map((n) => visit(n, baseId));
    if (!node || typeof node !== 'object') return node;
    const out: JsonSchema = {};
    for (const [k, v] of Object.entries(node as JsonSchema)) {
      if (k === '$ref' && typeof v === 'string') {
        const hash = v.indexOf('#');
        const idPart = hash === -1 ? v : v.slice(0, hash);
        const pointer = hash === -1 ? '' : v.slice(hash + 1);
        const id = resolveId(idPart, baseId);
        if (id === rootId) {
          out.$ref = `#${pointer}`;
          continue;
        }
        const name = localName(id, pointer);
        if (!(name in copied)) {
          const target = followPointer(schemasById[id], pointer);
          if (!target || typeof target !== 'object')
            throw new Error(`Cannot resolve $ref "${v}" in schema "${rootId}"`);
          copied[name] = {};
          copied[name] = visit(target, id) as JsonSchema;
        }
        out.$ref = `#/definitions/${name}`;
        continue;
      }
      out[k] = visit(v, baseId);
    }
    return out;
  };
  const bundled = visit(root, rootId) as JsonSchema;
  if (Object.keys(copied).length === 0) return bundled;
  const ownDefinitions = (bundled.definitions as JsonSchema | undefined) ?? {};
  return { ...bundled, definitions: { ...copied, ...ownDefinitions } };
}
