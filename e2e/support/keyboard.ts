import { errors, expect, type Locator, type Page } from '@playwright/test';
import { countryName, fieldOf, type FormModel } from './form-filler';

/**
 * Operating the portal with the keyboard alone, as a user without a mouse does: Tab (or Shift+Tab) to a control
 * found by its role and accessible name, then typing, arrow keys, Space and Enter. Nothing here clicks or fills.
 */

type Role = Parameters<Page['getByRole']>[0];

export interface KeyTarget {
  role: Role;
  /** The accessible name; any name when left out (the first radio of a group). */
  name?: string | RegExp;
  exact?: boolean;
  /** Only a control inside this part of the page. */
  within?: Locator;
}

/** What has focus now, in words, for a failure message ("the page itself" when focus is lost). */
export async function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body || el === document.documentElement) return 'the page itself (focus lost)';
    const role = el.getAttribute('role') ?? el.tagName.toLowerCase();
    const label = el.getAttribute('aria-label') ?? el.innerText ?? (el as HTMLInputElement).value ?? '';
    return `${role}${el.id ? `#${el.id}` : ''} "${label.trim().slice(0, 80)}"`;
  });
}

/**
 * Presses Tab (Shift+Tab with `backwards`) until the focused element is the control `target` names, at most
 * `max` times, and answers it; fails naming what has focus instead.
 */
export async function tabTo(
  page: Page,
  target: KeyTarget | Locator,
  { backwards = false, max = 60 }: { backwards?: boolean; max?: number } = {},
): Promise<Locator> {
  const wanted =
    'role' in target
      ? (target.within ?? page).getByRole(target.role, { name: target.name, exact: target.exact })
      : target;
  const focused = wanted.and(page.locator(':focus'));
  for (let presses = 0; ; presses += 1) {
    if ((await focused.count()) > 0) return (await wanted.count()) === 1 ? wanted : focused.first();
    if (presses === max) break;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(
    `After ${max} presses of ${backwards ? 'Shift+Tab' : 'Tab'}, focus is on ${await describeFocus(page)}, ` +
      `not on ${'role' in target ? `the ${target.role} ${String(target.name ?? '')}` : String(target)}`,
  );
}

/**
 * Presses Space on the focused file input and gives the chooser that opens `file`. Chromium now and then opens the
 * chooser without telling the test (its protocol event is lost, microsoft/playwright#28023): when no chooser is
 * reported within a few seconds and the input still has focus, Space is pressed once more.
 */
export async function chooseFileInFocused(page: Page, input: Locator, file: string): Promise<void> {
  // The first wait is short, the second has the test's own time-out.
  for (const timeout of [5_000, undefined]) {
    await expect(input, `focus is on ${await describeFocus(page)}`).toBeFocused();
    const choosing = page.waitForEvent('filechooser', { timeout });
    await page.keyboard.press('Space');
    try {
      await (await choosing).setFiles(file);
      return;
    } catch (error) {
      if (timeout === undefined || !(error instanceof errors.TimeoutError)) throw error;
    }
  }
}

/** Tabs to a button or link and presses Enter on it. */
export async function press(page: Page, target: KeyTarget | Locator, options?: { backwards?: boolean; max?: number }) {
  await tabTo(page, target, options);
  await page.keyboard.press('Enter');
}

/** Replaces the text of the focused box with `value`, typed key by key. */
export async function typeInFocused(page: Page, box: Locator, value: string): Promise<void> {
  if ((await box.inputValue()) === value) return;
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(value);
  await expect(box).toHaveValue(value);
}

/**
 * In the focused combobox, types `typed`, then moves through the list with the arrow keys to the option whose name
 * starts with `option` and takes it with Enter.
 */
export async function chooseInFocused(page: Page, box: Locator, typed: string, option: string): Promise<void> {
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(typed);
  const listbox = page.getByRole('listbox');
  const escaped = option.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const wanted = listbox.getByRole('option', { name: new RegExp(`^${escaped}`) }).first();
  await expect(wanted).toBeVisible();
  const wantedId = await wanted.getAttribute('id');
  const ids = await listbox.getByRole('option').evaluateAll((options) => options.map((o) => o.id));
  // Typing makes the first option starting with the text the active one, which may lie past the wanted one.
  for (let presses = 0; ; presses += 1) {
    const active = await box.getAttribute('aria-activedescendant');
    if (active === wantedId) break;
    if (presses === 30) throw new Error(`The arrow keys never reached the option ${option}`);
    const down = active === null || ids.indexOf(active) < ids.indexOf(wantedId ?? '');
    await page.keyboard.press(down ? 'ArrowDown' : 'ArrowUp');
  }
  await page.keyboard.press('Enter');
  await expect(box).toHaveValue(option);
}

/** Tabs into a group of radios (focus lands on its checked or first radio), arrows to `option` and takes it. */
export async function chooseRadio(page: Page, group: Locator, option: string): Promise<void> {
  await tabTo(page, { role: 'radio', within: group });
  const wanted = group.getByRole('radio', { name: option, exact: true });
  for (let presses = 0; !(await wanted.evaluate((el) => el === document.activeElement)); presses += 1) {
    if (presses === 30) throw new Error(`Arrow Down never reached the radio ${option}`);
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Space');
  await expect(wanted).toBeChecked();
}

/** Answers one field of a form by keyboard, in language `lng`, through the control its UI schema names. */
export async function answerFieldByKeyboard(page: Page, lng: string, form: FormModel, field: string, value: unknown) {
  const { ui, schema, t, name, widget, main } = fieldOf(page, lng, form, field);
  if (value === undefined || widget === 'hidden') return;
  if (ui['ui:field'] === 'phone') {
    const { isoAlpha2Code, mobileNumber } = value as { isoAlpha2Code: string; mobileNumber: string };
    const group = main.getByRole('group', { name });
    const country = await tabTo(page, { role: 'combobox', within: group });
    await chooseInFocused(page, country, isoAlpha2Code, await countryName(page, lng, isoAlpha2Code));
    const number = await tabTo(page, { role: 'textbox', name: t('forms:engine.phoneNumber'), within: group });
    await typeInFocused(page, number, mobileNumber);
    return;
  }
  if (widget === 'date') {
    const [year, month, day] = String(value).split('-');
    const group = main.getByRole('group', { name });
    for (const [part, typed] of [
      ['day', String(Number(day))],
      ['month', String(Number(month))],
      ['year', year],
    ] as const) {
      const box = await tabTo(page, { role: 'textbox', name: t(`forms:engine.${part}`), within: group });
      await typeInFocused(page, box, typed);
    }
    return;
  }
  if (widget === 'checkbox') {
    const box = await tabTo(page, { role: 'checkbox', name, within: main });
    if ((await box.isChecked()) !== Boolean(value)) await page.keyboard.press('Space');
    await expect(box).toBeChecked({ checked: Boolean(value) });
    return;
  }
  const enumLabel =
    typeof schema['x-enumLabels'] === 'string' ? t(`${String(schema['x-enumLabels'])}.${String(value)}`) : undefined;
  if (widget === 'yesNo' || (widget === 'radio' && enumLabel)) {
    const answer = widget === 'yesNo' ? t(value ? 'forms:engine.yes' : 'forms:engine.no') : enumLabel!;
    await chooseRadio(page, main.getByRole('group', { name }), answer);
    return;
  }
  if (widget === 'country') {
    const box = await tabTo(page, { role: 'combobox', name, within: main });
    await chooseInFocused(page, box, String(value), await countryName(page, lng, String(value)));
    return;
  }
  if ((widget === 'combobox' || widget === 'select' || Array.isArray(schema.enum)) && enumLabel) {
    const box = await tabTo(page, { role: 'combobox', name, within: main });
    await chooseInFocused(page, box, enumLabel.slice(0, 3), enumLabel);
    return;
  }
  // A password box has no role of its own: it is found by its label.
  const box = await tabTo(
    page,
    widget === 'password' ? main.getByLabel(name) : { role: 'textbox', name, within: main },
  );
  await typeInFocused(page, box, String(value));
}

/** Answers, in order and by keyboard, the fields of one page of a form that `answers` holds. */
export async function answerPageByKeyboard(
  page: Page,
  lng: string,
  form: FormModel,
  pageId: string,
  answers: Record<string, unknown>,
) {
  const formPage = form.pages.find((p) => p.id === pageId);
  if (!formPage) throw new Error(`${form.id} has no page ${pageId}`);
  for (const field of formPage.fields) {
    if (field in answers) await answerFieldByKeyboard(page, lng, form, field, answers[field]);
  }
}
