import { redirect } from 'react-router-dom';
import { staffCalls, type StaffSession } from '@/api/staff';
import type { RequestScope } from '@/api/request-scope';
import { STAFF_PAGE_PATHS, STAFF_ROOT } from '@/shared/staff-routes';

/** The search parameter that names the staff page to return to after signing in. */
export const STAFF_RETURN_PARAM = 'from';

/** A staff page to return to after signing in: a path of the staff's pages, else the staff's home. */
export function staffReturnPath(from: string | null | undefined): string {
  if (!from || !from.startsWith(STAFF_ROOT) || from.startsWith('//') || /[\\\r\n]/.test(from)) {
    return STAFF_PAGE_PATHS.home;
  }
  const path = from.slice(STAFF_ROOT.length);
  return path === '' || path.startsWith('/') || path.startsWith('?') ? from : STAFF_PAGE_PATHS.home;
}

/**
 * The member of staff of the request's staff session; without one (never signed in, signed out, or ended by its
 * limits), the browser is sent to the staff's sign-in, which brings it back to `url` afterwards.
 */
export async function staffSessionOrSignIn(url: URL, scope: RequestScope | undefined): Promise<StaffSession> {
  const answer = await staffCalls(scope).session();
  if (answer.success) return answer.data as StaffSession;
  if (answer.status === 401) {
    const from = `${url.pathname}${url.search}`;
    const query = from === STAFF_PAGE_PATHS.home ? '' : `?${STAFF_RETURN_PARAM}=${encodeURIComponent(from)}`;
    throw redirect(`${STAFF_PAGE_PATHS.signIn}${query}`);
  }
  throw new Response(null, { status: answer.status || 503 });
}
