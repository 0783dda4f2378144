import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from '@fluentui/react-components';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

// Messages waiting to be shown, oldest first; the same message is never queued twice in a row.
let queue: readonly string[] = [];
const listeners = new Set<() => void>();

function publish(next: readonly string[]): void {
  queue = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function getQueue(): readonly string[] {
  return queue;
}

/** Shows the error dialog (title 'Error', the message, a Close button); callable from anywhere. */
export function showErrorDialog(message: string): void {
  if (queue[queue.length - 1] === message) return;
  publish([...queue, message]);
}

/** Closes the message on screen; the next queued one, if any, follows. */
export function dismissErrorDialog(): void {
  publish(queue.slice(1));
}

/** The one error dialog of the portal, rendered once by the root layout. */
export function ErrorDialogHost() {
  const { t } = useTranslation('common');
  const messages = useSyncExternalStore(subscribe, getQueue, getQueue);
  const message = messages[0];
  // A Fluent Dialog sets up focus trapping (with focusable aria-hidden sentinels on <body>) even while
  // closed; mounting it only once there is something to show keeps untouched pages free of them.
  const [mounted, setMounted] = useState(false);
  if (message !== undefined && !mounted) setMounted(true);
  // Fluent's modal setup misplaces aria-hidden (onto the dialog itself) when a Dialog is born open, so it is
  // mounted closed first and opened on the next commit.
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (mounted) setReady(true);
  }, [mounted]);
  if (!mounted && message === undefined) return null;
  return (
    <Dialog
      open={ready && message !== undefined}
      modalType="alert"
      onOpenChange={(_, data) => {
        if (!data.open) dismissErrorDialog();
      }}
    >
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('errorDialog.title')}</DialogTitle>
          <DialogContent>{message}</DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={dismissErrorDialog}>
              {t('errorDialog.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
