import type { Browser, Locator, Page } from '@playwright/test';
import { ISOLATE_END, ISOLATE_START } from '../../src/shared/i18n-interpolation';
import { catalogueText, englishTexts, expectNoEnglish } from './catalogue';
import { expect } from './fixtures';
import { staticCopies } from './static-copies';
import { photograph } from './screenshots';

/** The two runs of every journey without scripts: English on a phone, Arabic right to left on a wide screen. */
export const NO_SCRIPTS_RUNS = [
  { lng: 'en', dir: 'ltr', width: 375 },
  { lng: 'ar', dir: 'rtl', width: 1280 },
] as const;

export type NoScriptsRun = (typeof NO_SCRIPTS_RUNS)[number];

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Opens the site menu of the page without scripts and answers it: the one place that knows how. On a phone the menu
 * is folded behind its Menu button (a link to the menu's list below the header, as the drawer needs scripts), which is
 * pressed first; on a wide screen it is shown as it is.
 */
export async function openMenu(page: Page, lng: string): Promise<Locator> {
  const banner = page.getByRole('banner');
  const toggle = banner
    .getByRole('button', { name: catalogueText(lng, 'common:nav.menuButton'), exact: true })
    .filter({ visible: true });
  if ((await toggle.count()) > 0) await toggle.click();
  const menu = banner
    .getByRole('navigation', { name: catalogueText(lng, 'common:nav.label') })
    .filter({ visible: true });
  await expect(menu).toBeVisible();
  return menu;
}

/**
 * What a journey without scripts reads and does on each page, in the run's language: the catalogue's texts (as the
 * page writes them: values isolated in a right-to-left page), the main landmark's headings, buttons and links, the
 * summary of a refused form's problems, the site menu opened, a check of the page as it is (language, direction, no
 * English left but `userData`, axe on a copy of its HTML, a screenshot in `.cache/screenshots/<folder>/<lng>-<width>/`),
 * and moves that wait for the page the server answers.
 */
export async function noScriptsPage(
  page: Page,
  browser: Browser,
  { lng, dir, width }: NoScriptsRun,
  folder: string,
  baseURL = '',
) {
  const isolated = (value: string) => (dir === 'rtl' && value ? `${ISOLATE_START}${value}${ISOLATE_END}` : value);
  const t = (key: string, vars: Record<string, string | number> = {}) =>
    catalogueText(lng, key).replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) =>
      typeof vars[name] === 'number' ? String(vars[name]) : isolated(String(vars[name] ?? '')),
    );
  /** A text of the catalogue as an accessible name: its <hidden> part read out too. */
  const named = (key: string, vars: Record<string, string> = {}) =>
    new RegExp(
      `^${t(key, vars)
        .split(/<\/?hidden>/)
        .map((part) => escapeRegExp(part.trim()))
        .filter(Boolean)
        .join('\\s*')}$`,
    );
  /** A text of the catalogue whose placeholders may hold anything (a date, an amount), as a pattern. */
  const anyFilled = (key: string) =>
    new RegExp(
      `^${catalogueText(lng, key)
        .replace(/<\/?hidden>/g, '')
        .split(/\{\{\s*\w+\s*\}\}/)
        .map(escapeRegExp)
        .join('.+')}$`,
    );
  const main = page.getByRole('main');
  const heading = (text: string, level = 1) => main.getByRole('heading', { level, name: text, exact: true });
  const button = (key: string) => main.getByRole('button', { name: t(key), exact: true });
  const link = (name: string | RegExp) =>
    main.getByRole('link', typeof name === 'string' ? { name, exact: true } : { name });
  /** The summary of the problems a form was refused with, and the start of the page's title then. */
  const summary = main.getByRole('alert').filter({ hasText: t('forms:engine.errorSummaryTitle') });
  const errorTitle = new RegExp(`^${escapeRegExp(t('forms:engine.errorTitlePrefix'))}`);

  const english = englishTexts(lng);
  const shots = `.cache/screenshots/${folder}/${lng}-${width}`;
  const copies = await staticCopies(browser, { width, height: 900 });
  let shot = 0;
  /** The visitor's own words on the pages (names, addresses), which are not English left untranslated. */
  const userData: string[] = [];
  /** The pages axe has judged: the address, heading and controls of each (see `checked`). */
  const judged = new Set<string>();
  /**
   * The page as it is now: its language, no English left, accessible, photographed. A page met again with the same
   * heading and the same controls (the second applicant's pages, a list reloaded) differs only in the data it shows:
   * axe has judged its markup already and is not run again.
   */
  const checked = async (name: string) => {
    await expect(page.locator('html')).toHaveAttribute('lang', lng);
    await expect(page.locator('html')).toHaveAttribute('dir', dir);
    await expectNoEnglish(page, english, `${name} in ${lng}`, { userData });
    const shape = await page.evaluate(() =>
      [
        location.pathname,
        document.querySelector('main h1')?.textContent ?? '',
        ...Array.from(
          document.querySelectorAll('main :is(a, button, input, select, textarea, img, [role])'),
          (e) => `${e.tagName}:${e.getAttribute('type') ?? ''}:${e.getAttribute('role') ?? ''}`,
        ),
      ].join('|'),
    );
    if (!judged.has(shape)) await copies.expectAccessible(page, `${name} in ${lng}`);
    judged.add(shape);
    shot += 1;
    await photograph(page, `${shots}/${String(shot).padStart(2, '0')}-${name}.png`);
  };
  /** Follows a link or presses a button and waits for the page the server answers with. */
  const go = async (control: Locator) => {
    const arrived = page.waitForEvent('framenavigated', (frame) => frame === page.mainFrame());
    await control.click();
    await arrived;
    await page.waitForLoadState('load');
  };
  const open = async (url: string) => {
    await page.goto(`${baseURL}${url}`, { waitUntil: 'commit' });
    await page.waitForLoadState('load');
  };
  return {
    t,
    named,
    anyFilled,
    main,
    heading,
    button,
    link,
    summary,
    errorTitle,
    userData,
    checked,
    go,
    open,
    openMenu: () => openMenu(page, lng),
    close: copies.close,
  };
}
