import type { ReactElement } from 'react';
import type { i18n as I18n } from 'i18next';
import type { InitialEntry } from 'react-router-dom';
import { englishI18n as englishWith, renderPage as render, type RenderPageOptions } from '@/testing/page-harness';

export { mockFetch, type MockCall } from '@/testing/page-harness';

/** An English i18next instance with the namespaces the account pages and the form engine use. */
export const englishI18n = () => englishWith(['accounts', 'forms', 'validation', 'api']);

/** Renders an account page (with the route's loader or action, if given); other routes show "page <path>". */
export const renderPage = (
  i18n: I18n,
  page: ReactElement,
  path: string,
  initial: InitialEntry = path,
  route: Pick<RenderPageOptions, 'loader' | 'action'> = {},
) => render(i18n, page, path, initial, { withSearch: false, ...route });
