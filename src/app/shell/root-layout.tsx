import { makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { Suspense, use, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router-dom';
import { CloseApplicationButton, CloseApplicationPage, useClosingApplication } from './close-application-button';
import { useDelayedFlag } from './delayed-flag';
import { ErrorDialogHost, errorDialogView } from './error-dialog';
import { Footer } from './footer';
import { Header } from './header';
import { LoadingOverlay } from './loading-overlay';
import { effectiveHandle } from './route-handle';
import { useFormErrorsShowing } from '@/engine/error-title';
import { ContentLoadingContext } from '@/ui/content-loading';
import { PageShownContext } from '@/ui/page-shown';
import { useRenderedAhead } from '@/ui/rendered-ahead';
import { useFocusOnNavigation } from '@/ui/focus-on-navigation';
import { preloadWhenIdle } from '@/ui/idle-modules';
import { MAIN_CONTENT_ID } from '@/shared/rendered-page';
import { SessionTimeoutWarning } from '@/features/session-timeout/session-timeout-warning';

const useStyles = makeStyles({
  page: {
    minHeight: '100vh',
    display: 'flex',
    flexDirection: 'column',
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
  },
  skipLink: {
    position: 'absolute',
    left: '-10000px',
    top: 'auto',
    zIndex: 1000,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    backgroundColor: '#FFDD00',
    color: '#0B0C0C',
    fontSize: tokens.fontSizeBase300,
    fontWeight: tokens.fontWeightSemibold,
    textDecorationLine: 'underline',
    ':focus': { left: '8px', top: '8px', outline: '3px solid #0B0C0C' },
  },
  main: {
    flexGrow: 1,
    width: '100%',
    maxWidth: '1200px',
    margin: '0 auto',
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalL} ${tokens.spacingVerticalXXXL}`,
    ':focus': { outline: 'none' },
  },
  closeBar: {
    display: 'flex',
    justifyContent: 'flex-end',
    marginBottom: tokens.spacingVerticalL,
  },
  fallback: {
    minHeight: '40vh',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
  },
});

/** Shown while a page's code downloads; only after 200 ms so fast loads do not flash a spinner. */
function PageFallback() {
  const { t } = useTranslation('common');
  const styles = useStyles();
  const visible = useDelayedFlag(true);
  return <div className={styles.fallback}>{visible && <Spinner label={t('loading.label')} />}</div>;
}

/**
 * Rendered after the page inside its Suspense boundary, so it mounts in the same commit as the page once the
 * page's code and texts have arrived; it tells the layout, before that frame is painted.
 */
function PageShown({ onShown }: { onShown: () => void }) {
  const tell = use(PageShownContext);
  useLayoutEffect(() => {
    onShown();
    tell?.();
  }, [onShown, tell]);
  return null;
}

/**
 * Keeps document.title as "<page title> – <service name>", following the route and the language, with
 * 'Error: ' in front while a form on the page shows errors (GOV.UK).
 */
function useDocumentTitle(titleKey: string | undefined): void {
  const { i18n } = useTranslation('common');
  const language = i18n.resolvedLanguage;
  const formErrors = useFormErrorsShowing();
  useEffect(() => {
    let cancelled = false;
    const apply = () => {
      if (cancelled) return;
      const service = i18n.t('common:serviceName');
      const title =
        titleKey && i18n.exists(titleKey)
          ? i18n.t('common:documentTitle', { page: i18n.t(titleKey), service })
          : service;
      document.title = formErrors ? `${i18n.t('forms:engine.errorTitlePrefix')}${title}` : title;
    };
    const namespaces = [titleKey?.includes(':') ? titleKey.slice(0, titleKey.indexOf(':')) : 'common'];
    if (formErrors) namespaces.push('forms');
    if (namespaces.every((ns) => i18n.hasLoadedNamespace(ns))) apply();
    else void i18n.loadNamespaces(namespaces).then(apply);
    return () => {
      cancelled = true;
    };
  }, [i18n, titleKey, language, formErrors]);
}

/**
 * The root route's element: skip link, header, main (the matched page), footer, and the portal-wide
 * error dialog and loading overlay. Route handles can hide header and footer or add 'Close application'.
 */
export function RootLayout() {
  const { t } = useTranslation('common');
  const styles = useStyles();
  const handle = effectiveHandle(useMatches());
  const mainRef = useRef<HTMLElement>(null);
  const chrome = !handle.hideHeaderFooter;
  // Close application pressed without the dialog's scripts: the question instead of the page.
  const closing = useClosingApplication() && handle.showCloseApplication === true;

  // The footer appears with the first page, never before it: a footer shown under the loading spinner would be
  // pushed down when the page arrives (a layout shift). A page rendered ahead is whole at once, footer included, so
  // hydrating it does not render the layout again for the footer in the same task.
  const renderedAhead = useRenderedAhead();
  const [pageShown, setPageShown] = useState(renderedAhead);
  const markPageShown = useRef(() => setPageShown(true)).current;
  // Nor while the page's main content loads (ContentLoading): it appears under it once it is there.
  const [loadingParts, setLoadingParts] = useState(0);
  const reportLoading = useCallback((change: 1 | -1) => setLoadingParts((n) => n + change), []);

  useDocumentTitle(handle.titleKey);
  useFocusOnNavigation(mainRef);
  // The error dialog must show even when the connection has gone: its chunk comes once the first page is idle.
  useEffect(() => {
    if (pageShown) preloadWhenIdle(errorDialogView);
  }, [pageShown]);

  return (
    <div className={styles.page}>
      {chrome && (
        <a className={styles.skipLink} href={`#${MAIN_CONTENT_ID}`}>
          {t('skipLink')}
        </a>
      )}
      {chrome && <Header />}
      <main id={MAIN_CONTENT_ID} ref={mainRef} tabIndex={-1} className={styles.main}>
        {handle.showCloseApplication && !closing && (
          <div className={styles.closeBar}>
            <CloseApplicationButton />
          </div>
        )}
        <ContentLoadingContext value={reportLoading}>
          <Suspense fallback={<PageFallback />}>
            {closing ? <CloseApplicationPage /> : <Outlet />}
            <PageShown onShown={markPageShown} />
          </Suspense>
        </ContentLoadingContext>
      </main>
      {chrome && pageShown && loadingParts === 0 && <Footer />}
      <ErrorDialogHost />
      <SessionTimeoutWarning />
      <LoadingOverlay />
    </div>
  );
}
