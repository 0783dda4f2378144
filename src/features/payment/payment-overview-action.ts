import { redirect } from 'react-router-dom';
import { startPayment } from '@/api/payments';
import { scopeLanguage } from '@/api/request-scope';
import type { PageAction } from '@/engine/form-action';
import { isUuid } from '@/shared/contract/ids';
import { ATTEMPT_KEY_FIELD } from './paths';

/** What the payment page shows after Pay was pressed without scripts and the payment could not start. */
export interface PayActionData {
  problem: string;
}

/**
 * Pay pressed before (or without) the page's scripts: the payment starts under the attempt's key that came with the
 * page (a second press of the same page is the same payment), and the browser goes on to the provider's page.
 */
export const action: PageAction = async ({ fields, scope, t }) => {
  const { applicationIdentifier } = scope.routerContext;
  const key = String(fields.get(ATTEMPT_KEY_FIELD) ?? '').trim();
  // The page's key is a UUID, the only key the API takes: anything else (a key with characters no header can carry
  // among them) is refused here, as the API would refuse it.
  if (!applicationIdentifier || !isUuid(key)) {
    return { problem: t('payments:page.overview.payFailed') } satisfies PayActionData;
  }
  const started = await startPayment(applicationIdentifier, key, scopeLanguage(scope), { scope });
  if (started.success && started.data) return redirect(started.data.redirectUrl);
  const body = typeof started.error === 'object' ? started.error : undefined;
  return { problem: body?.error ?? t('payments:page.overview.payFailed') } satisfies PayActionData;
};
