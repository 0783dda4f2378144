import { Button } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useDownloadOutcomePdf, useWalletLink, useWallets, type Outcome, type Wallet } from '@/api/outcomes';
import { ProblemPanel } from '@/engine/problem-panel';
import { OUTCOME_PATH_SEGMENTS } from '@/shared/contract/outcomes';
import { PATHS } from '@/shared/route-paths';
import { saveFile } from './save-file';
import { useOutcomeStyles } from './styles';
import { documentFileName } from '@/shared/document-file-name';

/** Only a web address may be followed: never a script or data address, whatever the answer says. */
const isWebAddress = (url: string) => /^https?:\/\//i.test(url);

/**
 * The document's on-screen actions, left off the printout: Download PDF, Print, and for an approved ETA or permit
 * the wallets the server is configured for. A failed download says so here and can be tried again; a failed
 * wallet link goes to the wallet error page.
 */
export function DocumentActions({ outcome }: { outcome: Outcome }) {
  const { t } = useTranslation('outcomes');
  const styles = useOutcomeStyles();
  const navigate = useNavigate();
  const download = useDownloadOutcomePdf(outcome.kind, outcome.applicantIdentifier);
  const [downloadFailed, setDownloadFailed] = useState(false);
  const walletsShown = outcome.kind !== 'REJECTION_NOTICE' && outcome.status === 'APPROVED';
  const wallets = useWallets(walletsShown);
  const walletLink = useWalletLink(outcome.applicantIdentifier);

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
      <div role="group" aria-label={t('document.actionsLabel')} className={styles.actions}>
        <Button
          appearance="primary"
          size="large"
          className={styles.fullWidthOnPhone}
          disabledFocusable={download.isPending}
          onClick={downloadPdf}
        >
          {download.isPending ? t('document.downloading') : t('document.download')}
        </Button>
        <Button appearance="secondary" size="large" className={styles.fullWidthOnPhone} onClick={() => window.print()}>
          {t('document.print')}
        </Button>
        {walletsShown &&
          (wallets.data ?? []).map((wallet) => (
            <Button
              key={wallet}
              appearance="secondary"
              size="large"
              className={styles.fullWidthOnPhone}
              disabledFocusable={walletLink.isPending}
              onClick={() => addToWallet(wallet)}
            >
              {t(`document.wallet.${wallet}`)}
            </Button>
          ))}
      </div>
    </div>
  );
}
