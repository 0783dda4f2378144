import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { derefSchema, createRefResolver, type JsonSchema } from '@/shared/validation/schema-walk';

/** UI schema entries whose values are i18n keys. */
export const TRANSLATED_UI_KEYS = ['ui:title', 'ui:description', 'ui:help', 'ui:placeholder'] as const;

type Translate = (key: string) => string;

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * Returns the UI schema with its texts translated and enum option labels added (`ui:enumNames`, from the
 * schema's `x-enumLabels` key prefix), for rjsf to render.
 */
export function localiseUiSchema(schema: RJSFSchema, uiSchema: UiSchema, t: Translate): UiSchema {
  const rootId = String((schema as JsonSchema).$id ?? '');
  const resolve = createRefResolver({ [rootId]: schema as JsonSchema });
  const visit = (node: JsonSchema | undefined, ui: Record<string, unknown>, depth: number): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(ui)) {
      if ((TRANSLATED_UI_KEYS as readonly string[]).includes(key) && typeof value === 'string') out[key] = t(value);
      else if (key === 'ui:options' && isObject(value)) out[key] = { ...value };
      else if (!key.startsWith('ui:') && isObject(value)) out[key] = value;
      else out[key] = value;
    }
    if (!node || depth > 32) return out;
    const { schema: s } = derefSchema(node, rootId, resolve);
    const prefix = s['x-enumLabels'];
    if (typeof prefix === 'string' && Array.isArray(s.enum) && !out['ui:enumNames']) {
      out['ui:enumNames'] = s.enum.map((v) => t(`${prefix}.${String(v)}`));
    }
    const props = isObject(s.properties) ? s.properties : {};
    for (const [name, sub] of Object.entries(props)) {
      const childUi = isObject(ui[name]) ? (ui[name] as Record<string, unknown>) : {};
      out[name] = visit(isObject(sub) ? (sub as JsonSchema) : undefined, childUi, depth + 1);
    }
    if (isObject(s.items)) {
      const itemUi = isObject(ui.items) ? (ui.items as Record<string, unknown>) : {};
      out.items = visit(s.items as JsonSchema, itemUi, depth + 1);
    }
    return out;
  };
  return visit(schema as JsonSchema, uiSchema as Record<string, unknown>, 0) as UiSchema;
}
