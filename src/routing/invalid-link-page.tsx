import { Body1, Button, makeStyles, Subtitle2, Title1, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useHref, useLinkClickHandler } from 'react-router-dom';
import type { QueryProblem } from './query-params';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalL },
  list: { margin: 0, paddingInlineStart: tokens.spacingHorizontalXXL },
});

export interface InvalidLinkPageProps {
  problems: readonly QueryProblem[];
}

/** Shown instead of a page whose link lacks a required search parameter or carries a value that is not allowed. */
export function InvalidLinkPage({ problems }: InvalidLinkPageProps) {
  const { t } = useTranslation(['common', 'routing']);
  const styles = useStyles();
  const homeHref = useHref('/');
  const goHome = useLinkClickHandler<HTMLAnchorElement>('/');
  return (
    <section className={styles.page} aria-labelledby="invalid-link-title">
      <Title1 as="h1" id="invalid-link-title">
        {t('common:invalidLink.title')}
      </Title1>
      <Body1 as="p">{t('common:invalidLink.body')}</Body1>
      <Subtitle2 as="h2">{t('routing:invalidLink.problemsTitle')}</Subtitle2>
      <ul className={styles.list}>
        {problems.map((problem) => (
          <li key={problem.param}>
            <Body1>
              {problem.kind === 'missing'
                ? t('routing:invalidLink.missing', { param: problem.param })
                : t('routing:invalidLink.invalid', {
                    param: problem.param,
                    allowed: (problem.allowed ?? []).join(', '),
                  })}
            </Body1>
          </li>
        ))}
      </ul>
      <Button as="a" appearance="primary" href={homeHref} onClick={goHome}>
        {t('common:invalidLink.homeButton')}
      </Button>
    </section>
  );
}
