import type { Locator, Page } from '@playwright/test';
import { test, expect, expectAccessible } from './support/fixtures';
import { applicationForTwoThroughApi } from './support/application-form';

/** Where screenshots for a visual check go when SCREENSHOT_DIR is set; they are never committed. */
const SHOTS = process.env.SCREENSHOT_DIR;

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width}.png`, fullPage: true });
}

async function checkAccessible(page: Page, label: string): Promise<void> {
  await expectAccessible(page, label);
  await shot(page, label.replace(/[^a-z0-9]+/gi, '-').toLowerCase());
}

/** Types into a country combobox and picks the option, as a user does. */
async function chooseCountry(box: Locator, typed: string, option: string): Promise<void> {
  await box.click();
  await box.fill('');
  await box.pressSequentially(typed);
  await box.page().getByRole('option', { name: option, exact: true }).click();
  await expect(box).toHaveValue(option);
}

interface Traveller {
  givenNames: string;
  familyName: string;
  birth: [string, string, string];
  nationality: string;
}

/** The identity page of the applicant form: names, date of birth, nationality; then Continue. */
async function fillIdentity(page: Page, who: Traveller): Promise<void> {
  await expect(page.getByRole('heading', { level: 2, name: 'About the applicant' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Given names' }).fill(who.givenNames);
  await page.getByRole('textbox', { name: 'Family name' }).fill(who.familyName);
  const birth = page.getByRole('group', { name: /Date of birth/ });
  await birth.getByLabel('Day').fill(who.birth[0]);
  await birth.getByLabel('Month').fill(who.birth[1]);
  await birth.getByLabel('Year').fill(who.birth[2]);
  await chooseCountry(page.getByRole('combobox', { name: 'Nationality' }), who.nationality, who.nationality);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** The passport page: issuing country and number; the button adds the applicant. */
async function fillPassport(page: Page, country: string, number: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 2, name: "The applicant's passport" })).toBeVisible();
  await chooseCountry(page.getByRole('combobox', { name: 'Country that issued the passport' }), country, country);
  await page.getByRole('textbox', { name: 'Passport number' }).fill(number);
}

/** A passport number no other journey uses, so the open-application check never meets another test's. */
const passportNumber = (prefix: string) =>
  `${prefix}${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1000)}`.slice(0, 20);

test.describe('applications', () => {
  test('create an application for me and one other, fix a refused passport, confirm, list, and delete a second one', async ({
    page,
    signedIn: account,
  }) => {
    test.setTimeout(240_000);

    // Nothing yet: the empty state offers to apply.
    await page.goto('/my-applications');
    await expect(page.getByRole('heading', { level: 1, name: 'My applications' })).toBeVisible();
    await expect(page.getByText('You have not started any applications yet.')).toBeVisible();
    await checkAccessible(page, 'my applications, empty');
    await page.getByRole('link', { name: 'Apply for an ETA' }).click();

    // Create: both answers are needed.
    await expect(page.getByRole('heading', { level: 1, name: 'Start a new application' })).toBeVisible();
    await checkAccessible(page, 'create application');
    await page.getByRole('button', { name: 'Create the application' }).click();
    await expect(page.getByRole('link', { name: 'Select what you are applying for' })).toBeVisible();
    await checkAccessible(page, 'create application, errors');
    await page.getByRole('radio', { name: 'Electronic travel authorisation (ETA)' }).check();
    await page.getByRole('radio', { name: 'Me and other people' }).check();
    await page.getByRole('button', { name: 'Create the application' }).click();

    // Applicants: none yet.
    await expect(page).toHaveURL(/\/applications\/manage-applicants$/);
    await expect(page.getByRole('heading', { level: 2, name: '0 applicants' })).toBeVisible();
    await expect(page.getByText('Electronic travel authorisation (ETA), for: Me and other people')).toBeVisible();
    await checkAccessible(page, 'manage applicants, empty');

    // The account holder first.
    await page.getByRole('link', { name: 'Add your details' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Add an applicant' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Yes' })).toBeChecked();
    await checkAccessible(page, 'add applicant, who');
    await page.getByRole('button', { name: 'Continue' }).click();
    await fillIdentity(page, {
      givenNames: account.givenNames,
      familyName: account.familyName,
      birth: ['12', '4', '1986'],
      nationality: 'France',
    });
    await fillPassport(page, 'France', passportNumber('FR'));
    await checkAccessible(page, 'add applicant, passport');
    await page.getByRole('button', { name: 'Add this applicant' }).click();
    await expect(page.getByText(`${account.givenNames} ${account.familyName} has been added.`)).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: '1 applicant' })).toBeVisible();

    // Someone else, with a passport from a country that cannot apply online.
    await page.getByRole('link', { name: 'Add an applicant' }).click();
    await expect(page.getByRole('radio', { name: 'No' })).toBeChecked();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'How is this applicant related to you?' })).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('link', { name: 'Select how this person is related to you' })).toBeVisible();
    await checkAccessible(page, 'add applicant, relationship missing');
    await chooseCountry(page.getByRole('combobox', { name: 'Their relationship to you' }), 'Chi', 'Child');
    await page.getByRole('button', { name: 'Continue' }).click();
    await fillIdentity(page, {
      givenNames: 'Léa',
      familyName: 'Dubois',
      birth: ['30', '9', '2015'],
      nationality: 'South Africa',
    });
    const childPassport = passportNumber('ZA');
    await fillPassport(page, 'South Africa', childPassport);
    await page.getByRole('button', { name: 'Add this applicant' }).click();

    // The refusal is explained at the passport answer, with what to do next.
    const refusal =
      'Passports issued by this country cannot be used for this application. Holders of this passport must apply for a visa at an embassy or consulate.';
    const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
    await expect(summary.getByRole('link', { name: refusal })).toBeVisible();
    await expect(summary).toBeFocused();
    await expect(page).toHaveTitle(/^Error: /);
    await expect(page.getByRole('combobox', { name: 'Country that issued the passport' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(page.getByRole('heading', { level: 2, name: 'What you can do' })).toBeVisible();
    await expect(
      page.getByText(/If they have a passport from another country, use that passport instead\./),
    ).toBeVisible();
    await checkAccessible(page, 'add applicant, passport country refused');

    // Fixed with the other passport the child holds.
    await chooseCountry(page.getByRole('combobox', { name: 'Country that issued the passport' }), 'Germany', 'Germany');
    await page.getByRole('textbox', { name: 'Passport number' }).fill(passportNumber('DE'));
    await page.getByRole('button', { name: 'Add this applicant' }).click();
    await expect(page.getByText('Léa Dubois has been added.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: '2 applicants' })).toBeVisible();
    await checkAccessible(page, 'manage applicants, two');

    // Removing asks first; No keeps the applicant.
    await page.getByRole('button', { name: 'Remove Léa Dubois' }).click();
    const removeDialog = page.getByRole('alertdialog', { name: 'Remove Léa Dubois?' });
    await expect(removeDialog).toBeVisible();
    await checkAccessible(page, 'manage applicants, remove dialog');
    await removeDialog.getByRole('button', { name: 'No, keep' }).click();
    await expect(removeDialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 2, name: '2 applicants' })).toBeVisible();
    await checkAccessible(page, 'manage applicants, remove answered no');

    // Confirm shows them back, with Change links that return here.
    await page.getByRole('link', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Check the applicants' })).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 2, name: `Applicant 1: ${account.givenNames} ${account.familyName} (you)` }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Applicant 2: Léa Dubois' })).toBeVisible();
    await expect(page.getByText('30 September 2015')).toBeVisible();
    await checkAccessible(page, 'confirm applicants');
    await page.getByRole('link', { name: 'Change Name of Léa Dubois' }).click();
    await expect(page.getByRole('heading', { level: 1, name: "Change the applicant's details" })).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('textbox', { name: 'Given names' }).fill('Léa Rose');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Save the changes' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Applicant 2: Léa Rose Dubois' })).toBeVisible();
    await page.getByRole('link', { name: 'Confirm and continue' }).click();
    await expect(page).toHaveURL(/\/applications\/application$/);

    // My applications shows it with both applicants and where they are.
    await page.goto('/my-applications');
    const first = page.getByRole('region', { name: 'Electronic travel authorisation (ETA)' });
    await expect(first).toBeVisible();
    await expect(first.getByText('In progress')).toBeVisible();
    await expect(first.getByText('Léa Rose Dubois', { exact: true })).toBeVisible();
    await expect(first.getByText('Status: Not submitted')).toHaveCount(2);
    await expect(first.getByText('Current step: Photo and passport')).toHaveCount(2);
    await checkAccessible(page, 'my applications, one');

    // A second application, only for me, then deleted after confirming.
    await page.getByRole('link', { name: 'Start a new application' }).click();
    await page.getByRole('radio', { name: "Visitor's visa under section 11(1)" }).check();
    await page.getByRole('radio', { name: 'Only me' }).check();
    await page.getByRole('button', { name: 'Create the application' }).click();
    await expect(page.getByRole('heading', { level: 2, name: '0 applicants' })).toBeVisible();
    await page.goto('/applications');
    await expect(page.getByRole('heading', { level: 1, name: 'Applications' })).toBeVisible();
    const second = page.getByRole('region', { name: "Visitor's visa under section 11(1)" });
    await expect(second.getByText('No applicants added yet')).toBeVisible();
    // Both were started today: their actions are named apart by who they are for.
    const firstName = `for ${account.givenNames} ${account.familyName} and 1 other, started on `;
    await expect(first.getByRole('button', { name: `Continue the application ${firstName}` })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Delete/ })).toHaveCount(2);
    await expect(page.getByRole('button', { name: `Delete the application ${firstName}` })).toHaveCount(1);
    const secondDelete = page.getByRole('button', {
      name: 'Delete the application with no applicants yet, started on ',
    });
    await expect(secondDelete).toHaveCount(1);
    await secondDelete.click();
    const deleteDialog = page.getByRole('alertdialog', { name: 'Delete this application?' });
    await expect(deleteDialog).toContainText(
      'You are about to delete the application with no applicants yet, started on ',
    );
    await checkAccessible(page, 'applications, delete dialog');
    await deleteDialog.getByRole('button', { name: 'Yes, delete it' }).click();
    await expect(
      page.getByText(/^You have deleted the application with no applicants yet, started on .+\.$/),
    ).toBeVisible();
    await expect(second).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Electronic travel authorisation (ETA)' })).toBeVisible();
    await checkAccessible(page, 'applications, after delete');

    // Continue resumes the first one where its applicants are.
    // Its applicants are at the photo step, so that is where the server's resume answer sends them.
    await page.getByRole('button', { name: /^Continue/ }).click();
    await expect(page).toHaveURL(/\/capture\/capture-biometrics\?(.*&)?applicantIdentifier=[0-9a-f-]{36}$/);
  });

  test('My applications draws one divider under the last applicant of an application, at 1280 and 375 px', async ({
    page,
    request,
    signedIn: account,
  }) => {
    await applicationForTwoThroughApi(request, account.tokens, account);
    const measured: { width: number; lines: number[] }[] = [];
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/my-applications');
      const card = page.getByRole('region', { name: 'Electronic travel authorisation (ETA)' });
      await expect(card.getByRole('listitem')).toHaveCount(2);
      await shot(page, 'my-applications-dividers');
      // The lines drawn across the card from the top of the applicants' list to the end of their row: the
      // one between the two applicants, then the row's own, and nothing in between.
      const lines = await card.getByRole('list').evaluate((list) => {
        const row = list.closest('dd')!.parentElement!;
        const drawn = (element: Element) => {
          const style = getComputedStyle(element);
          return style.borderBottomStyle !== 'none' && parseFloat(style.borderBottomWidth) > 0
            ? [Math.round(element.getBoundingClientRect().bottom)]
            : [];
        };
        return [...[...list.children].flatMap(drawn), ...drawn(row)];
      });
      measured.push({ width, lines });
    }
    for (const { width, lines } of measured) {
      expect(lines, `dividers at ${width} px`).toHaveLength(2);
      expect(lines[1] - lines[0], `the last applicant and the row end are apart at ${width} px`).toBeGreaterThan(40);
    }
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

    test('every application page fits and stays accessible', async ({ page, request, signedIn: account }) => {
      const auth = { Authorization: `Bearer ${account.tokens.accessToken}` };
      const created = await request.post('/api/eta/applications', {
        headers: auth,
        data: { applicationType: 'ETA', applyingFor: 'SELF_AND_OTHERS' },
      });
      const { applicationIdentifier } = (await created.json()) as { applicationIdentifier: string };
      const added = await request.post(`/api/eta/applications/${applicationIdentifier}/applicants`, {
        headers: auth,
        data: {
          isAccountHolder: true,
          givenNames: account.givenNames,
          familyName: account.familyName,
          dateOfBirth: '1986-04-12',
          nationality: 'GB',
          passportIssuingCountry: 'GB',
          passportNumber: passportNumber('GB'),
        },
      });
      expect(added.status()).toBe(201);

      const fits = async (label: string) => {
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${label} scrolls sideways`).toBeLessThanOrEqual(0);
        await checkAccessible(page, label);
      };
      await page.goto('/my-applications');
      await expect(page.getByRole('region', { name: 'Electronic travel authorisation (ETA)' })).toBeVisible();
      await fits('phone, my applications');
      // A new applicant's next step is the photo step: Continue goes where the server's resume answer says.
      await page.getByRole('button', { name: /^Continue/ }).click();
      await expect(page).toHaveURL(/\/capture\/capture-biometrics\?(.*&)?applicantIdentifier=/);
      await page.goto('/applications/manage-applicants');
      await expect(page.getByRole('heading', { level: 2, name: '1 applicant' })).toBeVisible();
      await fits('phone, manage applicants');
      await page.getByRole('link', { name: 'Add an applicant' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Add an applicant' })).toBeVisible();
      await fits('phone, add applicant');
      await page.goto('/applications/confirm-applicant');
      await expect(page.getByRole('heading', { level: 1, name: 'Check the applicants' })).toBeVisible();
      await fits('phone, confirm applicants');
      await page.goto('/applications/create-application');
      await expect(page.getByRole('radio', { name: 'Only me' })).toBeVisible();
      await fits('phone, create application');
    });
  });
});
