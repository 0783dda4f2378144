import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
} from '@fluentui/react-components';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { announcementMilestone, splitDuration } from './countdown';
import { visuallyHidden } from '@/ui/visually-hidden';

const useStyles = makeStyles({
  visuallyHidden: visuallyHidden,
});

function useDuration() {
  const { t } = useTranslation('accounts');
  return (total: number) => {
    const { minutes, seconds } = splitDuration(total);
    if (minutes === 0) return t('sessionTimeout.seconds', { count: seconds });
    if (seconds === 0) return t('sessionTimeout.minutes', { count: minutes });
    return t('sessionTimeout.minutesAndSeconds', {
      minutes: t('sessionTimeout.minutes', { count: minutes }),
      seconds: t('sessionTimeout.seconds', { count: seconds }),
    });
  };
}

export interface WarningContentProps {
  bodyId: string;
  seconds: number;
  busy: boolean;
  /** The session has reached its absolute lifetime: staying is not possible, only carrying on until the end. */
  final: boolean;
  onStay(): void;
  onCarryOn(): void;
  onSignOut(): void;
}

/** The dialog's content, translated; rendered only while the dialog is open, so the texts load only then. */
function WarningContent({ bodyId, seconds, busy, final, onStay, onCarryOn, onSignOut }: WarningContentProps) {
  const { t } = useTranslation('accounts');
  const duration = useDuration();
  const milestone = announcementMilestone(seconds);
  const styles = useStyles();
  return (
    <DialogBody>
      <DialogTitle as="h2">{t('sessionTimeout.title')}</DialogTitle>
      <DialogContent>
        <div id={bodyId}>
          <p>{t(final ? 'sessionTimeout.finalBody' : 'sessionTimeout.body', { time: duration(seconds) })}</p>
          <p>{t(final ? 'sessionTimeout.finalHelp' : 'sessionTimeout.help')}</p>
        </div>
        {/* Screen readers hear the time left at milestones only, not every second. */}
        <p aria-live="polite" aria-atomic="true" className={styles.visuallyHidden}>
          {t('sessionTimeout.announce', { time: duration(milestone) })}
        </p>
      </DialogContent>
      <DialogActions>
        <Button appearance="primary" size="large" disabled={busy} onClick={final ? onCarryOn : onStay}>
          {t(final ? 'sessionTimeout.carryOn' : 'sessionTimeout.stay')}
        </Button>
        <Button appearance="secondary" size="large" disabled={busy} onClick={onSignOut}>
          {t(final ? 'sessionTimeout.signOutNow' : 'sessionTimeout.signOut')}
        </Button>
      </DialogActions>
    </DialogBody>
  );
}

/** The warning's alert dialog: Fluent's dialog, in a chunk of its own, loaded once a user is signed in. */
export function SessionTimeoutDialog({ open, ...content }: WarningContentProps & { open: boolean }) {
  return (
    <Dialog open={open} modalType="alert">
      <DialogSurface aria-describedby={content.bodyId}>
        <Suspense fallback={null}>{open && <WarningContent {...content} />}</Suspense>
      </DialogSurface>
    </Dialog>
  );
}
