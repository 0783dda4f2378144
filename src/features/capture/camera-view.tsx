import { Button, Spinner } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { CaptureType } from '@/api/capture';
import { ProblemPanel } from '@/engine/problem-panel';
import { CaptureFrame } from './capture-frame';
import { useImageCaptureStyles } from './image-capture.styles';
import { useCaptureStyles } from './styles';
import type { useCamera } from './use-camera';

interface CameraViewProps {
  camera: ReturnType<typeof useCamera>;
  cameraType: CaptureType;
  /** The camera showed no picture (black) when Take photo was pressed. */
  noPicture: boolean;
  onTake(): void;
  onChooseFile(): void;
}

/** The live camera with its frame and hint, and the buttons to take the photo or choose a file instead. */
export function CameraView({ camera, cameraType, noPicture, onTake, onChooseFile }: CameraViewProps) {
  const { t } = useTranslation('capture');
  const styles = useCaptureStyles();
  const own = useImageCaptureStyles();
  return (
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
        <CaptureFrame type={cameraType} />
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
          onClick={onTake}
        >
          {t('entry.capture')}
        </Button>
        <Button appearance="secondary" size="large" className={own.primary} onClick={onChooseFile}>
          {t('entry.file.chooseInstead')}
        </Button>
      </div>
    </>
  );
}
