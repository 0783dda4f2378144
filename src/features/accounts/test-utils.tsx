import type { ReactElement } from 'react';
import type { i18n as I18n } from 'i18next';
import type { InitialEntry, LoaderFunction } from 'react-router-dom';
import { englishI18n as englishWith, renderPage as render } from '@/testing/page-harness';

export { mockFetch, type MockCall } from '@/testing/page-harness';

/** An English i18next instance with the namespaces the account pages and the form engine use. */
export const englishI18n = () => englishWith(['accounts', 'forms', 'validation', 'api']);

/** Renders an account page; other routes show "page <path>". */
export const renderPage = (
  i18n: I18n,
  page: ReactElement,
  path: string,
  initial: InitialEntry = path,
  loader?: LoaderFunction,
) => render(i18n, page, path, initial, { withSearch: false, loader });
