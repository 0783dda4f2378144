import { makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useLoadingCount } from '@/api/loading';
import { useDelayedFlag } from './delayed-flag';

const useStyles = makeStyles({
  overlay: {
    position: 'fixed',
    inset: 0,
    zIndex: 1000000,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    backgroundColor: 'rgba(255, 255, 255, 0.75)',
    cursor: 'progress',
  },
  card: {
    padding: `${tokens.spacingVerticalXL} ${tokens.spacingHorizontalXXL}`,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow16,
  },
  idle: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clipPath: 'inset(50%)',
    whiteSpace: 'nowrap',
  },
});

/**
 * Full-page overlay with a spinner while requests that asked for it run, shown only after 200 ms.
 * The status region stays in the page so screen readers announce "Loading" when it fills.
 */
export function LoadingOverlay() {
  const { t } = useTranslation('common');
  const styles = useStyles();
  const visible = useDelayedFlag(useLoadingCount() > 0);
  return (
    <div
      role="status"
      aria-live="polite"
      className={visible ? styles.overlay : styles.idle}
      data-testid="loading-overlay"
    >
      {visible && (
        <div className={styles.card}>
          <Spinner size="large" label={t('loading.label')} labelPosition="below" />
        </div>
      )}
    </div>
  );
}
