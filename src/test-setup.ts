import { afterAll, afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import i18next from 'i18next';
import { setI18n } from 'react-i18next';
import { FALLBACK_LANGUAGE } from '@/shared/languages';

// What a test waits for (findBy..., waitFor) may take a few seconds on a busy machine: a page that never comes still
// fails, after 5 s instead of 1 s.
configure({ asyncUtilTimeout: 5000 });

// A test that renders a form or runs the rules imports '@/engine/testing/forms-loaded' first: it loads what a form
// loads on demand in the portal (widgets, fields, rules), which only those tests need.
afterEach(() => cleanup());

// The test files of a worker share its modules (vite.config.ts). A test that renders with an i18next instance of its
// own makes it react-i18next's (initReactI18next): the portal's own instance is given back when the file ends, in
// the language every file starts in.
afterAll(async () => {
  setI18n(i18next);
  if (i18next.isInitialized && i18next.language !== FALLBACK_LANGUAGE) await i18next.changeLanguage(FALLBACK_LANGUAGE);
});
