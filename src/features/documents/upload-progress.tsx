import { ProgressBar } from '@fluentui/react-components';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentStyles } from './styles';

export interface UploadProgressProps {
  fileName: string;
  loaded: number;
  total: number;
}

/** How much of a file has been sent, as the browser reports it: a progress bar whose value is read out as a percentage. */
export function UploadProgress({ fileName, loaded, total }: UploadProgressProps) {
  const { t, i18n } = useTranslation('documents');
  const styles = useDocumentStyles();
  const id = useId();
  const fraction = total > 0 ? Math.min(loaded / total, 1) : 0;
  const percent = new Intl.NumberFormat(i18n.resolvedLanguage ?? i18n.language, {
    style: 'percent',
    maximumFractionDigits: 0,
  }).format(fraction);
  return (
    <div className={styles.progress}>
      <p id={id} className={styles.progressText}>
        {t('page.upload.progress', { name: fileName, percent })}
      </p>
      <ProgressBar
        value={fraction}
        max={1}
        thickness="large"
        aria-labelledby={id}
        aria-valuetext={t('page.upload.percent', { percent })}
      />
    </div>
  );
}
