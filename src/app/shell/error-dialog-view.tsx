import { Button } from '@fluentui/react-components';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertDialog } from '@/ui/alert-dialog';
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
    <AlertDialog
      open={open}
      title={t('errorDialog.title')}
      onDismiss={onDismiss}
      surfaceRef={surface}
      actions={
        <Button appearance="primary" onClick={onDismiss}>
          {t('errorDialog.close')}
        </Button>
      }
    >
      {message}
    </AlertDialog>
  );
}
