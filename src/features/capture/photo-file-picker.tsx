import { Button } from '@fluentui/react-components';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaptureType } from '@/api/capture';
import { useImageCaptureStyles } from './image-capture.styles';
import { useCaptureStyles } from './styles';

interface PhotoFilePickerProps {
  cameraType: CaptureType;
  onChoose(file: File | undefined): void;
  /** Offers the camera again (when the file picker was chosen instead of a working camera). */
  onUseCamera?: () => void;
}

/** A file picker for the photo, where the camera is refused or missing or the user prefers a file. */
export function PhotoFilePicker({ cameraType, onChoose, onUseCamera }: PhotoFilePickerProps) {
  const { t } = useTranslation('capture');
  const styles = useCaptureStyles();
  const own = useImageCaptureStyles();
  const fileId = useId();
  const fileHintId = useId();
  return (
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
        onChange={(event) => onChoose(event.target.files?.[0])}
      />
      {onUseCamera && (
        <div className={styles.actions}>
          <Button appearance="secondary" onClick={onUseCamera}>
            {t('entry.camera.retry')}
          </Button>
        </div>
      )}
    </div>
  );
}
