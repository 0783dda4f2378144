import type { FormFlow } from '../../shared/forms/flow';
import { loadForms } from '../validation/forms';
import { DEFAULT_SCHEMAS_DIR } from '../validation/schema-files';

export { topField } from '../../shared/forms/flow';

/** One form as the API checks it: the same flow model (pages, conditions, problems) as the browser's. */
export type FormChecker = FormFlow;

/** The flows of the given forms, from the forms module of the schemas folder. */
export function createFormCheckers(ids: string[], dir: string = DEFAULT_SCHEMAS_DIR): Record<string, FormChecker> {
  const forms = loadForms(dir);
  return Object.fromEntries(ids.map((id) => [id, forms.flow(id)]));
}
