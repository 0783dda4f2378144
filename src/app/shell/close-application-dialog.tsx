import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  DialogTrigger,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

export interface CloseApplicationDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** Asks before leaving an application: Yes goes home, No stays. */
export function CloseApplicationDialog({ open, onOpenChange }: CloseApplicationDialogProps) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  return (
    <Dialog open={open} modalType="alert" onOpenChange={(_, data) => onOpenChange(data.open)}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('closeApplication.title')}</DialogTitle>
          <DialogContent>{t('closeApplication.body')}</DialogContent>
          <DialogActions>
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
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
