import { Button } from '@fluentui/react-components';
import { useEffect, useEffectEvent, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useActionData, useNavigate } from 'react-router-dom';
import {
  blobToDataUrl,
  captureErrorCode,
  isSessionGone,
  useCaptureAction,
  type CaptureType,
  type RouteFrom,
} from '@/api/capture';
import { ProblemPanel } from '@/engine/problem-panel';
import { PATHS } from '@/shared/route-paths';
import { PageHeading } from '@/ui/page-heading';
import { useHydrated } from '@/ui/use-hydrated';
import { CameraView } from './camera-view';
import { messageOf } from './capture-errors';
import { captureBiometricsPath, markCapturingHere, resultPath } from './capture-links';
import { CaptureOutcome } from './capture-outcome';
import { CaptureTips } from './capture-tips';
import { useImageCaptureStyles } from './image-capture.styles';
import { PhotoFilePicker } from './photo-file-picker';
import { fileChosenIn, OnePhotoForm } from './photo-files-form';
import { PhotoPreview } from './photo-preview';
import { useCaptureStyles } from './styles';
import type { PhotosActionData } from './send-photos';
import { useCamera } from './use-camera';

type Mode = 'camera' | 'file';

interface CaptureProps {
  cameraType: CaptureType;
  routeFrom: RouteFrom;
  sessionIdentifier: string;
}

/**
 * One photo being taken: the camera (or a file), the preview, and the sending of the photo chosen. Before (or
 * without) the page's scripts, a file input (which opens a phone's camera) in a form the server answers
 * (image-capture-entry-action.ts); a photo chosen there before the scripts run is sent as chosen.
 */
export function Capture({ cameraType, routeFrom, sessionIdentifier }: CaptureProps) {
  const { t } = useTranslation('capture');
  const styles = useCaptureStyles();
  const own = useImageCaptureStyles();
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
  const hydrated = useHydrated();
  const sent = useActionData() as PhotosActionData | undefined;
  const fileForm = useRef<HTMLFormElement>(null);
  const [fileChosenAhead, setFileChosenAhead] = useState(false);
  useLayoutEffect(() => {
    if (fileChosenIn(fileForm.current)) setFileChosenAhead(true);
  }, []);
  const backTo =
    routeFrom === 'web'
      ? captureBiometricsPath(sessionIdentifier)
      : `${PATHS.captureStart}?sessionIdentifier=${encodeURIComponent(sessionIdentifier)}&routeFrom=mobile`;

  // Tell the session this photo is being taken (a safe repeat after a reload), then open the camera.
  const began = useRef(false);
  const begin = useEffectEvent(() => {
    if (began.current) return;
    began.current = true;
    if (routeFrom === 'web') markCapturingHere(sessionIdentifier, true);
    startCapture.mutate({ action: 'START_CAPTURE', captureType: cameraType });
    // A photo chosen before the scripts ran is sent by its form: the camera is not needed.
    if (!fileChosenIn(fileForm.current)) void camera.start();
  });
  // Runs once per page; the key of <Capture> renews it for another photo or session.
  useEffect(() => begin(), []);

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

  // Under every state of the page: how to take a good photo, and the way back.
  const tipsAndCancel = (
    <>
      <CaptureTips type={cameraType} />
      <p className={styles.text}>
        <Link className={styles.link} to={backTo}>
          {t('entry.cancel')}
        </Link>
      </p>
    </>
  );

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
          <ProblemPanel message={messageOf(startFailure, t('result.unknownError'))}>
            <Link className={styles.link} to={backTo}>
              {t('result.backToPhotos')}
            </Link>
          </ProblemPanel>
        )}
      </div>
    );
  }

  if (!hydrated || fileChosenAhead) {
    return (
      <div className={own.page}>
        {heading}
        <OnePhotoForm ref={fileForm} captureType={cameraType} sent={sent} />
        {tipsAndCancel}
      </div>
    );
  }

  if (photo && previewUrl) {
    return (
      <PhotoPreview
        heading={heading}
        cameraType={cameraType}
        previewUrl={previewUrl}
        readFailed={readFailed}
        uploading={upload.isPending}
        onUse={() => void sendPhoto()}
        onRetake={() => setPhoto(undefined)}
      />
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
        <CameraView
          camera={camera}
          cameraType={cameraType}
          noPicture={noPicture}
          onTake={() => void takePhoto()}
          onChooseFile={() => {
            camera.stop();
            setMode('file');
          }}
        />
      )}
      {showFile && (
        <PhotoFilePicker
          cameraType={cameraType}
          onChoose={chooseFile}
          onUseCamera={
            mode === 'file' && !cameraFailed
              ? () => {
                  setMode('camera');
                  void camera.start();
                }
              : undefined
          }
        />
      )}
      {tipsAndCancel}
    </div>
  );
}
