import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { publicFormsOf, type PublicForm } from '../../shared/forms/form-routes';
import type { FormFlow } from '../../shared/forms/flow';
import { createRefResolver, derefSchema, type JsonSchema } from '../../shared/validation/schema-walk';
import { createFormCheckers } from '../applications/public';
import { loadSchemaFiles } from '../validation/schema-files';

/** A public form as the API checks and reports it: its route, its flow, and its schemas to read answers with. */
export interface PublicFormModel extends PublicForm {
  flow: FormFlow;
  schema: JsonSchema;
  uiSchema: Record<string, Record<string, unknown>>;
  /** The schema behind a `$ref` of this form's schema. */
  resolveSchema: (s: JsonSchema) => JsonSchema;
}

/**
 * The public forms of the route manifest in a schemas folder (routes that name a form and no page, and no step of
 * the journey): the only forms whose answers the API accepts as submissions. Read once, at start-up.
 */
export function loadPublicForms(dir: string): Map<string, PublicFormModel> {
  let loaded = cache.get(dir);
  if (!loaded) {
    loaded = readPublicForms(dir);
    cache.set(dir, loaded);
  }
  return loaded;
}

const cache = new Map<string, Map<string, PublicFormModel>>();

function readPublicForms(dir: string): Map<string, PublicFormModel> {
  const forms = publicFormsOf(JSON.parse(readFileSync(join(dir, 'routes.manifest.json'), 'utf8')));
  if (forms.length === 0) return new Map();
  const flows = createFormCheckers(
    forms.map((f) => f.formId),
    dir,
  );
  const byId = Object.fromEntries(loadSchemaFiles(dir).map((f) => [f.id, f.schema]));
  const resolve = createRefResolver(byId);
  return new Map(
    forms.map((form) => {
      const uiPath = join(dir, `${form.formId}.ui.json`);
      const model: PublicFormModel = {
        ...form,
        flow: flows[form.formId],
        schema: byId[form.formId],
        uiSchema: existsSync(uiPath) ? JSON.parse(readFileSync(uiPath, 'utf8')) : {},
        resolveSchema: (s) => derefSchema(s, form.formId, resolve).schema,
      };
      return [form.formId, model];
    }),
  );
}
