import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { validPassportPage, validSelfie } from '../../src/server/biometrics/testing/test-images';
import type { Tokens } from './accounts';

/** What the application form journeys type: answers a traveller gives, page by page. */

/** A date `days` from today (the browser's and this process's clock), as YYYY-MM-DD. */
export function isoInDays(days: number): string {
  const d = new Date();
  d.setHours(12, 0, 0, 0);
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The day/month/year boxes of a date question, by the start of its label. */
export function dateGroup(page: Page, label: string): Locator {
  return page.getByRole('group', { name: new RegExp(`^${label}`) });
}

/** Types a YYYY-MM-DD date into the engine's day/month/year boxes, as a user writes it (no leading zeros). */
export async function fillDate(page: Page, label: string, iso: string): Promise<void> {
  const [year, month, day] = iso.split('-');
  const group = dateGroup(page, label);
  await group.getByLabel('Day').fill(String(Number(day)));
  await group.getByLabel('Month').fill(String(Number(month)));
  await group.getByLabel('Year').fill(year);
}

/** Types into a combobox (country, title, list of options) and picks the option, as a user does. */
export async function choose(page: Page, label: string, typed: string, option: string | RegExp): Promise<void> {
  const box = page.getByRole('combobox', { name: label, exact: true });
  await box.click();
  await box.fill('');
  await box.pressSequentially(typed);
  await page
    .getByRole('listbox')
    .getByRole('option', typeof option === 'string' ? { name: option, exact: true } : { name: option })
    .click();
  if (typeof option === 'string') await expect(box).toHaveValue(option);
}

/** Answers a yes/no question. */
export async function answerYesNo(page: Page, question: string, answer: 'Yes' | 'No'): Promise<void> {
  await page.getByRole('group', { name: question }).getByRole('radio', { name: answer }).check();
}

/** The error summary at the top of a page. */
export function problemSummary(page: Page): Locator {
  return page.getByRole('alert').filter({ hasText: 'There is a problem' });
}

/** The error summary lists exactly these messages, in the order of the fields, and the title says Error. */
export async function expectProblems(page: Page, messages: string[]): Promise<void> {
  await expect(problemSummary(page).getByRole('link')).toHaveText(messages);
  await expect(page).toHaveTitle(/^Error: /);
}

/** The heading of the form page now shown. */
export function pageHeading(page: Page, name: string): Locator {
  return page.getByRole('heading', { level: 2, name, exact: true });
}

/** Presses Continue (or the form's last-page button) and waits for the next page's heading. */
export async function continueTo(page: Page, heading: string, button = 'Continue'): Promise<void> {
  await page.getByRole('button', { name: button, exact: true }).click();
  await expect(pageHeading(page, heading)).toBeVisible();
}

/** True when nothing on the page reaches past the right edge of the window. */
export async function expectNoSidewaysScroll(page: Page, label: string): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${label} scrolls sideways`).toBeLessThanOrEqual(0);
}

// ------------------------------------------------------------------ capture through the API

const auth = (tokens: Tokens) => ({ Authorization: `Bearer ${tokens.accessToken}` });

/**
 * Passes the capture step for one applicant the way the portal does, through the real capture API: a session,
 * START_CAPTURE and UPLOAD_IMAGE of a valid selfie, then of a valid passport page (base64, as the camera page
 * sends them). The server checks both pictures and completes the step itself.
 */
export async function passCaptureThroughApi(
  request: APIRequestContext,
  tokens: Tokens,
  applicationIdentifier: string,
  applicantIdentifier: string,
): Promise<void> {
  const started = await request.post('/api/eta/biometrics', {
    headers: auth(tokens),
    data: { applicationIdentifier, applicantIdentifier },
  });
  expect(started.status(), `start capture: ${await started.text()}`).toBe(201);
  const { sessionIdentifier } = (await started.json()) as { sessionIdentifier: string };
  const act = async (data: Record<string, unknown>, status: string) => {
    const response = await request.post(`/api/eta/biometrics/capture-session-status/${sessionIdentifier}`, {
      headers: auth(tokens),
      data,
    });
    expect(
      response.status(),
      `${String(data.action)} ${String(data.captureType)}: ${(await response.text()).slice(0, 400)}`,
    ).toBe(200);
    expect(((await response.json()) as { status: string }).status).toBe(status);
  };
  const selfie = (await validSelfie()).toString('base64');
  const passport = (await validPassportPage()).toString('base64');
  await act({ action: 'START_CAPTURE', captureType: 'biometrics' }, 'BIO_CAPTURE_STARTED');
  await act(
    { action: 'UPLOAD_IMAGE', captureType: 'biometrics', image: `data:image/jpeg;base64,${selfie}` },
    'BIO_CAPTURE_COMPLETE',
  );
  await act({ action: 'START_CAPTURE', captureType: 'passport' }, 'PASSPORT_CAPTURE_STARTED');
  await act(
    { action: 'UPLOAD_IMAGE', captureType: 'passport', image: `data:image/jpeg;base64,${passport}` },
    'PASSPORT_CAPTURE_COMPLETE',
  );
}

/** A passport number no other journey uses, so the open-application check never meets another test's. */
export const freshPassportNumber = (prefix: string) =>
  `${prefix}${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1000)}`.slice(0, 20);

/** An application for the account holder and one child, made through the API (for journeys that start later). */
export async function applicationForTwoThroughApi(
  request: APIRequestContext,
  tokens: Tokens,
  holder: { givenNames: string; familyName: string },
) {
  const headers = auth(tokens);
  const created = await request.post('/api/eta/applications', {
    headers,
    data: { applicationType: 'ETA', applyingFor: 'SELF_AND_OTHERS' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { applicationIdentifier } = (await created.json()) as { applicationIdentifier: string };
  const add = async (data: Record<string, unknown>) => {
    const added = await request.post(`/api/eta/applications/${applicationIdentifier}/applicants`, { headers, data });
    expect(added.status(), await added.text()).toBe(201);
    return ((await added.json()) as { applicantIdentifier: string }).applicantIdentifier;
  };
  const base = { nationality: 'FR', passportIssuingCountry: 'FR' };
  const first = await add({
    ...base,
    isAccountHolder: true,
    givenNames: holder.givenNames,
    familyName: holder.familyName,
    dateOfBirth: '1986-04-12',
    passportNumber: freshPassportNumber('FR'),
  });
  const second = await add({
    ...base,
    isAccountHolder: false,
    relationship: 'CHILD',
    givenNames: 'Léo',
    familyName: 'Dubois',
    dateOfBirth: '2015-02-01',
    passportNumber: freshPassportNumber('FC'),
  });
  return { applicationIdentifier, first, second };
}

/** One applicant's saved answers of the application form, as the API holds them. */
export async function savedApplicationForm(
  request: APIRequestContext,
  tokens: Tokens,
  applicationIdentifier: string,
  applicantIdentifier: string,
) {
  const response = await request.get(
    `/api/eta/application-details/${applicationIdentifier}?applicantIdentifier=${applicantIdentifier}`,
    { headers: auth(tokens) },
  );
  expect(response.status()).toBe(200);
  const body = (await response.json()) as {
    applicants: { applicationForm: { answers: Record<string, unknown>; lastPage: string | null; complete: boolean } }[];
  };
  return body.applicants[0].applicationForm;
}

/** Waits for the next draft of the application form to be stored (the autosave after a pause in typing). */
export function nextDraftSave(page: Page) {
  return page.waitForResponse(
    (response) =>
      response.request().method() === 'PUT' &&
      response.url().includes('/api/eta/application-details/') &&
      (response.request().postDataJSON() as { draft?: boolean } | null)?.draft === true &&
      response.status() === 200,
    { timeout: 15_000 },
  );
}

// ------------------------------------------------------------------ valid answers, page by page

/** The trip both form journeys plan: arrival in a month, two weeks' stay. */
export const TRIP = { arrival: isoInDays(30), departure: isoInDays(44) };

/** Personal details beyond what the applicant's facts prefill (sex, birth place, marital status). */
export async function fillPersonalDetails(page: Page, sex: 'Female' | 'Male' = 'Female'): Promise<void> {
  await page.getByRole('group', { name: /^Sex/ }).getByRole('radio', { name: sex, exact: true }).check();
  await page.getByRole('textbox', { name: 'Town or city of birth' }).fill('Lyon');
  await choose(page, 'Country of birth', 'Fran', 'France');
  await choose(page, 'Marital status', 'Marr', 'Married');
}

/** Passport details beyond the prefilled number and country. */
export async function fillPassport(page: Page, expiry = '2034-06-02'): Promise<void> {
  await fillDate(page, 'Date of issue', '2019-06-03');
  await fillDate(page, 'Date of expiry', expiry);
  await page.getByRole('textbox', { name: /^Issuing authority/ }).fill('Préfecture du Rhône');
}

/** Home address (e-mail and mobile come prefilled for the account holder; given here for anyone else). */
export async function fillContact(page: Page, withEmailAndMobile = false): Promise<void> {
  if (withEmailAndMobile) {
    await page.getByRole('textbox', { name: /^Email address/ }).fill('leo.dubois@example.fr');
    await choose(page, 'Country code', 'France', /^France/);
    await page.getByRole('textbox', { name: 'Mobile number', exact: true }).fill('06 12 34 56 78');
  }
  await page.getByRole('textbox', { name: 'Address line 1' }).fill('12 rue de la République');
  await page.getByRole('textbox', { name: 'Town or city', exact: true }).fill('Lyon');
  await page.getByRole('textbox', { name: /^Postcode/ }).fill('69002');
  await choose(page, 'Country', 'Fran', 'France');
}

/** Work: a teacher (so the job details page follows). */
export async function fillWork(page: Page): Promise<void> {
  await choose(page, 'What kind of work do you do?', 'Educ', 'Educational');
}

export async function fillWorkDetails(page: Page): Promise<void> {
  await page.getByRole('textbox', { name: 'Job title or course' }).fill('Teacher');
  await page.getByRole('textbox', { name: 'Name of your employer or school' }).fill('Lycée du Parc');
  await page
    .getByRole('textbox', { name: /^Address of your employer or school/ })
    .fill('1 boulevard Anatole France, 69006 Lyon');
}

export async function fillTrip(page: Page): Promise<void> {
  await choose(page, 'Main purpose of your visit', 'Vaca', 'Vacation or holiday');
  await fillDate(page, 'Arrival date', TRIP.arrival);
  await fillDate(page, 'Departure date', TRIP.departure);
  await page.getByRole('radio', { name: 'Cape Town International Airport' }).check();
  await page.getByRole('textbox', { name: /^Flight number/ }).fill('AF 990');
}

export async function fillStay(page: Page): Promise<void> {
  await page.getByRole('textbox', { name: /^Name of the place where you will stay/ }).fill('Bay View Guest House');
  await page.getByRole('textbox', { name: 'Street address' }).fill('5 Beach Road');
  await page.getByRole('textbox', { name: 'Town or city', exact: true }).fill('Cape Town');
  await choose(page, 'Province', 'Western', 'Western Cape');
  await page.getByRole('textbox', { name: 'Postal code' }).fill('8005');
}

export async function fillTravelHistory(page: Page): Promise<void> {
  await answerYesNo(page, 'Have you visited South Africa before?', 'No');
  await answerYesNo(page, 'Have you ever been refused a visa or entry to any country?', 'No');
}
