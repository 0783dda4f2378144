import { readFileSync } from 'node:fs';
import path from 'node:path';
import manifestJson from '../../../../../schemas/routes.manifest.json';
import { SIGN_OUT_ACTION } from '../../../../api/auth/session';
import { FORM_ACTIONS } from '../../../../engine/form-address';
import {
  CHANGE_PASSWORD_ACTION,
  RESEND_ACTION,
  SEND_CODE_ACTION,
} from '../../../../features/accounts/account-action-data';
import { CONFIRM_ACTION } from '../../../../features/accounts/verify-email-data';
import { RESUME_ACTION } from '../../../../features/application-journey/steps';
import {
  APPLICANT_FIELD,
  APPLICATION_FIELD,
  CONTINUE_APPLICATION_ACTION,
  DELETE_APPLICATION_ACTION,
  REMOVE_APPLICANT_ACTION,
} from '../../../../features/applications/posted-names';
import { LINK_PHONE_ACTION } from '../../../../features/capture/capture-links';
import { PHOTO_FIELDS } from '../../../../features/capture/send-photos';
import { DOCUMENT_ACTIONS, DOCUMENT_FORM } from '../../../../features/documents/documents-action-names';
import { DOWNLOAD_PDF_ACTION, WALLET_ACTION_PREFIX } from '../../../../features/outcomes/document-action-names';
import { ATTEMPT_KEY_FIELD, PAY_ACTION } from '../../../../features/payment/paths';
import { SEAL_TEXT_FIELD } from '../../../../features/seal-verification/check-seal';
import { ACCOUNT_ACTIONS } from '../../../../features/staff/accounts-action';
import { DISCARD_ACTION } from '../../../../features/staff/draft-action';
import { SIGN_OUT_ACTION as STAFF_SIGN_OUT_ACTION } from '../../../../features/staff/sign-out';
import { SIGN_IN_FIELDS } from '../../../../features/staff/sign-in-action';
import { TEXT_FIELD_PREFIX } from '../../../../features/staff/texts-action';
import { flattenRoutes, type Guard, type ManifestRoute, type QueryParamSpec } from '../../../../routing/manifest';
import { pageActions } from '../../../../routing/page-actions';
import { CHECK_ANSWERS_PAGE } from '../../../../shared/forms/flow';
import { pageOfRoute } from '../../../../shared/forms/form-routes';
import { stepsOf } from '../../../../shared/forms/journey';
import { postedFieldsOf } from '../../../../shared/forms/posted-answers';
import { WALLETS } from '../../../../shared/contract/outcomes';
import { TEST_SCHEMAS_DIR } from '../../../testing/schemas-dir';
import { resolveRef, type Json } from '../schema-arbitrary';

/**
 * What the fuzz of page posts knows of each page that takes a form: its address, guard and query from the route
 * manifest, and the names and values of the fields its forms really post, read from the form's JSON Schema (the
 * names the engine gives its controls) and, for the page's own buttons and hidden fields, from the constants the
 * page and its action share.
 */

/** A route whose page has an action (src/routing/page-actions.ts): a form can be posted to it. */
export interface PostedRoute {
  /** The route's absolute path. */
  path: string;
  guard: Guard;
  /** The page registry name that serves it (its action's key). */
  page: string;
  /** The schema form the route shows, when it names one. */
  form?: string;
  query: Readonly<Record<string, QueryParamSpec>>;
}

/** Every route of the manifest whose page has an action, depth first. */
export function postedRoutes(): PostedRoute[] {
  const steps = stepsOf(manifestJson);
  return flattenRoutes().flatMap(({ fullPath, guard, route }) => {
    const page = pageOfRoute(route, steps);
    if (page === undefined || !(page in pageActions)) return [];
    return [{ path: fullPath, guard, page, form: route.form, query: route.query ?? {} }];
  });
}

/** Names of the page actions no route of the manifest uses (a page's action with nowhere to be posted to). */
export function actionsWithoutRoute(): string[] {
  const used = new Set(postedRoutes().map((r) => r.page));
  return Object.keys(pageActions).filter((name) => !used.has(name));
}

/** The routes in the manifest, for a test that checks the fuzz reads them all. */
export const manifestRoutes: readonly ManifestRoute[] = manifestJson.routes as ManifestRoute[];

/** The fields a form posts: every control's name (dotted paths), values it takes, its pages, and real answers. */
export interface FormFields {
  /** Every control's name: `names.givenNames`, `otherNationalities.0`, a date's `dateOfBirth.day`, ... */
  names: string[];
  /** Names of the lists (whose items are `<name>.<index>`). */
  lists: string[];
  /** Values the schema names (enums, consts) and values of its valid examples. */
  values: string[];
  /** The ids of the form's pages (`_page`), check answers included when it has several. */
  pageIds: string[];
  /** Valid answers of the form's examples, posted as the engine names them. */
  examples: [string, string][][];
}

const readJson = (file: string): Json | undefined => {
  try {
    return JSON.parse(readFileSync(path.join(TEST_SCHEMAS_DIR, file), 'utf8')) as Json;
  } catch {
    return undefined;
  }
};

const DEFINITIONS = readJson('definitions.schema.json') ?? {};

/** Follows `#/...` in the form's own schema and `definitions#/...` in schemas/definitions.schema.json. */
function resolved(schema: Json, own: Json, depth = 0): Json {
  if (depth > 10 || typeof schema?.$ref !== 'string') return schema ?? {};
  const ref: string = schema.$ref;
  const [file, pointer] = ref.split('#');
  const target =
    file === '' ? resolveRef(own, { $ref: `#${pointer}` }) : resolveRef(DEFINITIONS, { $ref: `#${pointer}` });
  return resolved({ ...schema, ...target, $ref: undefined }, file === '' ? own : DEFINITIONS, depth + 1);
}

/** Walks a schema as the engine names its controls (src/shared/forms/posted-answers.ts). */
function walk(schema: Json, own: Json, name: string, out: FormFields, depth = 0): void {
  if (depth > 6) return;
  const s = resolved(schema, own);
  for (const value of [...(Array.isArray(s.enum) ? s.enum : []), ...('const' in s ? [s.const] : [])]) {
    if (value !== null && value !== undefined) out.values.push(String(value));
  }
  for (const branch of [...(s.oneOf ?? []), ...(s.anyOf ?? []), ...(s.allOf ?? [])])
    walk(branch, own, name, out, depth + 1);
  if (s.format === 'date') out.names.push(`${name}.day`, `${name}.month`, `${name}.year`);
  if (s.properties && typeof s.properties === 'object') {
    for (const [key, child] of Object.entries(s.properties as Json)) {
      const childName = name ? `${name}.${key}` : key;
      if (name) out.names.push(childName);
      walk(child as Json, own, childName, out, depth + 1);
    }
  }
  if (s.type === 'array' || s.items) {
    out.lists.push(name);
    const items = resolved(s.items ?? {}, own);
    for (const index of [0, 1]) {
      out.names.push(`${name}.${index}`);
      walk(items, own, `${name}.${index}`, out, depth + 1);
    }
  }
}

const formCache = new Map<string, FormFields>();

/** The fields of a schema form (schemas/<id>.schema.json, its UI schema's pages and its examples). */
export function formFields(formId: string): FormFields {
  const hit = formCache.get(formId);
  if (hit) return hit;
  const schema = readJson(`${formId}.schema.json`);
  if (!schema) throw new Error(`schemas/${formId}.schema.json cannot be read`);
  const ui = readJson(`${formId}.ui.json`) ?? {};
  const examples = readJson(`${formId}.examples.json`) ?? {};
  const out: FormFields = { names: [], lists: [], values: [], pageIds: [], examples: [] };
  walk(schema, schema, '', out);
  out.names.unshift(...Object.keys(schema.properties ?? {}));
  const pages: Json[] = Array.isArray(ui['ui:pages']) ? ui['ui:pages'] : [];
  out.pageIds = pages.map((p) => String(p.id));
  if (pages.length > 1) out.pageIds.push(CHECK_ANSWERS_PAGE);
  for (const valid of Array.isArray(examples.valid) ? (examples.valid as Json[]) : []) {
    const posted = postedFieldsOf(valid);
    out.examples.push(posted);
    out.values.push(...posted.map(([, value]) => value));
  }
  const unique = (list: string[]) => [...new Set(list)].filter((v) => v !== '');
  const fields = {
    names: unique(out.names),
    lists: unique(out.lists),
    values: unique(out.values),
    pageIds: out.pageIds,
    examples: out.examples,
  };
  formCache.set(formId, fields);
  return fields;
}

/** The buttons (`_action` values) and other fields a page's own forms post, besides a schema form's answers. */
export interface PageControls {
  actions: string[];
  /** Field names of the page's own forms. */
  fields: string[];
  /** Fields that carry a file (posted as multipart). */
  files: string[];
  /** Schema forms the page shows besides the route's own (the applicant form of the applicants page, ...). */
  forms: string[];
}

const WALLET_ACTIONS = WALLETS.map((w) => `${WALLET_ACTION_PREFIX}${w}`);
const OUTCOME: Partial<PageControls> = { actions: [DOWNLOAD_PDF_ACTION, ...WALLET_ACTIONS] };
const PHOTOS: Partial<PageControls> = { files: Object.values(PHOTO_FIELDS) };
const ACCOUNT: Partial<PageControls> = { actions: [RESEND_ACTION], fields: ['email'], forms: ['forgot-password'] };

/** What each page with an action posts besides its route's form, by page registry name. */
const CONTROLS: Record<string, Partial<PageControls>> = {
  'applications-list': {
    actions: [CONTINUE_APPLICATION_ACTION, DELETE_APPLICATION_ACTION],
    fields: [APPLICATION_FIELD],
  },
  'capture-biometrics': PHOTOS,
  'capture-start': { ...PHOTOS, actions: [LINK_PHONE_ACTION] },
  'change-password': { actions: [SEND_CODE_ACTION] },
  'create-application': {},
  'email-confirmation': ACCOUNT,
  'forgot-password': {},
  'image-capture-entry': PHOTOS,
  login: { ...ACCOUNT, actions: [SIGN_OUT_ACTION, RESEND_ACTION] },
  'manage-applicants': { actions: [REMOVE_APPLICANT_ACTION], fields: [APPLICANT_FIELD], forms: ['applicant'] },
  otp: ACCOUNT,
  'payment-overview': { actions: [PAY_ACTION], fields: [ATTEMPT_KEY_FIELD] },
  profile: { actions: [CHANGE_PASSWORD_ACTION] },
  registration: ACCOUNT,
  'reset-password': {},
  'step-form': { actions: [RESUME_ACTION, FORM_ACTIONS.back] },
  'supporting-documents': {
    actions: Object.values(DOCUMENT_ACTIONS),
    fields: [DOCUMENT_FORM.documentType, DOCUMENT_FORM.documentIdentifier],
    files: [DOCUMENT_FORM.file],
  },
  'staff-sign-in': { fields: [...SIGN_IN_FIELDS] },
  'staff-home': { actions: [STAFF_SIGN_OUT_ACTION] },
  'staff-audit': { actions: [STAFF_SIGN_OUT_ACTION] },
  'staff-accounts': {
    actions: [...Object.values(ACCOUNT_ACTIONS), STAFF_SIGN_OUT_ACTION],
    fields: ['email', 'roles', 'languages'],
  },
  'staff-texts': {
    actions: [STAFF_SIGN_OUT_ACTION],
    fields: ['language', 'namespace', 'draft', `${TEXT_FIELD_PREFIX}title`],
  },
  'staff-draft': { actions: [DISCARD_ACTION, STAFF_SIGN_OUT_ACTION] },
  'verify-email': { ...ACCOUNT, actions: [CONFIRM_ACTION, RESEND_ACTION] },
  'verify-seal': { fields: [SEAL_TEXT_FIELD] },
  'view-eta': OUTCOME,
  'view-notice': OUTCOME,
  'view-visa': OUTCOME,
};

/** The controls of a page (none known: an empty set, and the fuzz draws random names only). */
export function pageControls(page: string): PageControls {
  const known = CONTROLS[page] ?? {};
  return { actions: [], fields: [], files: [], forms: [], ...known };
}

/** Pages with an action whose controls the fuzz does not know: each should be added to CONTROLS. */
export const pagesWithoutControls = (): string[] => Object.keys(pageActions).filter((name) => !(name in CONTROLS));
