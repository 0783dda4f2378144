import { redirect } from 'react-router-dom';
import { fetchProfile } from '@/api/accounts';
import { ApiError } from '@/api/request';
import type { PageAction } from '@/engine/form-action';
import { PATHS } from '@/shared/route-paths';
import { CHANGE_PASSWORD_ACTION } from './account-action-data';
import { postedAction, setContextFromServer } from './account-action';

/**
 * The profile's "Change password" posted without scripts: the profile's address (read from the API, not from the
 * form) goes into the router context, which the change-password page needs, and the visitor goes on to that page.
 */
export const action: PageAction = async ({ fields, scope }) => {
  if (postedAction(fields) !== CHANGE_PASSWORD_ACTION) return redirect(PATHS.profile);
  try {
    const profile = await fetchProfile({ scope });
    setContextFromServer(scope, { email: profile.email });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // No profile to read (the session ended): the profile's own page says what to do, or sends to sign in.
    return redirect(PATHS.profile);
  }
  return redirect(PATHS.changePassword);
};
