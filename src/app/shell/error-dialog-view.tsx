import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

export interface ErrorDialogViewProps {
  open: boolean;
  message: string | undefined;
  onDismiss(): void;
}

/** The error dialog itself (title 'Error', the message, a Close button): Fluent's dialog, in a chunk of its own. */
export function ErrorDialogView({ open, message, onDismiss }: ErrorDialogViewProps) {
  const { t } = useTranslation('common');
  return (
    <Dialog
      open={open}
      modalType="alert"
      onOpenChange={(_, data) => {
        if (!data.open) onDismiss();
      }}
    >
      <DialogSurface>
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
