import type { PageAction } from '@/engine/form-action';
import { RESEND_ACTION } from './account-action-data';
import { answered, postedAction, postedText, resendEmail, resendFromAddressForm } from './account-action';

/**
 * "Send the e-mail again" on the page that says where the confirmation went, posted without scripts: to the address
 * the page named (its button), or to the address typed into the page's form when it knew none.
 */
export const action: PageAction = async ({ fields, scope, t }) => {
  if (postedAction(fields) === RESEND_ACTION) {
    const email = postedText(fields, 'email') || (scope.routerContext.email ?? '');
    return answered({ resend: await resendEmail(scope, email, 'VERIFY_EMAIL', t) });
  }
  return resendFromAddressForm(scope, fields, t);
};
