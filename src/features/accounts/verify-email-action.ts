import type { PageAction } from '@/engine/form-action';
import { resendFromAddressForm } from './account-action';

/** A confirmation link that did not work: the address form asking for a new e-mail, posted without scripts. */
export const action: PageAction = async ({ fields, t }) => resendFromAddressForm(fields, t);
