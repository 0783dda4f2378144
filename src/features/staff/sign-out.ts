import { redirect } from 'react-router-dom';
import { staffCalls } from '@/api/staff';
import type { RequestScope } from '@/api/request-scope';
import { STAFF_PAGE_PATHS } from '@/shared/staff-routes';

/** The button's field value that signs a member of staff out, posted from any staff page. */
export const SIGN_OUT_ACTION = 'sign-out';
/** The sign-in page's parameter after a sign-out: it says the member has signed out. */
export const SIGNED_OUT_PARAM = 'signed-out';

/** Ends the staff session on the server (its cookie goes with the answer) and sends the browser to sign in. */
export async function signOut(scope: RequestScope): Promise<Response> {
  await staffCalls(scope).signOut();
  return redirect(`${STAFF_PAGE_PATHS.signIn}?${SIGNED_OUT_PARAM}=1`);
}
