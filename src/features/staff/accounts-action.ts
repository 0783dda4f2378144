import { redirect } from 'react-router-dom';
import { staffCalls, type StaffAccountAdded } from '@/api/staff';
import type { PageAction } from '@/engine/form-action';
import { FORM_FIELDS } from '@/engine/form-address';
import type { ApiResult } from '@/shared/api-types';
import type { FieldError } from '@/shared/contract';
import { STAFF_PAGE_PATHS } from '@/shared/staff-routes';
import { SIGN_OUT_ACTION, signOut } from './sign-out';
import { refusalMessage } from './staff-answers';

/** The buttons of the staff accounts page (besides "Sign out"). */
export const ACCOUNT_ACTIONS = { add: 'add', roles: 'roles', disable: 'disable' } as const;
/** The page's parameters: the member whose roles are shown for change, and what was just done. */
export const MEMBER_PARAM = 'member';
export const DONE_PARAM = 'done';

/** What the accounts page's action hands back when it does not redirect. */
export type AccountsActionData =
  /** A member added: their password and authenticator key, shown this once (never put in an address). */
  | { added: StaffAccountAdded }
  /** A form refused: which one, what was posted, and why. */
  | {
      refused: 'add' | 'roles' | 'disable';
      email: string;
      roles: string[];
      languages: string[];
      errors: FieldError[];
      problem?: string;
    };

/**
 * The staff accounts page's forms (administrators): add a member, change a member's roles, disable an account.
 * A change done goes back to the page with what was done (post/redirect/get); a new member's password is shown by
 * the answer itself, once.
 */
export const action: PageAction = async ({ fields, scope, t }) => {
  const pressed = fields.get(FORM_FIELDS.action);
  if (pressed === SIGN_OUT_ACTION) return signOut(scope);
  const email = String(fields.get('email') ?? '').trim();
  const roles = fields.getAll('roles').map(String);
  const languages = fields.getAll('languages').map(String);
  const calls = staffCalls(scope);
  const done = (what: string) =>
    redirect(`${STAFF_PAGE_PATHS.accounts}?${new URLSearchParams({ [DONE_PARAM]: what, [MEMBER_PARAM]: email })}`);
  const refusedBy = (form: 'add' | 'roles' | 'disable', answer: ApiResult<unknown>) => {
    const errors = (typeof answer.error === 'object' ? answer.error?.fields : undefined) ?? [];
    return {
      refused: form,
      email,
      roles,
      languages,
      errors,
      ...(errors.length === 0 ? { problem: refusalMessage(answer, t) } : {}),
    } satisfies AccountsActionData;
  };
  if (pressed === ACCOUNT_ACTIONS.add) {
    if (email === '') {
      return {
        refused: 'add',
        email,
        roles,
        languages,
        errors: [{ field: 'email', key: 'staff:accounts.missingEmail', message: t('staff:accounts.missingEmail') }],
      } satisfies AccountsActionData;
    }
    const answer = await calls.addAccount({ email, roles, languages });
    return answer.success ? ({ added: answer.data! } satisfies AccountsActionData) : refusedBy('add', answer);
  }
  if (pressed === ACCOUNT_ACTIONS.roles) {
    const answer = await calls.setRoles({ email, roles, languages });
    return answer.success ? done('roles') : refusedBy('roles', answer);
  }
  if (pressed === ACCOUNT_ACTIONS.disable) {
    const answer = await calls.disable(email);
    return answer.success ? done('disabled') : refusedBy('disable', answer);
  }
  throw new Response(null, { status: 400 });
};
