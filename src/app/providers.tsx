import { FluentProvider } from '@fluentui/react-components';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { SettingsContext, type Settings } from '@/api/settings';
import { i18next } from '@/app/i18n';
import { etaTheme } from '@/app/theme';
import { FormTokenContext } from '@/ui/form-token';
import { directionOf } from '@/shared/languages';

export interface AppProvidersProps {
  queryClient: QueryClient;
  /** The token forms posted to the server carry (src/ui/form-token.ts). */
  formToken?: string;
  /** The texts in the page's language: on the server, the request's own instance; the browser's by default. */
  i18n?: I18n;
  /** The runtime settings: the request's on the server, those read at start in the browser (settings-store.ts). */
  settings: Settings;
  children: ReactNode;
}

/** Fluent theme with the writing direction of the current language (for right-to-left languages). */
function ThemedByLanguage({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return (
    <FluentProvider theme={etaTheme()} dir={language ? directionOf(language) : 'ltr'}>
      {children}
    </FluentProvider>
  );
}

/** The providers every page relies on: translations, the Fluent theme and the react-query client. */
export function AppProviders({ queryClient, formToken = '', i18n = i18next, settings, children }: AppProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <SettingsContext value={settings}>
        <ThemedByLanguage>
          <QueryClientProvider client={queryClient}>
            <FormTokenContext value={formToken}>{children}</FormTokenContext>
          </QueryClientProvider>
        </ThemedByLanguage>
      </SettingsContext>
    </I18nextProvider>
  );
}
