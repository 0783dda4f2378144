/** Dotted paths ("mobile.mobileNumber") into a form's answers and into rjsf's error schema. */

/** Reads a dotted path ("mobile.mobileNumber") from answers. */
export function getAtPath(data: unknown, path: string): unknown {
  if (!path) return data;
  let node = data;
  for (const part of path.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** Builds rjsf's ErrorSchema (`{ field: { __errors: [...] } }`) from dotted paths and messages. */
export function toErrorSchema(entries: { path: string; message: string }[]): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const { path, message } of entries) {
    let node = root;
    for (const part of path ? path.split('.') : []) {
      node[part] = (node[part] as Record<string, unknown> | undefined) ?? {};
      node = node[part] as Record<string, unknown>;
    }
    const list = (node.__errors as string[] | undefined) ?? [];
    if (!list.includes(message)) list.push(message);
    node.__errors = list;
  }
  return root;
}
