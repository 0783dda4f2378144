import { Button, DialogTrigger } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { AlertDialog } from '@/ui/alert-dialog';

export interface CloseApplicationDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** Asks before leaving an application: Yes goes home, No stays. */
export function CloseApplicationDialog({ open, onOpenChange }: CloseApplicationDialogProps) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  return (
    <AlertDialog
      open={open}
      title={t('closeApplication.title')}
      onDismiss={() => onOpenChange(false)}
      actions={
        <>
          <Button
            appearance="primary"
            onClick={() => {
              onOpenChange(false);
              navigate('/');
            }}
          >
            {t('closeApplication.yes')}
          </Button>
          <DialogTrigger disableButtonEnhancement>
            <Button appearance="secondary">{t('closeApplication.no')}</Button>
          </DialogTrigger>
        </>
      }
    >
      {t('closeApplication.body')}
    </AlertDialog>
  );
}
