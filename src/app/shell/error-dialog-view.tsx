import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from '@fluentui/react-components';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusKeptInside } from '@/ui/use-focus-kept-inside';

export interface ErrorDialogViewProps {
  open: boolean;
  message: string | undefined;
  onDismiss(): void;
}

/** The error dialog itself (title 'Error', the message, a Close button): Fluent's dialog, in a chunk of its own. */
export function ErrorDialogView({ open, message, onDismiss }: ErrorDialogViewProps) {
  const { t } = useTranslation('common');
  const surface = useRef<HTMLDivElement>(null);
  useFocusKeptInside(open, surface);
  return (
    <Dialog
      open={open}
      modalType="alert"
      onOpenChange={(_, data) => {
        if (!data.open) onDismiss();
      }}
    >
      <DialogSurface ref={surface}>
        <DialogBody>
          <DialogTitle>{t('errorDialog.title')}</DialogTitle>
          <DialogContent>{message}</DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onDismiss}>
              {t('errorDialog.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
