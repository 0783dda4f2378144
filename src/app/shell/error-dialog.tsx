import { Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { lazyComponent } from '@/ui/lazy-component';

/** Fluent's dialog comes in its own chunk, preloaded by the root layout once the first page is idle. */
export const errorDialogView = lazyComponent(async () => (await import('./error-dialog-view')).ErrorDialogView, {
  idle: 'errorDialogView',
});

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
  const messages = useSyncExternalStore(subscribe, getQueue, getQueue);
  const message = messages[0];
  const [mounted, setMounted] = useState(false);
  if (message !== undefined && !mounted) setMounted(true);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (mounted) setReady(true);
  }, [mounted]);
  if (!mounted && message === undefined) return null;
  return (
    <Suspense fallback={null}>
      <errorDialogView.Component
        open={ready && message !== undefined}
        message={message}
        onDismiss={dismissErrorDialog}
      />
    </Suspense>
  );
}
