import { Spinner } from '@fluentui/react-components';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActionData, useSearchParams } from 'react-router-dom';
import {
  captureErrorCode,
  isBlockingStatus,
  isSessionGone,
  photoOf,
  useCaptureAction,
  useCaptureSession,
  type CaptureStatus,
} from '@/api/capture';
import { ApiError } from '@/api/request';
import { entryPath, LINK_PHONE_ACTION, type LinkRefused } from './capture-links';
import { CaptureOutcome } from './capture-outcome';
import { ButtonLink } from '@/ui/button-link';
import { Notice } from '@/ui/notice';
import { PageHeading } from '@/ui/page-heading';
import { PostForm } from '@/ui/post-form';
import { useHydrated } from '@/ui/use-hydrated';
import { ProblemPanel } from '@/engine/problem-panel';
import { fileChosenIn, PhotoFilesForm } from './photo-files-form';
import type { PhotosActionData } from './send-photos';
import { useCaptureStyles } from './styles';
import { ActionButton } from '@/engine/action-button';

const LINKING: readonly CaptureStatus[] = ['BIO_LINKING_PHONE', 'PASSPORT_LINKING_PHONE'];
const DEVICE_MISMATCH = 'CAPTURE_DEVICE_MISMATCH';

/**
 * /capture: where the phone lands from the QR code. Links this phone to the session (its device token is kept
 * for this tab), explains the two photos and starts the one that is due. Before (or without) its scripts, the phone
 * is linked by "Use this phone" and the photos are sent as files from this page (capture-start-action.ts).
 */
export default function CaptureStartPage() {
  const { t } = useTranslation('capture');
  const styles = useCaptureStyles();
  const [params] = useSearchParams();
  const sessionIdentifier = params.get('sessionIdentifier') ?? '';
  const session = useCaptureSession(sessionIdentifier);
  const link = useCaptureAction(sessionIdentifier);
  const status = session.data?.status;
  const hydrated = useHydrated();
  const sent = useActionData() as (Partial<LinkRefused> & Partial<PhotosActionData>) | undefined;
  const filesForm = useRef<HTMLFormElement>(null);
  const [filesChosenAhead, setFilesChosenAhead] = useState(false);
  useLayoutEffect(() => {
    if (fileChosenIn(filesForm.current)) setFilesChosenAhead(true);
  }, []);

  const linked = useRef(false);
  useEffect(() => {
    if (!status || !LINKING.includes(status) || linked.current) return;
    linked.current = true;
    link.mutate({ action: 'LINK_PHONE' });
  }, [status, link]);

  const heading = <PageHeading>{t('start.title')}</PageHeading>;
  const failure = session.error ?? link.error;
  const refused = sent?.linkRefused;
  if (refused && !failure && (!session.data || LINKING.includes(session.data.status))) {
    return (
      <div className={styles.wide}>
        {heading}
        <ProblemPanel
          message={
            refused.code === DEVICE_MISMATCH
              ? t('start.otherDevice')
              : (refused.message ?? t('captureBiometrics.followFailed'))
          }
        />
      </div>
    );
  }
  if (failure) {
    const code = captureErrorCode(failure);
    return (
      <div className={styles.wide}>
        {heading}
        {isSessionGone(failure) && code ? (
          <CaptureOutcome code={code} signedIn={false} />
        ) : (
          <ProblemPanel
            message={
              code === DEVICE_MISMATCH
                ? t('start.otherDevice')
                : failure instanceof ApiError
                  ? (failure.errorBody?.error ?? t('captureBiometrics.followFailed'))
                  : t('captureBiometrics.followFailed')
            }
          />
        )}
      </div>
    );
  }
  if (session.data && LINKING.includes(session.data.status) && !hydrated) {
    // A press before the scripts run links the phone on the server; once they run, they link it themselves.
    return (
      <div className={styles.wide}>
        {heading}
        <p className={styles.lead}>{t('start.lead')}</p>
        <p className={styles.text}>{t('start.linkText')}</p>
        <PostForm noValidate>
          <div className={styles.actions}>
            <ActionButton action={LINK_PHONE_ACTION} appearance="primary" className={styles.fullWidthOnPhone}>
              {t('start.useThisPhone')}
            </ActionButton>
          </div>
        </PostForm>
      </div>
    );
  }
  if (!session.data || LINKING.includes(session.data.status)) {
    return (
      <div className={styles.wide}>
        {heading}
        <Spinner label={t('start.linking')} />
      </div>
    );
  }

  const view = session.data;
  if (isBlockingStatus(view.status)) {
    return (
      <div className={styles.wide}>
        {heading}
        <CaptureOutcome code={view.status} retryAfter={view.retryAfter} signedIn={false} />
      </div>
    );
  }
  if (view.status === 'PASSPORT_CAPTURE_COMPLETE') {
    return (
      <div className={styles.wide}>
        {heading}
        <Notice tone="success">{t('start.allDone')}</Notice>
      </div>
    );
  }

  const photo = photoOf(view);
  if (!hydrated || filesChosenAhead) {
    return (
      <div className={styles.wide}>
        {heading}
        {photo === 'passport' && <Notice tone="success">{t('start.selfieDone')}</Notice>}
        <p className={styles.lead}>{t('start.lead')}</p>
        <PhotoFilesForm ref={filesForm} view={view} sent={sent?.errors ? { errors: sent.errors } : undefined} />
      </div>
    );
  }
  return (
    <div className={styles.wide}>
      {heading}
      {photo === 'passport' && <Notice tone="success">{t('start.selfieDone')}</Notice>}
      <p className={styles.lead}>{t('start.lead')}</p>
      <h2 className={styles.h2}>{t('start.selfieHeading')}</h2>
      <p className={styles.text}>{t('start.selfieText')}</p>
      <h2 className={styles.h2}>{t('start.passportHeading')}</h2>
      <p className={styles.text}>{t('start.passportText')}</p>
      <p className={styles.inset}>{t('start.cameraNote')}</p>
      <div className={styles.actions}>
        <ButtonLink
          to={entryPath(photo, sessionIdentifier, 'mobile')}
          appearance="primary"
          className={styles.fullWidthOnPhone}
        >
          {t(photo === 'passport' ? 'start.startPassport' : 'start.startSelfie')}
        </ButtonLink>
      </div>
    </div>
  );
}
