import { redirect } from 'react-router-dom';
import { staffCalls } from '@/api/staff';
import type { PageAction } from '@/engine/form-action';
import { FORM_FIELDS } from '@/engine/form-address';
import { STAFF_PAGE_PATHS } from '@/shared/staff-routes';
import { DRAFT_CLOSED_PARAM } from './page-loaders';
import { SIGN_OUT_ACTION, signOut } from './sign-out';
import { refusalMessage } from './staff-answers';

/** The name of a text's field on the texts page: `text:<dotted key>`. */
export const TEXT_FIELD_PREFIX = 'text:';
/** The texts page's parameter after a save: how many texts changed. */
export const SAVED_PARAM = 'saved';

/** What a refused save hands back: the texts as typed, and why. */
export interface TextsActionData {
  texts: Record<string, string>;
  problem: string;
}

/**
 * The texts page's form: the texts shown, saved into the member's draft (the API keeps only those that changed),
 * then the same texts of that draft again (post/redirect/get), saying how many changed.
 */
export const action: PageAction = async ({ request, fields, scope, t }) => {
  if (fields.get(FORM_FIELDS.action) === SIGN_OUT_ACTION) return signOut(scope);
  const texts: Record<string, string> = {};
  for (const [name, value] of fields) {
    if (name.startsWith(TEXT_FIELD_PREFIX) && typeof value === 'string')
      texts[name.slice(TEXT_FIELD_PREFIX.length)] = value;
  }
  const language = String(fields.get('language') ?? '');
  const namespace = String(fields.get('namespace') ?? '');
  const draft = String(fields.get('draft') ?? '') || undefined;
  const answer = await staffCalls(scope).saveTexts({ language, namespace, ...(draft ? { draft } : {}), texts });
  if (!answer.success) {
    const problem = refusalMessage(answer, t);
    return { texts, problem } satisfies TextsActionData;
  }
  const url = new URL(request.url);
  const query = new URLSearchParams(url.search);
  query.set('language', language);
  query.set('namespace', namespace);
  if (answer.data?.draft) query.set('draft', answer.data.draft);
  query.delete(DRAFT_CLOSED_PARAM);
  query.set(SAVED_PARAM, String(answer.data?.changed ?? 0));
  return redirect(`${STAFF_PAGE_PATHS.texts}?${query}`);
};
