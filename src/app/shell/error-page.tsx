import { Button } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { StatusPage } from './status-page';

/** Generic error page; its button reloads the portal at home, leaving the failed state behind. */
export function ErrorPage() {
  const { t } = useTranslation('common');
  return (
    <StatusPage
      title={t('errorPage.title')}
      body={t('errorPage.body')}
      actions={
        <Button appearance="primary" size="large" onClick={() => window.location.assign('/')}>
          {t('errorPage.homeButton')}
        </Button>
      }
    />
  );
}

export default ErrorPage;
