import { Button } from '@fluentui/react-components';
import { useEffect, useRef, useState } from 'react';
import { AlertDialog } from '@/ui/alert-dialog';

/** How long after closing the dialog leaves the page, once Fluent's focus trap has let the page go. */
const UNMOUNT_AFTER_MS = 1000;

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  cancelLabel: string;
  /** Disables the buttons while the confirmed action runs. */
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
  /** Called once the dialog has finished closing; the parent then unmounts it. */
  onClosed(): void;
}

/**
 * Asks before an action that cannot be undone. Mount it when needed, close it through `open` (unmounting an
 * open dialog leaves the page hidden), and unmount it in `onClosed` (a closed Fluent dialog still leaves focus
 * sentinels on the page). Once closed, focus goes back to the control that opened it, when that is still on the
 * page and the page has not put focus elsewhere (the outcome of the action, when the control has gone with it).
 */
function focusedElement(): HTMLElement | null {
  return document.activeElement instanceof HTMLElement && document.activeElement !== document.body
    ? document.activeElement
    : null;
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, title, body, confirmLabel, cancelLabel, busy = false, onConfirm, onCancel, onClosed } = props;
  const closed = useRef(onClosed);
  closed.current = onClosed;
  // The control focused when the dialog opened (read as it opens, before the dialog takes focus).
  const [opening, setOpening] = useState(() => ({ open, opener: open ? focusedElement() : null }));
  if (opening.open !== open) setOpening({ open, opener: open ? focusedElement() : opening.opener });
  const opener = opening.opener;
  useEffect(() => {
    if (open) return;
    const frame = requestAnimationFrame(() => {
      const active = document.activeElement;
      const lost = !active || active === document.body || active.closest('[role="alertdialog"]') !== null;
      if (lost && opener?.isConnected) opener.focus();
    });
    const timer = setTimeout(() => closed.current(), UNMOUNT_AFTER_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [open, opener]);
  return (
    <AlertDialog
      open={open}
      title={title}
      onDismiss={onCancel}
      actions={
        <>
          <Button appearance="primary" disabled={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
          <Button appearance="secondary" disabled={busy} onClick={onCancel}>
            {cancelLabel}
          </Button>
        </>
      }
    >
      {body}
    </AlertDialog>
  );
}
