import { Button } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActionData, useNavigate } from 'react-router-dom';
import { useDownloadOutcomePdf, useWalletLink, useWallets, type Outcome, type Wallet } from '@/api/outcomes';
import { ProblemPanel } from '@/engine/problem-panel';
import { OUTCOME_PATH_SEGMENTS } from '@/shared/contract/outcomes';
import { PATHS } from '@/shared/route-paths';
import { saveFile } from './save-file';
import { useOutcomeStyles } from './styles';
import { documentFileName } from '@/shared/document-file-name';
import { FORM_TOKEN_FIELD, useFormToken } from '@/ui/form-token';
import { useHydrated } from '@/ui/use-hydrated';
import { DOWNLOAD_PDF_ACTION, isWebAddress, WALLET_ACTION_PREFIX } from './document-action-names';
import type { OutcomeActionData } from './outcome-action';
import { ActionButton } from '@/engine/action-button';

/**
 * The document's on-screen actions, left off the printout: Download PDF, Print, and for an approved ETA or permit
 * the wallets the server is configured for. A failed download says so here and can be tried again; a failed
 * wallet link goes to the wallet error page. The buttons are a form the server answers before (or without) the page's
 * scripts (outcome-action.ts): the PDF itself, or the wallet's page; Print, which needs the scripts, shows once they run.
 */
export function DocumentActions({ outcome }: { outcome: Outcome }) {
  const { t } = useTranslation('outcomes');
  const styles = useOutcomeStyles();
  const navigate = useNavigate();
  const download = useDownloadOutcomePdf(outcome.kind, outcome.applicantIdentifier);
  // What the server said of a Download PDF pressed before (or without) the page's scripts.
  const sent = useActionData() as OutcomeActionData | undefined;
  const [downloadFailed, setDownloadFailed] = useState(sent?.downloadFailed === true);
  const walletsShown = outcome.kind !== 'REJECTION_NOTICE' && outcome.status === 'APPROVED';
  const wallets = useWallets(walletsShown);
  const walletLink = useWalletLink(outcome.applicantIdentifier);
  const token = useFormToken();
  const hydrated = useHydrated();

  const downloadPdf = () => {
    setDownloadFailed(false);
    download.mutate(undefined, {
      onSuccess: ({ file, fileName }) =>
        saveFile(file, fileName ?? documentFileName(OUTCOME_PATH_SEGMENTS[outcome.kind], outcome.documentNumber)),
      onError: () => setDownloadFailed(true),
    });
  };
  const addToWallet = (wallet: Wallet) => {
    walletLink.mutate(wallet, {
      onSuccess: (url) => (isWebAddress(url) ? window.location.assign(url) : navigate(PATHS.walletError)),
      onError: () => navigate(PATHS.walletError),
    });
  };

  return (
    <div data-print="hide" className={styles.printHidden}>
      {downloadFailed && <ProblemPanel message={t('document.downloadFailed')} />}
      <form method="post">
        <div role="group" aria-label={t('document.actionsLabel')} className={styles.actions}>
          <input type="hidden" name={FORM_TOKEN_FIELD} value={token} />
          <ActionButton
            action={DOWNLOAD_PDF_ACTION}
            onPress={downloadPdf}
            appearance="primary"
            className={styles.fullWidthOnPhone}
            disabledFocusable={download.isPending}
          >
            {download.isPending ? t('document.downloading') : t('document.download')}
          </ActionButton>
          {hydrated && (
            <Button
              appearance="secondary"
              size="large"
              className={styles.fullWidthOnPhone}
              onClick={() => window.print()}
            >
              {t('document.print')}
            </Button>
          )}
          {walletsShown &&
            (wallets.data ?? []).map((wallet) => (
              <ActionButton
                action={`${WALLET_ACTION_PREFIX}${wallet}`}
                onPress={() => addToWallet(wallet)}
                key={wallet}
                appearance="secondary"
                className={styles.fullWidthOnPhone}
                disabledFocusable={walletLink.isPending}
              >
                {t(`document.wallet.${wallet}`)}
              </ActionButton>
            ))}
        </div>
      </form>
    </div>
  );
}
