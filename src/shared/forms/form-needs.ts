/** What a form draws with, by name: the widgets and fields its UI schema names, and whether it offers a choice. */
export interface ComponentsUsed {
  /** `ui:widget` values. */
  widgets: string[];
  /** `ui:field` values. */
  fields: string[];
  /** The schema has a choice (`enum`, `oneOf`), which is drawn as a select list unless a widget is named. */
  hasChoice: boolean;
}

/**
 * The components a form's schemas name, read once for both sides: the engine loads the heavy ones with the form,
 * and the server preloads their chunks with the form's page.
 */
export function componentsUsed(schema: unknown, uiSchema: unknown): ComponentsUsed {
  const widgets = new Set<string>();
  const fields = new Set<string>();
  let hasChoice = false;
  const walk = (node: unknown, visit: (n: Record<string, unknown>) => void, depth = 0) => {
    if (depth > 64 || !node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach((n) => walk(n, visit, depth + 1));
    visit(node as Record<string, unknown>);
    for (const value of Object.values(node)) walk(value, visit, depth + 1);
  };
  walk(uiSchema, (n) => {
    if (typeof n['ui:widget'] === 'string') widgets.add(n['ui:widget']);
    if (typeof n['ui:field'] === 'string') fields.add(n['ui:field']);
  });
  walk(schema, (n) => {
    if (Array.isArray(n.enum) || Array.isArray(n.oneOf)) hasChoice = true;
  });
  return { widgets: [...widgets], fields: [...fields], hasChoice };
}
