import { redirect } from 'react-router-dom';
import { staffCalls } from '@/api/staff';
import type { PageAction } from '@/engine/form-action';
import { refusalMessage } from './staff-answers';
import { staffReturnPath, STAFF_RETURN_PARAM } from './staff-session';

/** The staff sign-in form's fields. */
export const SIGN_IN_FIELDS = ['email', 'password', 'code'] as const;
export type SignInField = (typeof SIGN_IN_FIELDS)[number];

/** What a refused sign-in hands back to the page: the address as typed (never the password or code), and why. */
export interface StaffSignInData {
  email: string;
  /** A message for each field left empty. */
  missing: Partial<Record<SignInField, string>>;
  /** The API's answer: wrong details, or the address locked for a while. */
  problem?: string;
}

/**
 * The staff sign-in form (the page's one program, with scripts or without): each field given, then the API's
 * sign-in; its session cookie goes out with the redirect to the staff page sign-in was asked from.
 */
export const action: PageAction = async ({ request, fields, scope, t }) => {
  const value = (name: SignInField) => String(fields.get(name) ?? '').trim();
  const missing: StaffSignInData['missing'] = {};
  for (const name of SIGN_IN_FIELDS) {
    if (value(name) === '') missing[name] = t(`staff:signIn.missing.${name}`);
  }
  const email = value('email');
  if (Object.keys(missing).length > 0) return { email, missing } satisfies StaffSignInData;
  const answer = await staffCalls(scope).signIn({
    email,
    password: String(fields.get('password') ?? ''),
    code: value('code'),
  });
  if (answer.success) {
    return redirect(staffReturnPath(new URL(request.url).searchParams.get(STAFF_RETURN_PARAM)));
  }
  const problem = refusalMessage(answer, t);
  return { email, missing, problem } satisfies StaffSignInData;
};
