import { Button, Spinner } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaptureType } from '@/api/capture';
import { ProblemPanel } from '@/engine/problem-panel';
import { useImageCaptureStyles } from './image-capture.styles';
import { useCaptureStyles } from './styles';

interface PhotoPreviewProps {
  heading: ReactNode;
  cameraType: CaptureType;
  previewUrl: string;
  /** The photo could not be read to be sent. */
  readFailed: boolean;
  uploading: boolean;
  onUse(): void;
  onRetake(): void;
}

/** The photo just taken or chosen, to check before it is sent, or to take again. */
export function PhotoPreview({
  heading,
  cameraType,
  previewUrl,
  readFailed,
  uploading,
  onUse,
  onRetake,
}: PhotoPreviewProps) {
  const { t } = useTranslation('capture');
  const styles = useCaptureStyles();
  const own = useImageCaptureStyles();
  return (
    <div className={own.page}>
      {heading}
      <img className={own.preview} src={previewUrl} alt={t('entry.previewAlt')} />
      <p className={styles.text}>{t(`entry.previewCheck.${cameraType}`)}</p>
      {readFailed && <ProblemPanel message={t('entry.readFailed')} />}
      {uploading ? (
        <Spinner label={t('entry.uploading')} />
      ) : (
        <div className={styles.actions}>
          <Button appearance="primary" size="large" className={own.primary} onClick={onUse}>
            {t('entry.use')}
          </Button>
          <Button appearance="secondary" size="large" className={own.primary} onClick={onRetake}>
            {t('entry.retake')}
          </Button>
        </div>
      )}
    </div>
  );
}
