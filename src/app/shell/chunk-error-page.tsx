import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { StatusPage } from './status-page';

const useStyles = makeStyles({
  details: {
    alignSelf: 'stretch',
    textAlign: 'start',
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForeground2,
  },
  code: { display: 'block', marginTop: tokens.spacingVerticalS, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
});

export interface ChunkErrorPageProps {
  error?: unknown;
}

/** Shown when a page's code failed to download: says so plainly and offers a reload. */
export function ChunkErrorPage({ error }: ChunkErrorPageProps) {
  const { t } = useTranslation('common');
  const styles = useStyles();
  const message = error instanceof Error ? error.message : 'Loading chunk failed';
  return (
    <StatusPage
      title={t('chunkError.title')}
      body={t('chunkError.body')}
      actions={
        <Button appearance="primary" size="large" onClick={() => window.location.reload()}>
          {t('chunkError.reload')}
        </Button>
      }
    >
      <details className={styles.details}>
        <summary>{t('chunkError.details')}</summary>
        <code className={styles.code}>
          {message.includes('Loading chunk failed') ? message : `Loading chunk failed: ${message}`}
        </code>
      </details>
    </StatusPage>
  );
}

export default ChunkErrorPage;
