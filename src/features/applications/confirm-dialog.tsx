import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from '@fluentui/react-components';
import { useEffect, useRef } from 'react';

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
 * sentinels on the page).
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, title, body, confirmLabel, cancelLabel, busy = false, onConfirm, onCancel, onClosed } = props;
  const closed = useRef(onClosed);
  closed.current = onClosed;
  useEffect(() => {
    if (open) return;
    const timer = setTimeout(() => closed.current(), UNMOUNT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [open]);
  return (
    <Dialog open={open} modalType="alert" onOpenChange={(_, data) => !data.open && onCancel()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>{body}</DialogContent>
          <DialogActions>
            <Button appearance="primary" disabled={busy} onClick={onConfirm}>
              {confirmLabel}
            </Button>
            <Button appearance="secondary" disabled={busy} onClick={onCancel}>
              {cancelLabel}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
