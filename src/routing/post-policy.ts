/**
 * What a form posted to a page of the portal without scripts may hold, decided from the route that answers it: the
 * server reads no more than this before the page's action runs (src/server/pages/posted-body.ts). A page whose form
 * takes files (a photo, a supporting document) takes `multipart/form-data`; every other page takes only
 * `application/x-www-form-urlencoded`. A schema form's page takes as many fields as its form can have (each list to
 * one item beyond its most, each date in its three parts), the form's own controls besides.
 */
import { matchPath } from 'react-router-dom';
import { journeySteps } from '@/api/journey';
import { FORM_PAGE_PARAM } from '@/engine/form-address';
import { loadForm } from '@/engine/form-loader';
import { formValidation } from '@/engine/validation/form-validation';
import { pageOfRoute } from '@/shared/forms/form-routes';
import { listReadLimit } from '@/shared/forms/posted-answers';
import type { JsonSchema } from '@/shared/validation/schema-walk';
import type { PostPolicy } from '@/shared/post-policy';
import { flattenRoutes, type FlatRoute } from './manifest';
import { pageActions, pagesTakingFiles } from './page-actions';

export type { PostPolicy };

/** Fields a page's form always may carry besides its answers: the token, the page, the button, the return path. */
const CONTROL_FIELDS = 20;
/** The fields of a form that is no schema form (sign-out, a language, a document's removal): a handful at most. */
const PLAIN_FORM_FIELDS = 100;

const isObject = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The most fields a value of this schema is posted in. */
export function fieldsOf(schema: JsonSchema): number {
  if (isObject(schema.properties)) {
    return Object.values(schema.properties).reduce<number>(
      (sum, child) => sum + (isObject(child) ? fieldsOf(child) : 1),
      0,
    );
  }
  if (schema.type === 'array' || isObject(schema.items)) {
    const items = isObject(schema.items) ? schema.items : {};
    const each = Array.isArray(items.enum) ? 1 : fieldsOf(items);
    return listReadLimit(schema) * each;
  }
  // A date is posted as its day, month and year, or whole.
  return 4;
}

const formFields = new Map<string, Promise<number>>();

function fieldsOfForm(formId: string): Promise<number> {
  let fields = formFields.get(formId);
  if (!fields) {
    fields = loadForm(formId).then((form) => fieldsOf(formValidation(form).rjsfSchema as JsonSchema));
    formFields.set(formId, fields);
  }
  return fields;
}

/** The policy of a page's address (its path, without the query), or undefined when no route of the manifest has it. */
export async function postPolicy(pathname: string): Promise<PostPolicy | undefined> {
  // A form's route has an address for each of its pages besides its own (src/app/router.tsx).
  const matches = (r: FlatRoute) =>
    r.fullPath !== '*' &&
    (matchPath({ path: r.fullPath, end: true }, pathname) ??
      (r.route.form &&
        !r.route.children?.length &&
        matchPath({ path: `${r.fullPath}/:${FORM_PAGE_PARAM}`, end: true }, pathname)));
  const flat = flattenRoutes().find(matches);
  if (!flat) return undefined;
  const page = pageOfRoute(flat.route, journeySteps);
  const acts = page !== undefined && page in pageActions;
  const formId = flat.route.form;
  const answers = formId ? await fieldsOfForm(formId) : 0;
  return {
    acts,
    files: page !== undefined && pagesTakingFiles.has(page),
    signedIn: flat.guard === 'auth',
    fields: Math.max(PLAIN_FORM_FIELDS, answers + CONTROL_FIELDS),
    needsEmail: flat.route.requiresContext === 'email',
  };
}
