import { useTranslation } from 'react-i18next';
import { photoOf, type CaptureSessionView, type CaptureType } from '@/api/capture';
import { useCaptureStyles } from './styles';

/** Which of the two photos is done, next or waiting, with the session's state for screen readers. */
export function CaptureProgress({ view }: { view: CaptureSessionView }) {
  const { t } = useTranslation('capture');
  const styles = useCaptureStyles();
  const current = photoOf(view);
  const stateOf = (photo: CaptureType) => {
    if (photo === 'biometrics') return current === 'passport' ? 'done' : 'next';
    return current === 'passport' ? 'next' : 'waiting';
  };
  const tagClass = { done: styles.tagDone, next: styles.tagNext, waiting: styles.tagWaiting } as const;
  return (
    <section aria-labelledby="capture-progress">
      <h2 id="capture-progress" className={styles.h2}>
        {t('captureBiometrics.progressHeading')}
      </h2>
      <ul className={styles.progress}>
        {(['biometrics', 'passport'] as const).map((photo) => {
          const state = stateOf(photo);
          return (
            <li key={photo} className={styles.progressItem}>
              <span>{t(`captureBiometrics.photo.${photo}`)}</span>
              <strong className={`${styles.tag} ${tagClass[state]}`}>
                {t(`captureBiometrics.photoState.${state}`)}
              </strong>
            </li>
          );
        })}
      </ul>
      <p className={styles.visuallyHidden} role="status">
        {t(`status.${view.status}`)}
      </p>
    </section>
  );
}
