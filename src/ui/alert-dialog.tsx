import {
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from '@fluentui/react-components';
import type { ReactNode, Ref } from 'react';

export interface AlertDialogProps {
  open: boolean;
  title: ReactNode;
  /** The buttons, the first one the main answer. */
  actions: ReactNode;
  /** Asked to close (Escape, or a DialogTrigger among the actions). */
  onDismiss(): void;
  surfaceRef?: Ref<HTMLDivElement>;
  children: ReactNode;
}

/**
 * A question or a message the visitor must answer before going on (Fluent's alert dialog): its title, its text and
 * its buttons (the session warning, whose texts load only once it opens, draws its own from the same parts).
 */
export function AlertDialog({ open, title, actions, onDismiss, surfaceRef, children }: AlertDialogProps) {
  return (
    <Dialog
      open={open}
      modalType="alert"
      onOpenChange={(_, data) => {
        if (!data.open) onDismiss();
      }}
    >
      <DialogSurface ref={surfaceRef}>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>{children}</DialogContent>
          <DialogActions>{actions}</DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
