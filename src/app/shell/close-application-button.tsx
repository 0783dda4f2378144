import { Button } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router-dom';
import { ButtonLink } from '@/ui/button-link';
import { lazyComponent } from '@/ui/lazy-component';
import { PageHeading } from '@/ui/page-heading';
import { usePageStyles } from '@/ui/page-styles';
import { preloadWhenIdle } from '@/ui/idle-modules';

/** Fluent's dialog comes in its own chunk, preloaded once the page with the button is idle. */
export const closeApplicationDialog = lazyComponent(
  async () => (await import('./close-application-dialog')).CloseApplicationDialog,
  { idle: 'closeApplicationDialog' },
);

/** The query parameter that shows the page's close-application question instead of the page (`?close=1`). */
export const CLOSE_PARAM = 'close';

/** Whether the address asks the close-application question (the button pressed without the dialog's scripts). */
export function useClosingApplication(): boolean {
  return useSearchParams()[0].get(CLOSE_PARAM) === '1';
}

/**
 * The 'Close application' button with its confirmation dialog. Without scripts it opens the same address with
 * `?close=1`, where the question is asked as a page of its own (CloseApplicationPage).
 */
export function CloseApplicationButton() {
  const { t } = useTranslation('common');
  const { pathname, search } = useLocation();
  const [open, setOpen] = useState(false);
  // Mounted on first use only: a closed Fluent Dialog still adds focus sentinels to the page.
  const [used, setUsed] = useState(false);
  useEffect(() => preloadWhenIdle(closeApplicationDialog), []);
  const button = useRef<HTMLButtonElement>(null);
  // Closed without leaving (No, Escape), the dialog gives focus back to this button, where the keyboard user was.
  const openChange = (next: boolean) => {
    setOpen(next);
    if (!next) requestAnimationFrame(() => button.current?.focus());
  };
  // A form sent by GET replaces the address's query: the page's own is sent again with the question's.
  const kept = [...new URLSearchParams(search)].filter(([name]) => name !== CLOSE_PARAM);
  return (
    <>
      <form
        method="get"
        action={pathname}
        onSubmit={(event) => {
          event.preventDefault();
          setUsed(true);
          setOpen(true);
        }}
      >
        {kept.map(([name, value], index) => (
          <input key={`${index}:${name}`} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name={CLOSE_PARAM} value="1" />
        <Button ref={button} type="submit" appearance="secondary" icon={<DismissRegular />}>
          {t('closeApplication.button')}
        </Button>
      </form>
      {used && (
        <Suspense fallback={null}>
          <closeApplicationDialog.Component open={open} onOpenChange={openChange} />
        </Suspense>
      )}
    </>
  );
}

/** The close-application question as a page of its own (`?close=1`): Yes goes home, No back to the page. */
export function CloseApplicationPage() {
  const { t } = useTranslation('common');
  const styles = usePageStyles();
  const { pathname, search } = useLocation();
  const rest = new URLSearchParams(search);
  rest.delete(CLOSE_PARAM);
  const back = `${pathname}${rest.size > 0 ? `?${rest.toString()}` : ''}`;
  return (
    <div className={styles.page}>
      <PageHeading>{t('closeApplication.title')}</PageHeading>
      <p className={styles.lead}>{t('closeApplication.body')}</p>
      <div className={styles.actions}>
        <ButtonLink to="/" appearance="primary" className={styles.fullWidthOnPhone}>
          {t('closeApplication.yes')}
        </ButtonLink>
        <ButtonLink to={back} appearance="secondary" className={styles.fullWidthOnPhone}>
          {t('closeApplication.no')}
        </ButtonLink>
      </div>
    </div>
  );
}
