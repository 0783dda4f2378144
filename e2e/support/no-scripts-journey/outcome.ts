import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '../fixtures';
import { outcomeThroughApi, reloadUntil } from '../outcomes';
import { escapeRegExp } from '../no-scripts';
import { fullName, type Identified, type Journey, type JourneyAccount } from './journey';

/**
 * My applications (from the profile), reloaded until the decision of each applicant shows; the account holder's ETA,
 * its seal shown as a QR code, whose Download PDF is answered with the PDF; the public seal check (from the ETA's
 * link) answers that its seal is genuine and valid, with the document's type; the menu's Logout signs out.
 */
export async function etaAndSeal(
  journey: Journey,
  account: JourneyAccount,
  { holder, other }: { holder: Identified; other: Identified },
) {
  const { page, context, run, api, p } = journey;
  const { t, named, main, heading, button, link, userData, checked, go, openMenu } = p;

  // ---- My applications, reloaded until the decisions show: View ETA for each applicant
  await go((await openMenu()).getByRole('link', { name: t('common:nav.profile'), exact: true }));
  await go(link(t('accounts:profile.myApplications')));
  await expect(heading(t('applications:myApplications.title'))).toBeVisible();
  const viewEta = (applicant: Identified) =>
    main.getByRole('link', { name: named('applications:pages.list.viewEta', { name: fullName(applicant) }) });
  await reloadUntil(page, async () => (await viewEta(holder).count()) === 1 && (await viewEta(other).count()) === 1);
  await checked('my-applications-decided');

  // ---- the ETA: its seal as a QR code; Download PDF answered with the PDF
  await go(viewEta(holder));
  await expect(page).toHaveURL(
    new RegExp(`/applications/view-eta\\?applicantIdentifier=${holder.applicantIdentifier}$`),
  );
  await expect(main.getByRole('heading', { level: 1 })).toContainText(t('outcomes:document.kind.ETA'));
  await expect(main.getByRole('img', { name: t('outcomes:document.sealImage'), exact: true })).toBeVisible();
  const eta = await outcomeThroughApi(api, account.tokens, holder.applicantIdentifier, 'eta');
  userData.push(eta.documentNumber);
  await checked('view-eta');
  const actions = main.getByRole('group', { name: t('outcomes:document.actionsLabel') });
  const downloaded = page.waitForEvent('download');
  const answered = page.waitForResponse(
    (response) => response.request().method() === 'POST' && response.url().includes('/applications/view-eta'),
  );
  await actions.getByRole('button', { name: t('outcomes:document.download'), exact: true }).click();
  const [download, response] = await Promise.all([downloaded, answered]);
  expect(response.headers()['content-type']).toMatch(/^application\/pdf/);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const folder = join('.cache', 'no-scripts-journey-files');
  mkdirSync(folder, { recursive: true });
  const saved = join(folder, `${run.lng}-${download.suggestedFilename()}`);
  await download.saveAs(saved);
  expect(readFileSync(saved).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expect(page).toHaveURL(/\/applications\/view-eta\?applicantIdentifier=/);

  // ---- the public seal check, from the ETA's link: the seal's text pasted, the server's answer
  await go(link(t('outcomes:document.sealLink')));
  await expect(heading(t('outcomes:verify.title'))).toBeVisible();
  await checked('seal-check');
  await main.getByRole('textbox', { name: t('outcomes:verify.textLabel') }).fill(eta.seal);
  await go(button('outcomes:verify.check'));
  await expect(main.getByRole('heading', { level: 2, name: t('outcomes:verify.resultHeading') })).toBeVisible();
  /** The value of a row of the result, by its term. */
  const detail = (term: string) =>
    main
      .getByRole('term')
      .filter({ hasText: new RegExp(`^${escapeRegExp(term)}$`) })
      .locator('xpath=following-sibling::dd[1]');
  await expect(detail(t('outcomes:verify.field.validity'))).toHaveText(t('outcomes:verify.status.VALID'));
  await expect(detail(t('outcomes:verify.field.documentType'))).toHaveText(t('outcomes:document.kind.ETA'));
  userData.push(eta.seal);
  await checked('seal-genuine');

  // ---- the menu's Logout signs out
  await go((await openMenu()).getByRole('button', { name: t('common:nav.logout'), exact: true }));
  await expect(heading(t('common:home.title'))).toBeVisible();
  await expect(main.getByText(t('common:home.start.loggedOutTitle'), { exact: true })).toBeVisible();
  expect((await context.cookies()).filter((c) => c.name === 'refreshToken')).toEqual([]);
  await checked('signed-out-at-the-end');
}
