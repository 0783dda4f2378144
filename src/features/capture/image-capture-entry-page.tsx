import { Button, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import {
  blobToDataUrl,
  captureErrorCode,
  isSessionGone,
  useCaptureAction,
  type CaptureType,
  type RouteFrom,
} from '@/api/capture';
import { ApiError } from '@/api/request';
import { captureBiometricsPath, markCapturingHere, resultPath } from './capture-links';
import { CaptureOutcome } from './capture-outcome';
import { PageHeading } from '@/ui/page-heading';
import { ProblemPanel } from '@/engine/problem-panel';
import { NARROW } from '@/ui/media';
import { useCaptureStyles } from './styles';
import { useCamera } from './use-camera';
import { PATHS } from '@/shared/route-paths';

const useStyles = makeStyles({
  page: { maxWidth: '40em', margin: '0 auto' },
  stage: {
    position: 'relative',
    width: '100%',
    overflow: 'hidden',
    backgroundColor: '#000000',
    borderRadius: tokens.borderRadiusMedium,
    [NARROW]: { borderRadius: 0 },
  },
  stageSelfie: { aspectRatio: '3 / 4', maxHeight: '70vh', margin: '0 auto' },
  stagePassport: { aspectRatio: '4 / 3' },
  video: { position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' },
  mirrored: { transform: 'scaleX(-1)' },
  overlay: { position: 'absolute', inset: 0, width: '100%', height: '100%', pointerEvents: 'none' },
  hint: {
    position: 'absolute',
    left: 0,
    right: 0,
    bottom: 0,
    margin: 0,
    padding: tokens.spacingHorizontalS,
    textAlign: 'center',
    color: '#FFFFFF',
    backgroundColor: 'rgba(0, 0, 0, 0.7)',
    fontSize: tokens.fontSizeBase400,
  },
  starting: {
    position: 'absolute',
    inset: 0,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    color: '#FFFFFF',
  },
  preview: {
    display: 'block',
    width: '100%',
    height: 'auto',
    maxHeight: '70vh',
    objectFit: 'contain',
    backgroundColor: '#000000',
  },
  primary: { minWidth: '12em', [NARROW]: { width: '100%' } },
  fileBox: { margin: `${tokens.spacingVerticalL} 0` },
  fileLabel: {
    display: 'block',
    fontWeight: tokens.fontWeightSemibold,
    fontSize: tokens.fontSizeBase400,
    marginBottom: tokens.spacingVerticalXS,
  },
  fileHint: {
    display: 'block',
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase300,
    marginBottom: tokens.spacingVerticalS,
  },
  fileInput: {
    maxWidth: '100%',
    fontSize: tokens.fontSizeBase400,
    ':focus-visible': { outline: `3px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
});

/** The frame drawn over the camera: an oval for a face, a card-shaped box for a passport's data page. */
function Frame({ type }: { type: CaptureType }) {
  const styles = useStyles();
  const maskId = useId();
  const shape =
    type === 'biometrics' ? (
      <ellipse cx="50" cy="46" rx="30" ry="38" />
    ) : (
      <rect x="10" y="5" width="80" height="75" rx="3" />
    );
  return (
    <svg
      className={styles.overlay}
      viewBox="0 0 100 100"
      preserveAspectRatio="none"
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <mask id={maskId}>
          <rect width="100" height="100" fill="#FFFFFF" />
          <g fill="#000000">{shape}</g>
        </mask>
      </defs>
      <rect width="100" height="100" fill="rgba(0,0,0,0.45)" mask={`url(#${maskId})`} />
      <g fill="none" stroke="#FFFFFF" strokeWidth="0.8" vectorEffect="non-scaling-stroke">
        {shape}
      </g>
    </svg>
  );
}

function Tips({ type }: { type: CaptureType }) {
  const { t } = useTranslation('capture');
  const styles = useCaptureStyles();
  const keys =
    type === 'biometrics' ? ['background', 'light', 'glasses', 'filters'] : ['page', 'glare', 'flat', 'sharp'];
  return (
    <section aria-labelledby="capture-tips">
      <h2 id="capture-tips" className={styles.h2}>
        {t('entry.tipsHeading')}
      </h2>
      <ul className={styles.list}>
        {keys.map((key) => (
          <li key={key}>{t(`entry.tips.${type}.${key}`)}</li>
        ))}
      </ul>
    </section>
  );
}

type Mode = 'camera' | 'file';

/**
 * /capture/image-capture-entry: the camera view for one photo (front camera for the selfie, back camera for
 * the passport) with its frame and tips, a preview to retake or use, and a file picker where the camera is
 * refused or missing. The photo chosen is sent to the session and the result page says how it went.
 */
export default function ImageCaptureEntryPage() {
  const { t } = useTranslation('capture');
  const [params] = useSearchParams();
  const cameraType: CaptureType = params.get('cameraType') === 'passport' ? 'passport' : 'biometrics';
  const routeFrom: RouteFrom = params.get('routeFrom') === 'mobile' ? 'mobile' : 'web';
  const sessionIdentifier = params.get('sessionIdentifier') || undefined;
  const styles = useCaptureStyles();

  if (!sessionIdentifier) {
    return (
      <div className={styles.wide}>
        <PageHeading>{t('entry.title')}</PageHeading>
        <ProblemPanel message={t('entry.noSession')} />
      </div>
    );
  }
  return (
    <Capture
      key={`${sessionIdentifier}-${cameraType}`}
      cameraType={cameraType}
      routeFrom={routeFrom}
      sessionIdentifier={sessionIdentifier}
    />
  );
}

interface CaptureProps {
  cameraType: CaptureType;
  routeFrom: RouteFrom;
  sessionIdentifier: string;
}

function Capture({ cameraType, routeFrom, sessionIdentifier }: CaptureProps) {
  const { t } = useTranslation('capture');
  const styles = useCaptureStyles();
  const own = useStyles();
  const navigate = useNavigate();
  const camera = useCamera(cameraType === 'biometrics' ? 'user' : 'environment');
  const startCapture = useCaptureAction(sessionIdentifier);
  const upload = useCaptureAction(sessionIdentifier);
  const [mode, setMode] = useState<Mode>('camera');
  const [photo, setPhoto] = useState<Blob | undefined>();
  const [previewUrl, setPreviewUrl] = useState<string | undefined>();
  const [readFailed, setReadFailed] = useState(false);
  // The camera showed no picture (black) when Take photo was pressed: nothing was sent, no attempt used.
  const [noPicture, setNoPicture] = useState(false);
  const fileId = useId();
  const fileHintId = useId();
  const backTo =
    routeFrom === 'web'
      ? captureBiometricsPath(sessionIdentifier)
      : `${PATHS.capture}?sessionIdentifier=${encodeURIComponent(sessionIdentifier)}&routeFrom=mobile`;

  // Tell the session this photo is being taken (a safe repeat after a reload), then open the camera.
  const began = useRef(false);
  useEffect(() => {
    if (began.current) return;
    began.current = true;
    if (routeFrom === 'web') markCapturingHere(sessionIdentifier, true);
    startCapture.mutate({ action: 'START_CAPTURE', captureType: cameraType });
    void camera.start();
    // Runs once per page; the key of <Capture> renews it for another photo or session.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!photo) {
      setPreviewUrl(undefined);
      return;
    }
    const url = URL.createObjectURL(photo);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  const takePhoto = async () => {
    const taken = await camera.capture();
    setNoPicture(taken?.kind === 'no-picture');
    if (taken?.kind === 'photo') setPhoto(taken.blob);
  };

  const chooseFile = (file: File | undefined) => {
    setReadFailed(false);
    if (file) setPhoto(file);
  };

  const sendPhoto = async () => {
    if (!photo) return;
    let image: string;
    try {
      image = await blobToDataUrl(photo);
    } catch {
      setReadFailed(true);
      return;
    }
    try {
      await upload.mutateAsync({ action: 'UPLOAD_IMAGE', captureType: cameraType, image });
      camera.stop();
      navigate(resultPath({ status: 'success', routeFrom, captureType: cameraType, sessionIdentifier }));
    } catch (error) {
      camera.stop();
      navigate(
        resultPath({
          status: 'failure',
          errorCode: captureErrorCode(error),
          routeFrom,
          captureType: cameraType,
          sessionIdentifier,
        }),
      );
    }
  };

  const heading = (
    <PageHeading focusKey={photo ? 'preview' : mode}>
      {photo ? t('entry.previewHeading') : t(`entry.heading.${cameraType}`)}
    </PageHeading>
  );

  const startFailure = startCapture.error;
  if (startFailure) {
    const code = captureErrorCode(startFailure);
    return (
      <div className={own.page}>
        {heading}
        {isSessionGone(startFailure) && code ? (
          <CaptureOutcome code={code} signedIn={routeFrom === 'web'} />
        ) : (
          <ProblemPanel
            message={
              startFailure instanceof ApiError
                ? (startFailure.errorBody?.error ?? t('result.unknownError'))
                : t('result.unknownError')
            }
          >
            <Link className={styles.link} to={backTo}>
              {t('result.backToPhotos')}
            </Link>
          </ProblemPanel>
        )}
      </div>
    );
  }

  if (photo && previewUrl) {
    return (
      <div className={own.page}>
        {heading}
        <img className={own.preview} src={previewUrl} alt={t('entry.previewAlt')} />
        <p className={styles.text}>{t(`entry.previewCheck.${cameraType}`)}</p>
        {readFailed && <ProblemPanel message={t('entry.readFailed')} />}
        {upload.isPending ? (
          <Spinner label={t('entry.uploading')} />
        ) : (
          <div className={styles.actions}>
            <Button appearance="primary" size="large" className={own.primary} onClick={() => void sendPhoto()}>
              {t('entry.use')}
            </Button>
            <Button appearance="secondary" size="large" className={own.primary} onClick={() => setPhoto(undefined)}>
              {t('entry.retake')}
            </Button>
          </div>
        )}
      </div>
    );
  }

  const cameraFailed = camera.state.kind === 'failed' ? camera.state.problem : undefined;
  const showFile = mode === 'file' || cameraFailed !== undefined;
  return (
    <div className={own.page}>
      {heading}
      {cameraFailed && (
        <ProblemPanel message={t(`entry.camera.${cameraFailed}`)}>
          {cameraFailed !== 'unsupported' && (
            <Button appearance="secondary" onClick={() => void camera.start()}>
              {t('entry.camera.retry')}
            </Button>
          )}
        </ProblemPanel>
      )}
      {mode === 'camera' && !cameraFailed && (
        <>
          <div className={`${own.stage} ${cameraType === 'biometrics' ? own.stageSelfie : own.stagePassport}`}>
            <video
              ref={camera.setVideo}
              className={cameraType === 'biometrics' ? `${own.video} ${own.mirrored}` : own.video}
              autoPlay
              playsInline
              muted
              aria-label={t('entry.videoLabel')}
            />
            <Frame type={cameraType} />
            {!camera.picture && (
              <div className={own.starting}>
                <Spinner
                  appearance="inverted"
                  label={camera.state.kind === 'ready' ? t('entry.waitingForPicture') : t('entry.starting')}
                />
              </div>
            )}
            <p className={own.hint}>{t(`entry.frameHint.${cameraType}`)}</p>
          </div>
          {noPicture && <ProblemPanel message={t('entry.noPicture')} />}
          <div className={styles.actions}>
            <Button
              appearance="primary"
              size="large"
              className={own.primary}
              disabled={camera.state.kind !== 'ready' || !camera.picture}
              onClick={() => void takePhoto()}
            >
              {t('entry.capture')}
            </Button>
            <Button
              appearance="secondary"
              size="large"
              className={own.primary}
              onClick={() => {
                camera.stop();
                setMode('file');
              }}
            >
              {t('entry.file.chooseInstead')}
            </Button>
          </div>
        </>
      )}
      {showFile && (
        <div className={own.fileBox}>
          <label className={own.fileLabel} htmlFor={fileId}>
            {t(`entry.file.label.${cameraType}`)}
          </label>
          <span className={own.fileHint} id={fileHintId}>
            {t('entry.file.hint')}
          </span>
          <input
            id={fileId}
            className={own.fileInput}
            type="file"
            accept="image/*"
            capture={cameraType === 'biometrics' ? 'user' : 'environment'}
            aria-describedby={fileHintId}
            onChange={(event) => chooseFile(event.target.files?.[0])}
          />
          {mode === 'file' && !cameraFailed && (
            <div className={styles.actions}>
              <Button
                appearance="secondary"
                onClick={() => {
                  setMode('camera');
                  void camera.start();
                }}
              >
                {t('entry.camera.retry')}
              </Button>
            </div>
          )}
        </div>
      )}
      <Tips type={cameraType} />
      <p className={styles.text}>
        <Link className={styles.link} to={backTo}>
          {t('entry.cancel')}
        </Link>
      </p>
    </div>
  );
}
