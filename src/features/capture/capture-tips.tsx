import { useTranslation } from 'react-i18next';
import type { CaptureType } from '@/api/capture';
import { useCaptureStyles } from './styles';

/** Tips for a good photo of the face or of the passport. */
export function CaptureTips({ type }: { type: CaptureType }) {
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
