import type { PageAction } from '@/engine/form-action';
import { FORM_FIELDS } from '@/engine/form-address';
import { SIGN_OUT_ACTION, signOut } from './sign-out';

/**
 * The forms of the staff's pages once signed in: "Sign out" (the bar above every staff page). Anything else posted to
 * them is a form they do not have.
 */
export const action: PageAction = async ({ fields, scope }) => {
  if (fields.get(FORM_FIELDS.action) === SIGN_OUT_ACTION) return signOut(scope);
  throw new Response(null, { status: 400 });
};
