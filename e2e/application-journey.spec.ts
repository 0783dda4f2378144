import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { rememberApplication } from './support/capture-setup';
import { test, expect, expectAccessible } from './support/fixtures';
import type { Tokens } from './support/accounts';
import { photograph } from './support/screenshots';

// The capture step (its own pages come later) cannot be completed from the browser yet, so this journey goes as
// far as capture allows: the step list, and the form step refused until capture is done. The form itself is
// driven against the real API in src/features/application-journey/journey.integration.test.tsx.

const SHOTS = '.cache/screenshots/application-journey';

async function apiPost(request: APIRequestContext, tokens: Tokens, path: string, data: unknown) {
  const response = await request.post(path, { data, headers: { Authorization: `Bearer ${tokens.accessToken}` } });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(201);
  return response.json();
}

/** An application for the account holder and one other person, made through the API; its id in the router context. */
async function applicationForTwo(page: Page, request: APIRequestContext, tokens: Tokens) {
  const application = await apiPost(request, tokens, '/api/eta/applications', {
    applicationType: 'ETA',
    applyingFor: 'SELF_AND_OTHERS',
  });
  const passport = () => `E${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1000)}`;
  const base = { nationality: 'FR', passportIssuingCountry: 'FR' };
  const path = `/api/eta/applications/${application.applicationIdentifier}/applicants`;
  await apiPost(request, tokens, path, {
    ...base,
    isAccountHolder: true,
    givenNames: 'Thandi',
    familyName: "O'Neil-Mbeki",
    dateOfBirth: '1988-05-04',
    passportNumber: passport(),
  });
  await apiPost(request, tokens, path, {
    ...base,
    isAccountHolder: false,
    relationship: 'CHILD',
    givenNames: 'Sipho',
    familyName: "O'Neil-Mbeki",
    dateOfBirth: '2014-09-10',
    passportNumber: passport(),
  });
  await rememberApplication(page.context(), application.applicationIdentifier);
  const full = await (
    await request.get(`/api/eta/applications/${application.applicationIdentifier}`, {
      headers: { Authorization: `Bearer ${tokens.accessToken}` },
    })
  ).json();
  return full as { applicationIdentifier: string; applicants: { applicantIdentifier: string }[] };
}

test.describe('application journey up to capture', () => {
  test('the step list shows capture as the only step to start, and the form explains why it is not open', async ({
    page,
    request,
    signedIn: account,
  }) => {
    mkdirSync(SHOTS, { recursive: true });
    const application = await applicationForTwo(page, request, account.tokens);

    await page.goto('/applications/application');
    await expect(page.getByRole('heading', { level: 1, name: 'Your application' })).toBeVisible();
    for (const name of ["Thandi O'Neil-Mbeki", "Sipho O'Neil-Mbeki"]) {
      const steps = page.getByRole('region', { name: `Steps for ${name}` });
      await expect(steps).toBeVisible();
      const capture = steps.getByRole('listitem').filter({ hasText: 'Photo and passport' });
      await expect(capture.getByRole('link', { name: 'Photo and passport' })).toHaveAttribute(
        'href',
        /\/capture\/capture-biometrics\?applicantIdentifier=/,
      );
      await expect(capture).toContainText('In progress');
      for (const later of ['Application form', 'Declarations', 'Supporting documents', 'Payment']) {
        const item = steps.getByRole('listitem').filter({ hasText: later });
        await expect(item).toContainText('Cannot start yet');
        await expect(item.getByRole('link')).toHaveCount(0);
      }
    }
    await expect(page.getByRole('button', { name: 'Close application' })).toBeVisible();
    await expectAccessible(page, 'step list');
    await photograph(page, `${SHOTS}/overview-1280.png`);
    await page.setViewportSize({ width: 375, height: 800 });
    await photograph(page, `${SHOTS}/overview-375.png`);
    await expectAccessible(page, 'step list at 375 px');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Continue goes where the server says: capture, for the first applicant.
    await page.getByRole('button', { name: 'Continue application' }).click();
    await expect(page).toHaveURL(/\/capture\/capture-biometrics\?(.*&)?applicantIdentifier=/);

    // A direct visit to the form gets the explanation and a way back.
    await page.goto(`/applications/application?applicantIdentifier=${application.applicants[0].applicantIdentifier}`);
    const alert = page.getByRole('alert');
    await expect(alert.getByRole('heading', { name: 'You cannot start this step yet' })).toBeVisible();
    await expect(alert).toContainText('This step is not open yet. Complete "Photo and passport" first.');
    await expect(page).toHaveTitle(/^Error: /);
    await expectAccessible(page, 'form before capture');
    await photograph(page, `${SHOTS}/form-not-open-1280.png`);
    await page.goto(`/applications/declarations?applicantIdentifier=${application.applicants[1].applicantIdentifier}`);
    await expect(page.getByRole('alert')).toContainText('Complete "Photo and passport" first.');
    await page.getByRole('link', { name: 'Go to the steps of your application' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your application' })).toBeVisible();
  });

  test('without an application open, the page offers to start one', async ({ page, signedIn: _account }) => {
    await page.goto('/applications/application');
    await expect(page.getByText('You do not have an application open.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start a new application' })).toHaveAttribute(
      'href',
      '/applications/create-application',
    );
    await expectAccessible(page, 'no application');
  });
});
