import type { APIRequestContext, Page } from '@playwright/test';
import { DEFAULT_PAGE_MRZ, passportPage, validSelfie } from '../src/server/biometrics/testing/test-images';
import { ISOLATE_END, ISOLATE_START } from '../src/shared/i18n-interpolation';
import type { Tokens } from './support/accounts';
import { rememberApplication } from './support/capture-setup';
import { catalogueText } from './support/catalogue';
import { escapeRegExp } from './support/no-scripts';
import { expect, test } from './support/fixtures';

// The passport photo's machine-readable zone against the application form: the photo (a drawn passport page, read
// by the server's real reader) gives one date of expiry, the applicant's answer another; the passport page shows
// both, and the answers the photo filled in; the answer corrected leaves nothing to show. With scripts in English,
// without scripts in Arabic.

const auth = (tokens: Tokens) => ({ Authorization: `Bearer ${tokens.accessToken}` });

/**
 * An application of one applicant, the account holder, who typed `typed` as the passport number; the selfie taken,
 * then the passport page, whose MRZ gives `onPassport`, through the capture API as the camera page sends them.
 */
async function photographedApplicant(request: APIRequestContext, tokens: Tokens, typed: string, onPassport: string) {
  const created = await request.post('/api/eta/applications', {
    headers: auth(tokens),
    data: { applicationType: 'ETA', applyingFor: 'SELF' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { applicationIdentifier } = (await created.json()) as { applicationIdentifier: string };
  const added = await request.post(`/api/eta/applications/${applicationIdentifier}/applicants`, {
    headers: auth(tokens),
    data: {
      isAccountHolder: true,
      givenNames: 'Amélie',
      familyName: 'Dubois',
      dateOfBirth: DEFAULT_PAGE_MRZ.dateOfBirth,
      nationality: 'FR',
      passportIssuingCountry: 'FR',
      passportNumber: typed,
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  const { applicantIdentifier } = (await added.json()) as { applicantIdentifier: string };
  const started = await request.post('/api/eta/biometrics', {
    headers: auth(tokens),
    data: { applicationIdentifier, applicantIdentifier },
  });
  expect(started.status(), await started.text()).toBe(201);
  const { sessionIdentifier } = (await started.json()) as { sessionIdentifier: string };
  const act = async (data: Record<string, unknown>) => {
    const response = await request.post(`/api/eta/biometrics/capture-session-status/${sessionIdentifier}`, {
      headers: auth(tokens),
      data,
    });
    expect(response.status(), (await response.text()).slice(0, 400)).toBe(200);
  };
  const page = await passportPage(1250, 880, { ...DEFAULT_PAGE_MRZ, documentNumber: onPassport });
  await act({ action: 'START_CAPTURE', captureType: 'biometrics' });
  await act({ action: 'UPLOAD_IMAGE', captureType: 'biometrics', image: (await validSelfie()).toString('base64') });
  await act({ action: 'START_CAPTURE', captureType: 'passport' });
  await act({ action: 'UPLOAD_IMAGE', captureType: 'passport', image: page.toString('base64') });
  return { applicationIdentifier, applicantIdentifier };
}

/** The text of a locator without the isolates a right-to-left page puts around values. */
const plainText = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).textContent()) ?? '').replaceAll(ISOLATE_START, '').replaceAll(ISOLATE_END, '');

for (const run of [
  { lng: 'en', scripts: true },
  { lng: 'ar', scripts: false },
] as const) {
  test.describe(`the passport photo against the form, ${run.lng}, ${run.scripts ? 'with' : 'without'} scripts`, () => {
    test.use({ locale: run.lng, javaScriptEnabled: run.scripts });

    test('shows both values of an answer that differs, fills in what was empty, and lets the answer be corrected', async ({
      page,
      request,
      context,
      signedIn,
    }) => {
      test.setTimeout(120_000);
      const t = (key: string) => catalogueText(run.lng, key);
      // A number of this run's own (nine characters, as the MRZ has room for), typed right; the date of expiry
      // saved wrong (a draft of the passport page, as the page's autosave keeps one).
      const passportNumber = `R${Date.now().toString(36).toUpperCase().slice(-6)}${run.lng.toUpperCase()}`;
      const ids = await photographedApplicant(request, signedIn.tokens, passportNumber, passportNumber);
      const wrongExpiry = '2033-06-03';
      const draft = await request.put(`/api/eta/applications/${ids.applicationIdentifier}/answers/application-form`, {
        headers: auth(signedIn.tokens),
        data: {
          applicantIdentifier: ids.applicantIdentifier,
          page: 'passport',
          draft: true,
          answers: { passportNumber, passportIssuingCountry: 'FR', passportExpiryDate: wrongExpiry },
        },
      });
      expect(draft.status(), await draft.text()).toBe(200);
      await rememberApplication(context, ids.applicationIdentifier);
      const passportPageUrl = `/applications/application/passport?applicantIdentifier=${ids.applicantIdentifier}`;
      await page.goto(`${passportPageUrl}&lng=${run.lng}`);
      await expect(page.locator('html')).toHaveAttribute('lang', run.lng);

      // Both values side by side, in the page's language.
      const said = t('journey:passportCheck.mismatch')
        .replace('{{read}}', DEFAULT_PAGE_MRZ.dateOfExpiry)
        .replace('{{typed}}', wrongExpiry);
      expect(await plainText(page, 'passport-mismatches')).toContain(said);
      await page.screenshot({ path: `.cache/screenshots/passport-reading-${run.lng}.png`, fullPage: true });
      await expect(page.getByRole('link', { name: t('journey:passportCheck.retake') })).toHaveAttribute(
        'href',
        new RegExp(`capture-biometrics\\?applicantIdentifier=${ids.applicantIdentifier}`),
      );
      // The answers the applicant had not given are filled in from the photo, and said to be.
      await expect(page.getByText(t('forms:applicationForm.sex.label'), { exact: false }).first()).toBeVisible();
      expect(await page.getByRole('status').allTextContents()).toEqual(
        expect.arrayContaining([expect.stringContaining(t('forms:applicationForm.sex.label'))]),
      );

      // Correcting the answer: the link opens the page that asks it; the passport's date is typed in and saved.
      const expiryLabel = t('forms:applicationForm.passportExpiryDate.label');
      // (The field's name in the link is isolated in a right-to-left page: the link is found by it alone.)
      await page
        .getByTestId('passport-mismatches')
        .getByRole('link', { name: new RegExp(escapeRegExp(expiryLabel)) })
        .click();
      const date = (label: string) => page.getByRole('group', { name: new RegExp(`^${label}`) });
      const fill = async (label: string, iso: string) => {
        const [year, month, day] = iso.split('-');
        await date(label)
          .getByLabel(t('forms:engine.day'))
          .fill(String(Number(day)));
        await date(label)
          .getByLabel(t('forms:engine.month'))
          .fill(String(Number(month)));
        await date(label).getByLabel(t('forms:engine.year')).fill(year);
      };
      await fill(expiryLabel, DEFAULT_PAGE_MRZ.dateOfExpiry);
      await fill(t('forms:applicationForm.passportIssueDate.label'), '2023-06-03');
      await page
        .getByRole('textbox', { name: new RegExp(`^${t('forms:applicationForm.passportIssuingAuthority.label')}`) })
        .fill('Préfecture du Rhône');
      await page.getByRole('button', { name: t('forms:engine.continue'), exact: true }).click();
      await expect(page).not.toHaveURL(/\/passport\?/);

      // Back on the passport page, nothing differs any more.
      await page.goto(passportPageUrl);
      await expect(date(expiryLabel).getByLabel(t('forms:engine.year'))).toHaveValue('2033');
      await expect(page.getByTestId('passport-mismatches')).toHaveCount(0);
    });
  });
}
