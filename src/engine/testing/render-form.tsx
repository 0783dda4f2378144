import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { render } from '@testing-library/react';
import type { i18n } from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';

/** Renders engine UI inside Fluent and the given i18n instance. */
export function renderWithProviders(ui: ReactElement, i18nInstance: i18n) {
  const wrap = (node: ReactElement) => (
    <I18nextProvider i18n={i18nInstance}>
      <FluentProvider theme={webLightTheme}>{node}</FluentProvider>
    </I18nextProvider>
  );
  const result = render(wrap(ui));
  return { ...result, rerender: (next: ReactElement) => result.rerender(wrap(next)) };
}
