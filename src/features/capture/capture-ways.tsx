import { Button } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '@/api/settings';
import { photoOf, useCaptureAction, type CaptureSessionView, type CaptureStatus } from '@/api/capture';
import { ProblemPanel } from '@/engine/problem-panel';
import { ButtonLink } from '@/ui/button-link';
import { Notice } from '@/ui/notice';
import { entryPath, isCapturingHere, markCapturingHere, phoneAddress, phoneLink } from './capture-links';
import { messageOf } from './capture-errors';
import { QrCode } from '@/ui/qr-code';
import { useCaptureStyles } from './styles';
import { LtrValue } from '@/ui/ltr-value';

const LINKING: readonly CaptureStatus[] = ['BIO_LINKING_PHONE', 'PASSPORT_LINKING_PHONE'];
const LINKED: readonly CaptureStatus[] = ['BIO_PHONE_LINKED', 'PASSPORT_PHONE_LINKED'];
const UNDER_WAY: readonly CaptureStatus[] = ['BIO_CAPTURE_STARTED', 'BIO_CAPTURE_COMPLETE', 'PASSPORT_CAPTURE_STARTED'];

/** The two ways to take the photos: this device's camera, or a phone (QR code and link). */
export function CaptureWays({ sessionIdentifier, view }: { sessionIdentifier: string; view: CaptureSessionView }) {
  const { t } = useTranslation('capture');
  const styles = useCaptureStyles();
  const action = useCaptureAction(sessionIdentifier);
  const [copied, setCopied] = useState(false);
  const photo = photoOf(view);
  const settings = useSettings();
  const link = phoneLink(sessionIdentifier, settings);
  const address = phoneAddress(settings);
  // A capture under way that this tab did not start is a phone's.
  const phoneAtWork =
    LINKED.includes(view.status) || (UNDER_WAY.includes(view.status) && !isCapturingHere(sessionIdentifier));
  const showQr = LINKING.includes(view.status);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <div className={styles.ways}>
      <section className={styles.way} aria-labelledby="way-this-device">
        <h2 id="way-this-device" className={styles.wayHeading}>
          {t('captureBiometrics.thisDeviceHeading')}
        </h2>
        <p className={styles.text}>{t('captureBiometrics.thisDeviceText')}</p>
        <ButtonLink
          to={entryPath(photo, sessionIdentifier, 'web')}
          appearance="primary"
          className={styles.fullWidthOnPhone}
        >
          {t(`captureBiometrics.useThisDevice.${photo}`)}
        </ButtonLink>
      </section>
      <section className={styles.way} aria-labelledby="way-phone">
        <h2 id="way-phone" className={styles.wayHeading}>
          {t('captureBiometrics.phoneHeading')}
        </h2>
        {!phoneAtWork && !address.reachable && (
          <Notice tone="warning">
            <p className={styles.noticeText}>{t('captureBiometrics.phoneUnreachable', { address: address.base })}</p>
            <p className={styles.noticeText}>{t('captureBiometrics.phoneUnreachableFix')}</p>
          </Notice>
        )}
        {!phoneAtWork && address.network && (
          <p className={styles.text}>{t('captureBiometrics.phoneNetwork', { address: address.base })}</p>
        )}
        {phoneAtWork ? (
          <Notice>{t('captureBiometrics.phoneLinked')}</Notice>
        ) : showQr ? (
          <>
            <p className={styles.text}>{t('captureBiometrics.phoneText')}</p>
            <QrCode className={styles.qr} text={link} label={t('captureBiometrics.qrLabel')} />
            <p className={styles.text}>{t('captureBiometrics.linkLabel')}</p>
            {/* Text to type on the phone, not a link: opened here it would link this computer instead. */}
            <p className={styles.phoneLink} data-testid="phone-link">
              <LtrValue>{link}</LtrValue>
            </p>
            <Button appearance="secondary" onClick={() => void copy()}>
              {t('captureBiometrics.copyLink')}
            </Button>
            <p className={styles.visuallyHidden} role="status">
              {copied ? t('captureBiometrics.copied') : ''}
            </p>
          </>
        ) : (
          <>
            <p className={styles.text}>{t('captureBiometrics.phoneText')}</p>
            {action.error && <ProblemPanel message={messageOf(action.error, t('result.unknownError'))} />}
            <Button
              appearance="secondary"
              size="large"
              className={styles.fullWidthOnPhone}
              disabled={action.isPending}
              onClick={() => {
                markCapturingHere(sessionIdentifier, false);
                action.mutate({ action: 'REQUEST_PHONE_LINK' });
              }}
            >
              {t('captureBiometrics.usePhone')}
            </Button>
          </>
        )}
        <p className={styles.text}>{t('captureBiometrics.autoMove')}</p>
      </section>
    </div>
  );
}
