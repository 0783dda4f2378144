import { Button } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { NotFoundImage } from './not-found-image';
import { StatusPage } from './status-page';

/** 'Page not found' with an image and a 'Go to Home Page' button. */
export function NotFoundPage() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  return (
    <StatusPage
      image={<NotFoundImage alt={t('notFound.imageAlt')} />}
      title={t('notFound.title')}
      body={t('notFound.body')}
      actions={
        <Button appearance="primary" size="large" onClick={() => navigate('/')}>
          {t('notFound.homeButton')}
        </Button>
      }
    />
  );
}

export default NotFoundPage;
