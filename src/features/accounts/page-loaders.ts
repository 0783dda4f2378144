import type { LoaderFunctionArgs } from 'react-router-dom';
import { profileQuery } from '@/api/accounts';
import { prefetchQueries, scopeOf } from '@/api/request-scope';
import { loadForm } from '@/engine/form-loader';
import { ADDRESS_FORM } from './account-action-data';

/** The profile page: the signed-in user's profile. */
export async function profileLoader({ context }: LoaderFunctionArgs): Promise<null> {
  await prefetchQueries(context, profileQuery(scopeOf(context)));
  return null;
}

/** The e-mail confirmation page: its form to send the link again (the address form) is ready before it renders. */
export async function verifyEmailLoader(): Promise<null> {
  await loadForm(ADDRESS_FORM);
  return null;
}
