import { rmSync } from 'node:fs';
import { request as playwrightRequest, type Page } from '@playwright/test';
import { rememberApplication } from './support/capture-setup';
import { test, expect, expectAccessible } from './support/fixtures';
import { createVerifiedAccount, signInBrowser, type Tokens } from './support/accounts';
import {
  answerYesNo,
  applicationForTwoThroughApi,
  choose,
  continueTo,
  dateGroup,
  expectNoSidewaysScroll,
  expectProblems,
  fillContact,
  fillDate,
  fillPassport,
  fillPersonalDetails,
  fillStay,
  fillTravelHistory,
  fillTrip,
  fillWork,
  fillWorkDetails,
  freshPassportNumber,
  isoInDays,
  nextDraftSave,
  pageHeading,
  passCaptureThroughApi,
  problemSummary,
  savedApplicationForm,
  TRIP,
} from './support/application-form';
import { startServer, type RunningServer } from './support/server';

// The application flow in the browser against the real server: create an application for two, capture passed
// through the real capture API (the camera journeys are e2e/capture.spec.ts), every page of the application
// form with wrong and right answers, leaving and resuming, check answers, declarations, progress, deleting.

/** Where screenshots for a visual check go when SCREENSHOT_DIR is set; they are never committed. */
const SHOTS = process.env.SCREENSHOT_DIR;

async function checked(page: Page, label: string): Promise<void> {
  await expectAccessible(page, label);
  if (SHOTS)
    await page.screenshot({
      path: `${SHOTS}/flow-${label.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}-${page.viewportSize()?.width}.png`,
      fullPage: true,
    });
}

/** The task list of one applicant on the overview, and the state shown for one of its steps. */
function stepState(page: Page, name: string, step: string) {
  return page
    .getByRole('region', { name: `Steps for ${name}` })
    .getByRole('listitem')
    .filter({ hasText: step });
}

async function expectSteps(
  page: Page,
  name: string,
  states: Record<string, 'Completed' | 'In progress' | 'Cannot start yet'>,
) {
  for (const [step, state] of Object.entries(states))
    await expect(stepState(page, name, step), `${name}: ${step}`).toContainText(state);
}

const auth = (tokens: Tokens) => ({ Authorization: `Bearer ${tokens.accessToken}` });

test.describe('application flow', () => {
  test('create for me and another, capture, the whole form with wrong and right answers, leave and resume, check answers, declarations, progress, delete a second application', async ({
    page,
    request,
    signedIn: account,
  }) => {
    test.setTimeout(420_000);
    const holder = `${account.givenNames} ${account.familyName}`;

    // ---- create the application and its two applicants
    await page.goto('/applications/create-application');
    await expect(page.getByRole('heading', { level: 1, name: 'Start a new application' })).toBeVisible();
    await page.getByRole('radio', { name: 'Electronic travel authorisation (ETA)' }).check();
    await page.getByRole('radio', { name: 'Me and other people' }).check();
    await page.getByRole('button', { name: 'Create the application' }).click();
    await expect(page.getByRole('heading', { level: 2, name: '0 applicants' })).toBeVisible();

    const identity = async (
      givenNames: string,
      familyName: string,
      birth: string,
      country: string,
      passport: string,
    ) => {
      await expect(page.getByRole('heading', { level: 2, name: 'About the applicant' })).toBeVisible();
      await page.getByRole('textbox', { name: 'Given names' }).fill(givenNames);
      await page.getByRole('textbox', { name: 'Family name' }).fill(familyName);
      await fillDate(page, 'Date of birth', birth);
      await choose(page, 'Nationality', country, country);
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByRole('heading', { level: 2, name: "The applicant's passport" })).toBeVisible();
      await choose(page, 'Country that issued the passport', country, country);
      await page.getByRole('textbox', { name: 'Passport number' }).fill(passport);
      await page.getByRole('button', { name: 'Add this applicant' }).click();
    };
    await page.getByRole('link', { name: 'Add your details' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await identity(account.givenNames, account.familyName, '1986-04-12', 'France', freshPassportNumber('FR'));
    await expect(page.getByRole('heading', { level: 2, name: '1 applicant' })).toBeVisible();
    await page.getByRole('link', { name: 'Add an applicant' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await choose(page, 'Their relationship to you', 'Chi', 'Child');
    await page.getByRole('button', { name: 'Continue' }).click();
    await identity('Léo', 'Dubois', '2015-02-01', 'France', freshPassportNumber('FC'));
    await expect(page.getByRole('heading', { level: 2, name: '2 applicants' })).toBeVisible();
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.getByRole('link', { name: 'Confirm and continue' }).click();
    await expect(page).toHaveURL(/\/applications\/application$/);

    // Before capture, capture is the only step open.
    await expect(page.getByRole('heading', { level: 1, name: 'Your application' })).toBeVisible();
    await expectSteps(page, holder, {
      'Photo and passport': 'In progress',
      'Application form': 'Cannot start yet',
      Declarations: 'Cannot start yet',
    });
    await checked(page, 'overview before capture');

    // ---- capture for both, through the real capture API
    const applicationIdentifier = await page.evaluate(
      () => JSON.parse(localStorage.getItem('eta.routerContext') ?? '{}').applicationIdentifier as string,
    );
    const application = (await (
      await request.get(`/api/eta/applications/${applicationIdentifier}`, { headers: auth(account.tokens) })
    ).json()) as {
      applicants: { applicantIdentifier: string; givenNames: string }[];
    };
    const [first, second] = application.applicants.map((a) => a.applicantIdentifier);
    expect(application.applicants.map((a) => a.givenNames)).toEqual([account.givenNames, 'Léo']);
    for (const applicant of [first, second])
      await passCaptureThroughApi(request, account.tokens, applicationIdentifier, applicant);

    await page.reload();
    for (const name of [holder, 'Léo Dubois']) {
      await expectSteps(page, name, {
        'Photo and passport': 'Completed',
        'Application form': 'In progress',
        Declarations: 'Cannot start yet',
        'Supporting documents': 'Cannot start yet',
      });
    }
    await checked(page, 'overview after capture');

    // ---- personal details: what the applicant's facts and the account gave is there; the rest is asked
    await page
      .getByRole('region', { name: `Steps for ${holder}` })
      .getByRole('link', { name: 'Application form' })
      .click();
    await expect(pageHeading(page, 'Personal details')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`Applicant: ${holder}`);
    await expect(page.getByRole('textbox', { name: 'Given names' })).toHaveValue(account.givenNames);
    await expect(page.getByRole('combobox', { name: 'Title' })).toHaveValue('Ms');
    await expect(dateGroup(page, 'Date of birth').getByLabel('Year')).toHaveValue('1986');
    await checked(page, 'personal details');
    await page.getByRole('textbox', { name: 'Given names' }).fill('');
    await page.getByRole('button', { name: 'Continue' }).click();
    // The sex was filled in from the passport photo's machine-readable zone (the photo's traveller is a woman).
    await expect(page.getByRole('radio', { name: 'Female' })).toBeChecked();
    await expectProblems(page, [
      'Name is required',
      'This field is required',
      'Select a country from the list',
      'Select your marital status',
    ]);
    await expect(problemSummary(page)).toBeFocused();
    await expect(page.getByRole('textbox', { name: 'Given names' })).toHaveAttribute('aria-invalid', 'true');
    await checked(page, 'personal details, missing answers');
    await page.getByRole('textbox', { name: 'Given names' }).fill('Th4ndi');
    await expect(
      problemSummary(page).getByRole('link', { name: 'Only letters, spaces, apostrophes, and hyphens are allowed' }),
    ).toBeVisible();
    await fillDate(page, 'Date of birth', isoInDays(3));
    await expect(
      problemSummary(page).getByRole('link', { name: 'The date of birth must be in the past' }),
    ).toBeVisible();
    await checked(page, 'personal details, wrong answers');
    await page.getByRole('textbox', { name: 'Given names' }).fill(account.givenNames);
    await fillDate(page, 'Date of birth', '1986-04-12');
    await fillPersonalDetails(page);
    await expect(problemSummary(page)).toHaveCount(0);
    await continueTo(page, 'Passport');

    // ---- passport: prefilled number and country; dates checked on their own and against each other
    await expect(page.getByRole('combobox', { name: 'Country that issued the passport' })).toHaveValue('France');
    await checked(page, 'passport');
    // The date of expiry was filled in from the passport photo; the date of issue and the authority were not.
    await expect(dateGroup(page, 'Date of expiry').getByLabel('Year')).toHaveValue('2033');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectProblems(page, ['Enter a date', 'This field is required']);
    await fillDate(page, 'Date of issue', '2019-06-03');
    await fillDate(page, 'Date of expiry', isoInDays(-2));
    await page.getByRole('textbox', { name: /^Issuing authority/ }).fill('Préfecture du Rhône');
    await expectProblems(page, ['This passport has expired: use a valid passport']);
    await fillDate(page, 'Date of expiry', '2018-01-01');
    await expectProblems(page, ['The date of expiry must be after the date of issue']);
    await checked(page, 'passport, wrong dates');
    // Valid on its own, but it expires 16 days after the planned departure: the trip page says so.
    const shortExpiry = isoInDays(60);
    await fillPassport(page, shortExpiry);
    await continueTo(page, 'Contact details and home address');

    // ---- contact: e-mail and mobile come from the account
    await expect(page.getByRole('textbox', { name: /^Email address/ })).toHaveValue(account.email);
    await checked(page, 'contact');
    await page.getByRole('textbox', { name: /^Postcode/ }).fill('#');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectProblems(page, [
      'Enter the street address',
      'Enter the town or city',
      'Enter a real postcode',
      'Select a country from the list',
    ]);
    await checked(page, 'contact, errors');
    await fillContact(page);
    await continueTo(page, 'Work');

    // ---- work, and the job details that follow unless the work is unknown
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectProblems(page, ['Select the kind of work you do']);
    await checked(page, 'work, missing');
    await fillWork(page);
    await continueTo(page, 'Your job or studies');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectProblems(page, [
      'Enter your job title or course',
      'Enter the name of your employer or school',
      'Enter the address of your employer or school',
    ]);
    await checked(page, 'work details, missing');
    await fillWorkDetails(page);
    await continueTo(page, 'Your trip');

    // ---- trip: required answers, departure before arrival, more than 90 days, passport expiring too soon
    await checked(page, 'trip');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectProblems(page, [
      'Select the main purpose of your visit',
      'Enter a date',
      'Enter a date',
      'Select the airport where you will arrive',
    ]);
    await checked(page, 'trip, missing');
    await fillTrip(page);
    await fillDate(page, 'Departure date', isoInDays(29));
    await page.getByRole('textbox', { name: /^Flight number/ }).fill('flight nine');
    await expectProblems(page, [
      'The departure date must be the same as or after the arrival date',
      'Enter a flight number like SA 234',
    ]);
    await checked(page, 'trip, departure before arrival');
    await page.getByRole('textbox', { name: /^Flight number/ }).fill('AF 990');
    await fillDate(page, 'Departure date', isoInDays(30 + 95));
    await expect(
      problemSummary(page).getByRole('link', {
        name: 'You can stay for up to 90 days: choose an earlier departure date',
      }),
    ).toBeVisible();
    await checked(page, 'trip, stay too long');
    await fillDate(page, 'Departure date', TRIP.departure);
    await expectProblems(page, ['Your passport must be valid for at least 30 days after the departure date']);
    await checked(page, 'trip, passport expires too soon');
    // Back to the passport page for a passport that lasts.
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await expect(pageHeading(page, 'Passport')).toBeVisible();
    await fillDate(page, 'Date of expiry', '2034-06-02');
    await continueTo(page, 'Contact details and home address');
    await continueTo(page, 'Work');
    await continueTo(page, 'Your job or studies');
    await continueTo(page, 'Your trip');
    await expect(dateGroup(page, 'Departure date').getByLabel('Day')).toHaveValue(
      String(Number(TRIP.departure.slice(8))),
    );
    await continueTo(page, 'Where you will stay');

    // ---- stay: leave mid-page after the autosave, come back, reload: everything typed is there
    await checked(page, 'stay');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectProblems(page, [
      'This field is required',
      'Enter the street address',
      'Enter the town or city',
      'Select the province',
      'Enter a 4-digit postal code',
    ]);
    await checked(page, 'stay, missing');
    const draft = nextDraftSave(page);
    await page.getByRole('textbox', { name: /^Name of the place where you will stay/ }).fill('Bay View Guest House');
    await page.getByRole('textbox', { name: 'Street address' }).fill('5 Beach Road');
    await page.getByRole('textbox', { name: 'Postal code' }).fill('80');
    await draft;
    expect((await savedApplicationForm(request, account.tokens, applicationIdentifier, first)).answers).toMatchObject({
      stayName: 'Bay View Guest House',
      stayStreet: '5 Beach Road',
      stayPostcode: '80',
      departureDate: TRIP.departure,
      passportExpiryDate: '2034-06-02',
    });
    await page.getByRole('link', { name: 'Back to your application' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your application' })).toBeVisible();
    await expectSteps(page, holder, {
      'Photo and passport': 'Completed',
      'Application form': 'In progress',
      Declarations: 'Cannot start yet',
    });
    await page.reload();
    await stepState(page, holder, 'Application form').getByRole('link', { name: 'Application form' }).click();
    const resumedOnStay = async () => {
      await expect(pageHeading(page, 'Where you will stay')).toBeVisible();
      await expect(page.getByRole('textbox', { name: /^Name of the place where you will stay/ })).toHaveValue(
        'Bay View Guest House',
      );
      await expect(page.getByRole('textbox', { name: 'Street address' })).toHaveValue('5 Beach Road');
      await expect(page.getByRole('textbox', { name: 'Postal code' })).toHaveValue('80');
    };
    await resumedOnStay();
    await page.reload();
    await resumedOnStay();
    // The server had them: nothing needed restoring from this browser.
    await expect(page.getByText(/Answers you typed in this browser/)).toHaveCount(0);
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await expect(pageHeading(page, 'Your trip')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Main purpose of your visit' })).toHaveValue('Vacation or holiday');
    await expect(page.getByRole('radio', { name: 'Cape Town International Airport' })).toBeChecked();
    await expect(page.getByRole('textbox', { name: /^Flight number/ })).toHaveValue('AF 990');
    await continueTo(page, 'Where you will stay');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectProblems(page, ['Enter the town or city', 'Select the province', 'Enter a 4-digit postal code']);
    await fillStay(page);
    await continueTo(page, 'Travel history');

    // ---- travel history: the last page unless a 'yes' asks for more
    await page.getByRole('button', { name: 'Save application form' }).click();
    await expectProblems(page, ['Select yes or no', 'Select yes or no']);
    await checked(page, 'travel history, missing');
    await answerYesNo(page, 'Have you visited South Africa before?', 'Yes');
    await answerYesNo(page, 'Have you ever been refused a visa or entry to any country?', 'No');
    await continueTo(page, 'Your previous visit');
    await checked(page, 'previous visit');
    await page.getByRole('button', { name: 'Save application form' }).click();
    await expectProblems(page, ['Enter a date']);
    await fillDate(page, 'When did your last visit start?', isoInDays(10));
    await expectProblems(page, ['The date must be in the past']);
    await checked(page, 'previous visit, date in the future');
    await fillDate(page, 'When did your last visit start?', '2019-12-20');
    await page.getByRole('button', { name: 'Save application form' }).click();

    // ---- check answers, with Change links that come back here
    await expect(page.getByRole('heading', { level: 2, name: 'Check your answers' })).toBeVisible();
    const answer = (label: string) =>
      page
        .getByRole('term')
        .filter({ hasText: new RegExp(`^${label.replace(/[?()]/g, '\\$&')}$`) })
        .locator('xpath=following-sibling::dd[1]');
    await expect(answer('Given names')).toHaveText(account.givenNames);
    await expect(answer('Sex')).toHaveText('Female');
    await expect(answer('Date of expiry')).toHaveText('2 June 2034');
    await expect(answer('Email address')).toHaveText(account.email);
    await expect(answer('Main purpose of your visit')).toHaveText('Vacation or holiday');
    await expect(answer('Name of the place where you will stay')).toHaveText('Bay View Guest House');
    await expect(answer('Have you visited South Africa before?')).toHaveText('Yes');
    await expect(answer('When did your last visit start?')).toHaveText('20 December 2019');
    await expect(answer('Other names you have used')).toHaveText('Not provided');
    expect(await page.getByRole('link', { name: /^Change / }).count()).toBeGreaterThan(30);
    await checked(page, 'check answers');
    await page.getByRole('link', { name: 'Change Name of the place where you will stay' }).click();
    await expect(pageHeading(page, 'Where you will stay')).toBeVisible();
    await expect(page.getByRole('textbox', { name: /^Name of the place where you will stay/ })).toBeFocused();
    await page.getByRole('textbox', { name: /^Name of the place where you will stay/ }).fill('Sea Point Lodge');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Check your answers' })).toBeVisible();
    await expect(answer('Name of the place where you will stay')).toHaveText('Sea Point Lodge');
    await page.getByRole('link', { name: 'Change Marital status' }).click();
    await expect(pageHeading(page, 'Personal details')).toBeVisible();
    await choose(page, 'Marital status', 'Wid', 'Widowed');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Check your answers' })).toBeVisible();
    await expect(answer('Marital status')).toHaveText('Widowed');
    await page.getByRole('button', { name: 'Save application form' }).click();

    // ---- the overview shows the progress
    await expect(page).toHaveURL(/\/applications\/application$/);
    await expect(page.getByText(`Your answers for ${holder} have been saved.`)).toBeVisible();
    await expectSteps(page, holder, {
      'Photo and passport': 'Completed',
      'Application form': 'Completed',
      Declarations: 'In progress',
      'Supporting documents': 'Cannot start yet',
    });
    await expectSteps(page, 'Léo Dubois', {
      'Photo and passport': 'Completed',
      'Application form': 'In progress',
      Declarations: 'Cannot start yet',
    });
    await checked(page, 'overview, form done');
    const stored = await savedApplicationForm(request, account.tokens, applicationIdentifier, first);
    expect(stored.complete).toBe(true);
    expect(stored.answers).toMatchObject({
      stayName: 'Sea Point Lodge',
      maritalStatus: 'WIDOWED',
      visitedBefore: true,
      previousVisitDate: '2019-12-20',
      arrivalDate: TRIP.arrival,
    });

    // ---- declarations: a 'yes' asks for its details, the final tick is needed
    await stepState(page, holder, 'Declarations').getByRole('link', { name: 'Declarations' }).click();
    await expect(pageHeading(page, 'Criminal record')).toBeVisible();
    await checked(page, 'declarations');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectProblems(page, ['Select yes or no', 'Select yes or no']);
    await checked(page, 'declarations, missing');
    await answerYesNo(page, 'Have you ever been convicted of a crime in any country?', 'Yes');
    await answerYesNo(page, 'Are you facing criminal charges anywhere that have not been decided yet?', 'No');
    await continueTo(page, 'Your conviction');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectProblems(page, ['Give details for your answer']);
    await checked(page, 'declarations, details missing');
    await page
      .getByRole('textbox', { name: /^Give details of each conviction/ })
      .fill('France, 2009: a speeding fine, paid.');
    await continueTo(page, 'Immigration history');
    for (const question of [
      'Have you ever been refused entry to South Africa, or deported or removed from it?',
      'Have you ever stayed in South Africa longer than your visa or permit allowed?',
      'Have you ever been declared an undesirable or prohibited person in South Africa?',
    ])
      await answerYesNo(page, question, 'No');
    await continueTo(page, 'Security');
    await answerYesNo(
      page,
      'Have you ever been involved in terrorism, war crimes, crimes against humanity or genocide?',
      'No',
    );
    await continueTo(page, 'Health');
    await answerYesNo(
      page,
      'In the last 6 days, have you travelled through a country where yellow fever is a risk?',
      'No',
    );
    await answerYesNo(page, 'Do you have a communicable disease, or are you being treated for tuberculosis?', 'No');
    await continueTo(page, 'Declaration');
    await page.getByRole('button', { name: 'Confirm declarations' }).click();
    await expectProblems(page, ['Confirm that the information you have given is true and complete']);
    await checked(page, 'declaration, not ticked');
    await page
      .getByRole('checkbox', { name: /^I declare that the information I have given is true and complete/ })
      .check();
    await page.getByRole('button', { name: 'Confirm declarations' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Check your answers' })).toBeVisible();
    await expect(answer('Give details of each conviction')).toHaveText('France, 2009: a speeding fine, paid.');
    await checked(page, 'declarations, check answers');
    await page.getByRole('button', { name: 'Confirm declarations' }).click();
    await expect(page).toHaveURL(/\/applications\/application$/);
    await expectSteps(page, holder, {
      'Photo and passport': 'Completed',
      'Application form': 'Completed',
      Declarations: 'Completed',
      'Supporting documents': 'In progress',
      Payment: 'Cannot start yet',
    });
    await checked(page, 'overview, declarations done');

    // ---- a second application, deleted from My applications
    const created = await request.post('/api/eta/applications', {
      headers: auth(account.tokens),
      data: { applicationType: 'ETA_SECTION_11_1', applyingFor: 'SELF' },
    });
    expect(created.status()).toBe(201);
    await page.goto('/my-applications');
    const mine = page.getByRole('region', { name: 'Electronic travel authorisation (ETA)' });
    await expect(mine.getByText(holder, { exact: true })).toBeVisible();
    const secondApplication = page.getByRole('region', { name: "Visitor's visa under section 11(1)" });
    await expect(secondApplication).toBeVisible();
    await checked(page, 'my applications, two');
    await secondApplication.getByRole('button', { name: /^Delete/ }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete this application?' });
    await expect(dialog).toBeVisible();
    await checked(page, 'my applications, delete dialog');
    await dialog.getByRole('button', { name: 'Yes, delete it' }).click();
    await expect(
      page.getByText(/^You have deleted the application with no applicants yet, started on .+\.$/),
    ).toBeVisible();
    await expect(secondApplication).toHaveCount(0);
    await expect(mine).toBeVisible();
    await checked(page, 'my applications, after delete');
    const list = (await (await request.get('/api/eta/applications', { headers: auth(account.tokens) })).json()) as
      unknown[] | { applications: unknown[] };
    expect(Array.isArray(list) ? list.length : list.applications.length).toBe(1);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

    test('every page of the application form fits 375 px without sideways scrolling and stays accessible', async ({
      page,
      request,
      signedIn: account,
    }) => {
      test.setTimeout(240_000);
      const ids = await applicationForTwoThroughApi(request, account.tokens, account);
      for (const applicant of [ids.first, ids.second])
        await passCaptureThroughApi(request, account.tokens, ids.applicationIdentifier, applicant);
      await rememberApplication(page.context(), ids.applicationIdentifier);

      const fits = async (label: string) => {
        await expectNoSidewaysScroll(page, label);
        await checked(page, `phone, ${label}`);
      };
      await page.goto('/applications/application');
      await expect(page.getByRole('region', { name: 'Steps for Léo Dubois' })).toBeVisible();
      await fits('overview');
      // The child's form: nothing comes from the account, so every answer is typed here.
      await page.goto(`/applications/application?applicantIdentifier=${ids.second}`);
      await expect(pageHeading(page, 'Personal details')).toBeVisible();
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(problemSummary(page)).toBeVisible();
      await fits('personal details, errors');
      await choose(page, 'Title', 'Mr', 'Mr');
      await fillPersonalDetails(page, 'Male');
      await fits('personal details');
      await continueTo(page, 'Passport');
      await fillPassport(page);
      await fits('passport');
      await continueTo(page, 'Contact details and home address');
      await fillContact(page, true);
      await fits('contact');
      await continueTo(page, 'Work');
      await fits('work');
      await fillWork(page);
      await continueTo(page, 'Your job or studies');
      await fillWorkDetails(page);
      await fits('work details');
      await continueTo(page, 'Your trip');
      await fillTrip(page);
      await fits('trip');
      await continueTo(page, 'Where you will stay');
      await fillStay(page);
      await fits('stay');
      await continueTo(page, 'Travel history');
      await fillTravelHistory(page);
      await fits('travel history');
      await page.getByRole('button', { name: 'Save application form' }).click();
      await expect(page.getByRole('heading', { level: 2, name: 'Check your answers' })).toBeVisible();
      await fits('check answers');
      await page.getByRole('button', { name: 'Save application form' }).click();
      await expect(page.getByText('Your answers for Léo Dubois have been saved.')).toBeVisible();
      await expectSteps(page, 'Léo Dubois', { 'Application form': 'Completed', Declarations: 'In progress' });
      await fits('overview, form done');
    });
  });
});

test.describe('a server that dies mid-journey', () => {
  let server: RunningServer | undefined;
  test.afterEach(async () => {
    await server?.stop();
    if (server) rmSync(server.dataDir, { recursive: true, force: true });
  });

  test('loses nothing typed: answers stay in the browser while it is down and reach it when it is back', async ({
    page,
    context,
  }) => {
    test.setTimeout(240_000);
    server = await startServer();
    const api = await playwrightRequest.newContext({ baseURL: server.baseURL });
    const account = await createVerifiedAccount(api);
    const ids = await applicationForTwoThroughApi(api, account.tokens, account);
    await passCaptureThroughApi(api, account.tokens, ids.applicationIdentifier, ids.first);
    await signInBrowser(context, server.baseURL, account.tokens);
    await rememberApplication(page.context(), ids.applicationIdentifier);
    const formUrl = `${server.baseURL}/applications/application?applicantIdentifier=${ids.first}`;

    await page.goto(formUrl);
    await expect(pageHeading(page, 'Personal details')).toBeVisible();
    const draft = nextDraftSave(page);
    await page.getByRole('textbox', { name: 'Town or city of birth' }).fill('Lyon');
    await draft;

    // The plug is pulled.
    await server.kill();
    await page.getByRole('textbox', { name: /^Other names you have used/ }).fill('Martin');
    await page.getByRole('group', { name: /^Sex/ }).getByRole('radio', { name: 'Female', exact: true }).check();
    await choose(page, 'Marital status', 'Marr', 'Married');
    const kept = page.getByRole('status').filter({
      hasText:
        'We could not save your latest answers. They are kept in this browser and we will keep trying to save them.',
    });
    await expect(kept).toBeVisible({ timeout: 15_000 });
    await checked(page, 'saving failed banner');
    const backup = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.startsWith('eta.answers.application-form.'));
      return key
        ? (JSON.parse(localStorage.getItem(key) ?? '{}') as { answers: Record<string, unknown> }).answers
        : undefined;
    });
    expect(backup).toMatchObject({
      cityOfBirth: 'Lyon',
      otherNames: 'Martin',
      sex: 'FEMALE',
      maritalStatus: 'MARRIED',
    });
    // Typing goes on while it is down.
    await page.getByRole('textbox', { name: 'Town or city of birth' }).fill('Lyon 2e');

    // The same server comes back on the same data; the next try saves everything.
    server = await startServer({ port: server.port, dataDir: server.dataDir });
    await expect(page.getByRole('status').filter({ hasText: 'Your answers have been saved.' })).toBeVisible({
      timeout: 45_000,
    });
    await expect(kept).toHaveCount(0);
    const saved = await savedApplicationForm(api, account.tokens, ids.applicationIdentifier, ids.first);
    expect(saved.answers).toMatchObject({
      cityOfBirth: 'Lyon 2e',
      otherNames: 'Martin',
      sex: 'FEMALE',
      maritalStatus: 'MARRIED',
      givenNames: account.givenNames,
    });
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('eta.answers.')))).toEqual(
      [],
    );

    // Reload: every answer comes back from the server.
    await page.reload();
    await expect(pageHeading(page, 'Personal details')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Town or city of birth' })).toHaveValue('Lyon 2e');
    await expect(page.getByRole('textbox', { name: /^Other names you have used/ })).toHaveValue('Martin');
    await expect(
      page.getByRole('group', { name: /^Sex/ }).getByRole('radio', { name: 'Female', exact: true }),
    ).toBeChecked();
    await expect(page.getByRole('combobox', { name: 'Marital status' })).toHaveValue('Married');
    await expect(page.getByText(/Answers you typed in this browser/)).toHaveCount(0);
    await api.dispose();
  });
});
