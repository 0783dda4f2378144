import { publicFormsOf, type PublicForm } from '../../shared/forms/form-routes';
import type { FormFlow } from '../../shared/forms/flow';
import { derefSchema, type JsonSchema } from '../../shared/validation/schema-walk';
import { loadForms, type FormsModule } from '../validation/forms';
import { readRouteManifest } from '../lib/route-manifest';

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
  const forms = loadForms(dir);
  let found = cache.get(forms);
  if (!found) {
    found = readPublicForms(dir, forms);
    cache.set(forms, found);
  }
  return found;
}

const cache = new WeakMap<FormsModule, Map<string, PublicFormModel>>();

function readPublicForms(dir: string, forms: FormsModule): Map<string, PublicFormModel> {
  const publicForms = publicFormsOf(readRouteManifest(dir) as Parameters<typeof publicFormsOf>[0]);
  return new Map(
    publicForms.map((form) => {
      const model: PublicFormModel = {
        ...form,
        flow: forms.flow(form.formId),
        schema: forms.byId[form.formId],
        uiSchema: forms.uiSchema(form.formId) as PublicFormModel['uiSchema'],
        resolveSchema: (s) => derefSchema(s, form.formId, forms.resolve).schema,
      };
      return [form.formId, model];
    }),
  );
}
