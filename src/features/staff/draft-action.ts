import { redirect } from 'react-router-dom';
import { staffCalls } from '@/api/staff';
import type { PageAction } from '@/engine/form-action';
import { FORM_FIELDS } from '@/engine/form-address';
import { STAFF_PAGE_PATHS } from '@/shared/staff-routes';
import { SIGN_OUT_ACTION, signOut } from './sign-out';
import { refusalMessage } from './staff-answers';

/** The draft page's button that discards it, and the staff home's parameter that says a draft was discarded. */
export const DISCARD_ACTION = 'discard';
export const DISCARDED_PARAM = 'discarded';

/** What a refused discard hands back to the page. */
export interface DraftActionData {
  problem: string;
}

/** The draft page's forms: discard the draft (then the staff's home says so), or sign out. */
export const action: PageAction = async ({ request, fields, scope, t }) => {
  const pressed = fields.get(FORM_FIELDS.action);
  if (pressed === SIGN_OUT_ACTION) return signOut(scope);
  if (pressed !== DISCARD_ACTION) throw new Response(null, { status: 400 });
  const id = new URL(request.url).searchParams.get('id') ?? '';
  const answer = await staffCalls(scope).discardDraft(id);
  if (answer.success) return redirect(`${STAFF_PAGE_PATHS.home}?${DISCARDED_PARAM}=${encodeURIComponent(id)}`);
  const problem = refusalMessage(answer, t);
  return { problem } satisfies DraftActionData;
};
