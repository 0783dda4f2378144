import { redirect } from 'react-router-dom';
import { downloadOutcomePdf, loadWalletLink, type OutcomeKind } from '@/api/outcomes';
import { answerWithFile } from '@/api/request-scope';
import type { PageAction } from '@/engine/form-action';
import { FORM_FIELDS } from '@/engine/form-address';
import { OUTCOME_PATH_SEGMENTS, WALLETS, type Wallet } from '@/shared/contract/outcomes';
import { PATHS } from '@/shared/route-paths';
import { DOWNLOAD_PDF_ACTION, isWebAddress, WALLET_ACTION_PREFIX } from './document-action-names';

/** The kind of document each page shows, by the last segment of its route's path. */
const KIND_OF_PAGE: Record<string, OutcomeKind> = {
  'view-eta': 'ETA',
  'view-visa': 'PERMIT',
  'view-notice': 'REJECTION_NOTICE',
};

/** What the page shows after a button of the document was pressed without scripts and did not lead elsewhere. */
export interface OutcomeActionData {
  /** The PDF could not be made or fetched: the page says so and Download PDF can be pressed again. */
  downloadFailed?: boolean;
}

/**
 * The document's buttons pressed before (or without) the page's scripts: Download PDF is answered with the PDF
 * itself, a wallet's button with a redirect to the wallet's page (or the wallet error page when no link can be made).
 */
export const action: PageAction = async ({ request, fields, route, scope }) => {
  const kind = KIND_OF_PAGE[route.path.split('/').pop() ?? ''];
  const applicantIdentifier = new URL(request.url).searchParams.get('applicantIdentifier')?.trim();
  const pressed = String(fields.get(FORM_FIELDS.action) ?? '');
  if (!kind || !applicantIdentifier) return null;
  if (pressed === DOWNLOAD_PDF_ACTION) {
    const result = await downloadOutcomePdf(kind, applicantIdentifier, { scope });
    if (!result.success || !(result.data instanceof Blob)) return { downloadFailed: true } satisfies OutcomeActionData;
    answerWithFile(scope, {
      data: new Uint8Array(await result.data.arrayBuffer()),
      contentType: 'application/pdf',
      fileName: result.fileName ?? `${OUTCOME_PATH_SEGMENTS[kind]}.pdf`,
    });
    return null;
  }
  const wallet = pressed.startsWith(WALLET_ACTION_PREFIX) ? pressed.slice(WALLET_ACTION_PREFIX.length) : undefined;
  if (wallet && (WALLETS as readonly string[]).includes(wallet)) {
    const link = await loadWalletLink(applicantIdentifier, wallet as Wallet, { scope });
    const url = link.success ? link.data?.url : undefined;
    return redirect(url && isWebAddress(url) ? url : PATHS.walletError);
  }
  return null;
};
