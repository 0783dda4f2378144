import type { FormAnswers, FormPage } from './form-types';

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

/** The pages of a form: `ui:pages` of the UI schema, or one page with every property. */
export function pagesOf(uiSchema: Record<string, unknown>, schema: Record<string, unknown>): FormPage[] {
  const pages = uiSchema['ui:pages'];
  if (Array.isArray(pages) && pages.length > 0) return pages as FormPage[];
  const props = schema.properties && typeof schema.properties === 'object' ? Object.keys(schema.properties) : [];
  const order = Array.isArray(uiSchema['ui:order']) ? (uiSchema['ui:order'] as string[]).filter((f) => f !== '*') : [];
  return [{ id: 'main', fields: [...order.filter((f) => props.includes(f)), ...props.filter((p) => !order.includes(p))] }];
}

/** Removes the answers of pages that do not apply (their `when` does not hold), before saving. */
export function withoutSkippedPages(data: FormAnswers, pages: FormPage[], applies: (page: FormPage) => boolean): FormAnswers {
  const kept = new Set(pages.filter(applies).flatMap((p) => p.fields));
  const dropped = new Set(pages.filter((p) => !applies(p)).flatMap((p) => p.fields).filter((f) => !kept.has(f)));
  return Object.fromEntries(Object.entries(data).filter(([k]) => !dropped.has(k)));
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
