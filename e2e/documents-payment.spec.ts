// The last steps of an application, in the browser: the supporting documents of two applicants (upload with its
// progress, a wrong file refused, a file removed, a file of the first applicant given again for the second), then
// the payment of both on the sandbox provider's hosted page (a declined card, then a card that asks for the bank's
// extra confirmation) and the confirmation of the submitted application, on the page and by e-mail. Every text is
// looked up in the English catalogue; the documents each applicant is asked for come from the rules file. Each
// page and state is checked with axe and photographed at 1280 and 375 px into .cache/screenshots/documents-payment/.
import type { Locator, Page } from '@playwright/test';
import type { Requirement } from '../src/server/documents/requirements';
import { formatMoney } from '../src/shared/money';
import { OTHER_DOCUMENT_TYPE } from '../src/shared/contract';
import { latestMail } from './support/accounts';
import { problemSummary } from './support/application-form';
import { rememberApplication } from './support/capture-setup';
import {
  APPLICATION_TYPE,
  applicationAtDocumentsThroughApi,
  applicantsThroughApi,
  checkedAtBothWidths,
  documentFiles,
  documentsCompletedThroughApi,
  en,
  enName,
  expectedDocuments,
  slowUploads,
} from './support/documents-payment';
import { expect, test } from './support/fixtures';
import { photograph } from './support/screenshots';

const SHOTS = '.cache/screenshots/documents-payment';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The section of one document type, named by its heading (the label, with "(optional)" when it is). */
function documentSection(page: Page, documentType: string): Locator {
  return page
    .getByRole('main')
    .getByRole('region', { name: new RegExp(`^${escape(en(`documents:types.${documentType}.label`))}`) });
}

/** The file input of a section: "Upload a file" or, once it has files, "Upload another file". */
function fileInput(section: Locator): Locator {
  const first = escape(en('documents:page.upload.label'));
  const another = escape(en('documents:page.upload.labelAnother'));
  return section.getByLabel(new RegExp(`^(${first}|${another}) `));
}

/** A polite confirmation of the page (role status) with exactly this text. */
function notice(page: Page, text: string): Locator {
  return page.getByRole('status').filter({ hasText: text });
}

/** The page's h1 (with the applicant's caption, when there is one). */
function pageTitle(page: Page): Locator {
  return page.getByRole('heading', { level: 1 });
}

/** Uploads `file` for every document the requirements ask for, but those in `skip`. */
async function uploadEach(
  page: Page,
  requirements: Requirement[],
  skip: string[],
  file: { path: string; name: string },
) {
  for (const { documentType } of requirements.filter((r) => r.required && !skip.includes(r.documentType))) {
    const section = documentSection(page, documentType);
    await fileInput(section).setInputFiles(file.path);
    await expect(section).toContainText(file.name);
    await expect(notice(page, en('documents:page.upload.done', { name: file.name }))).toBeVisible();
  }
}

/** The headings of the document sections the page shows, required ones first, as the page orders them. */
function sectionHeadings(requirements: { documentType: string; required: boolean }[]): string[] {
  return [...requirements]
    .sort((a, b) => Number(b.required) - Number(a.required))
    .map(({ documentType, required }) => {
      const label = en(`documents:types.${documentType}.label`);
      return required ? label : `${label} ${en('documents:page.optional')}`;
    });
}

test.describe('supporting documents, payment and submission', () => {
  test('documents of two applicants: upload with progress, a wrong file, remove, reuse a file for the second, complete', async ({
    page,
    request,
    context,
    signedIn: account,
  }) => {
    test.setTimeout(240_000);
    const {
      applicationIdentifier: guid,
      first,
      second,
    } = await applicationAtDocumentsThroughApi(request, account.tokens, account);
    const files = await documentFiles();
    await rememberApplication(context, guid);
    const applicants = await applicantsThroughApi(request, account.tokens, guid);
    const firstDocuments = expectedDocuments(applicants.get(first)!);
    const secondDocuments = expectedDocuments(applicants.get(second)!);
    // What each applicant is asked for comes from the rules file: the first applicant's file goes to the first
    // document asked of them (else to the extra documents, always offered), and is given again for the second.
    const shared = firstDocuments.find((r) => r.required)?.documentType ?? OTHER_DOCUMENT_TYPE;
    const sharedLabel = en(`documents:types.${shared}.label`);

    // ---- the first applicant's documents, nothing given yet
    await page.goto(`/applications/supporting-documents?applicantIdentifier=${first}`);
    await expect(pageTitle(page)).toContainText(en('documents:page.title'));
    await expect(pageTitle(page)).toContainText(
      en('documents:page.caption', { name: `${account.givenNames} ${account.familyName}` }),
    );
    const sections = page.getByRole('main').getByRole('region');
    await expect(sections.getByRole('heading', { level: 2 })).toHaveText(sectionHeadings(firstDocuments));
    for (const section of await sections.all()) await expect(section).toContainText(en('documents:page.files.none'));
    await checkedAtBothWidths(page, SHOTS, '01-documents-empty');

    // ---- a text file and a program, both named .pdf, are refused with the page's message naming the file; the
    // picker says it was not uploaded
    const target = documentSection(page, shared);
    let wrongType = '';
    for (const wrong of [files.textAsPdf, files.program]) {
      wrongType = en('documents:page.errors.fileRefused', {
        name: wrong.name,
        reason: en('documents:api.DOCUMENT_WRONG_TYPE'),
      });
      await fileInput(target).setInputFiles(wrong.path);
      await expect(problemSummary(page).getByRole('link')).toHaveText([wrongType]);
      await expect(problemSummary(page)).toBeFocused();
      await expect(target).toContainText(`${en('documents:page.errors.prefix')} ${wrongType}`);
      await expect(fileInput(target)).toHaveAttribute('aria-invalid', 'true');
      await expect(fileInput(target).locator('..')).toContainText(
        en('documents:page.upload.refused', { name: wrong.name }),
      );
      await expect(fileInput(target).locator('..')).not.toContainText(en('documents:page.upload.noFile'));
      await expect(page).toHaveTitle(/^Error: /);
      await expect(target).toContainText(en('documents:page.files.none'));
    }
    // The summary's link leads to the file input.
    await problemSummary(page).getByRole('link', { name: wrongType }).click();
    await expect(fileInput(target)).toBeFocused();
    await checkedAtBothWidths(page, SHOTS, '02-documents-wrong-file');

    // ---- a real PDF, on a slow line: its progress shows as a progress bar until it is uploaded
    const restore = await slowUploads(page, 200_000);
    await fileInput(target).setInputFiles(files.booking.path);
    const progress = target.getByRole('progressbar');
    await expect(progress).toBeVisible();
    const uploading = escape(en('documents:page.upload.progress', { name: files.booking.name, percent: '\u0000' }));
    await expect(progress).toHaveAccessibleName(new RegExp(`^${uploading.replace('\u0000', '\\d+%')}$`));
    await expect(progress).toHaveAttribute(
      'aria-valuetext',
      new RegExp(`^${escape(en('documents:page.upload.percent', { percent: '\u0000' })).replace('\u0000', '\\d+%')}$`),
    );
    // The bar moves: it is seen with part of the file sent and part not yet.
    await expect
      .poll(
        async () => {
          const value = Number(await progress.getAttribute('aria-valuenow', { timeout: 1_000 }).catch(() => null));
          return value > 0 && value < 1;
        },
        { timeout: 15_000, intervals: [100] },
      )
      .toBe(true);
    await photograph(page, `${SHOTS}/03-documents-uploading-1280.png`);
    await expect(progress).toBeHidden({ timeout: 30_000 });
    await restore();
    await expect(notice(page, en('documents:page.upload.done', { name: files.booking.name }))).toBeVisible();
    await expect(problemSummary(page)).toHaveCount(0);
    await expect(page).not.toHaveTitle(/^Error: /);
    // Focus is where it was before the upload: at the file input (now "Upload another file").
    await expect(fileInput(target)).toBeFocused();
    const targetFiles = target.getByRole('list', {
      name: en('documents:page.files.listLabel', { type: sharedLabel }),
    });
    await expect(targetFiles.getByRole('listitem')).toHaveCount(1);
    await expect(targetFiles).toContainText(files.booking.name);

    // ---- remove it: the list is empty again and focus goes to the file input
    await target
      .getByRole('button', { name: enName('documents:page.files.remove', { name: files.booking.name }) })
      .click();
    await expect(notice(page, en('documents:page.remove.done', { name: files.booking.name }))).toBeVisible();
    await expect(target).toContainText(en('documents:page.files.none'));
    await expect(fileInput(target)).toBeFocused();

    // ---- and upload it again
    await fileInput(target).setInputFiles(files.booking.path);
    await expect(notice(page, en('documents:page.upload.done', { name: files.booking.name }))).toBeVisible();
    await expect(targetFiles).toContainText(files.booking.name);
    await checkedAtBothWidths(page, SHOTS, '04-documents-with-file');
    // Any other document asked of the first applicant.
    await uploadEach(page, firstDocuments, [shared], files.consent);

    // ---- Continue: the child, still at this step, is next
    await page.getByRole('button', { name: en('documents:page.continue'), exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/applications/supporting-documents\\?applicantIdentifier=${second}$`));
    const child = applicants.get(second)!;
    await expect(pageTitle(page)).toContainText(
      en('documents:page.caption', { name: `${child.givenNames} ${child.familyName}` }),
    );
    await expect(sections.getByRole('heading', { level: 2 })).toHaveText(sectionHeadings(secondDocuments));

    // Continue with nothing given names every missing document, each at its own section.
    const missing = secondDocuments
      .filter((r) => r.required)
      .map((r) => en('documents:api.documentMissing', { document: en(`documents:types.${r.documentType}.label`) }));
    if (missing.length > 0) {
      await page.getByRole('button', { name: en('documents:page.continue'), exact: true }).click();
      await expect(problemSummary(page).getByRole('link')).toHaveText(missing);
      await expect(problemSummary(page)).toBeFocused();
      await checkedAtBothWidths(page, SHOTS, '05-documents-second-missing');
    }

    // ---- the booking of the first applicant, given again without uploading it
    const given = secondDocuments.some((r) => r.documentType === shared) ? shared : OTHER_DOCUMENT_TYPE;
    const childTarget = documentSection(page, given);
    await childTarget.getByText(en('documents:page.reuse.summary'), { exact: true }).click();
    await expect(childTarget).toContainText(en('documents:page.reuse.intro'));
    await checkedAtBothWidths(page, SHOTS, '06-documents-reuse-offered');
    await childTarget
      .getByRole('button', { name: enName('documents:page.reuse.use', { name: files.booking.name }) })
      .click();
    await expect(notice(page, en('documents:page.reuse.done', { name: files.booking.name }))).toBeVisible();
    await expect(fileInput(childTarget)).toBeFocused();
    await expect(
      childTarget.getByRole('list', {
        name: en('documents:page.files.listLabel', { type: en(`documents:types.${given}.label`) }),
      }),
    ).toContainText(files.booking.name);
    // Given now, it is no longer offered there.
    await expect(
      childTarget.getByRole('button', { name: enName('documents:page.reuse.use', { name: files.booking.name }) }),
    ).toHaveCount(0);

    // ---- the child's own documents
    await uploadEach(page, secondDocuments, [given], files.birth);
    await expect(problemSummary(page)).toHaveCount(0);
    await checkedAtBothWidths(page, SHOTS, '07-documents-second-with-files');

    // ---- Continue: everyone has given their documents, so the payment is next
    await page.getByRole('button', { name: en('documents:page.continue'), exact: true }).click();
    await expect(page).toHaveURL(/\/applications\/payment-overview/);
    await expect(pageTitle(page)).toHaveText(en('payments:page.overview.title'));
    await expect(
      page.getByRole('button', { name: new RegExp(`^${escape(en('payments:page.overview.pay', { amount: '' }))}`) }),
    ).toBeEnabled();
  });

  test('payment: fees, a declined card, then a card with the bank’s extra confirmation, and the submitted application', async ({
    page,
    request,
    context,
    signedIn: account,
  }) => {
    test.setTimeout(180_000);
    const application = await applicationAtDocumentsThroughApi(request, account.tokens, account);
    const guid = application.applicationIdentifier;
    await documentsCompletedThroughApi(request, account.tokens, guid, [application.first, application.second]);
    await rememberApplication(context, guid);
    const headers = { Authorization: `Bearer ${account.tokens.accessToken}` };
    const applicants = await applicantsThroughApi(request, account.tokens, guid);

    // The fee per applicant, as the server publishes it.
    const settings = (await (await request.get('/api/eta/static/client-settings')).json()) as {
      fees: Record<string, number>;
      currency: string;
    };
    const fee = settings.fees[APPLICATION_TYPE];
    const money = (minor: number) => formatMoney(minor, settings.currency, 'en');
    const total = money(2 * fee);
    const names = [...applicants.values()].map((a) => `${a.givenNames} ${a.familyName}`);
    expect(names).toHaveLength(2);

    // ---- the payment overview: each applicant's fee and the total
    await page.goto('/applications/payment-overview');
    await expect(pageTitle(page)).toHaveText(en('payments:page.overview.title'));
    const table = page.getByRole('table', {
      name: en('payments:page.overview.tableCaption', { type: en(`forms:enums.applicationType.${APPLICATION_TYPE}`) }),
    });
    const expectFees = async () => {
      for (const name of names) {
        const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
        await expect(row.getByRole('cell')).toHaveText([money(fee)]);
      }
      const totalRow = table
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: en('payments:page.overview.total'), exact: true }) });
      await expect(totalRow.getByRole('cell')).toHaveText([total]);
    };
    await expectFees();
    await expect(page.getByRole('main')).toContainText(en('payments:page.overview.officialFee', { fee: money(fee) }));
    const pay = page.getByRole('button', { name: en('payments:page.overview.pay', { amount: total }), exact: true });
    await checkedAtBothWidths(page, SHOTS, '10-payment-overview');

    // ---- the sandbox's card page, served by the reference server
    await pay.click();
    await expect(page).toHaveURL(/\/payments\/sandbox\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en('payments:sandbox.heading'));
    await expect(page.getByRole('main')).toContainText(en('payments:sandbox.testNotice'));
    await expect(page.getByRole('definition')).toHaveText(total);
    await checkedAtBothWidths(page, SHOTS, '11-sandbox-card-page');

    // ---- a declined card: back in the portal, told so, nothing lost, and payment can be tried again
    await page.getByLabel(en('payments:sandbox.cardNumber'), { exact: true }).fill('4000 0000 0000 0002');
    await page.getByRole('button', { name: en('payments:sandbox.pay', { amount: total }), exact: true }).click();
    await expect(page).toHaveURL(/\/applications\/payment-overview/);
    const declined = page.getByRole('alert').filter({ hasText: en('payments:page.overview.failureTitle') });
    await expect(declined.getByRole('heading')).toHaveText(en('payments:page.overview.failureTitle'));
    await expect(declined).toContainText(en('payments:page.overview.failure.DECLINED'));
    await expect(declined).toBeFocused();
    await expectFees();
    await expect(pay).toBeEnabled();
    const overview = await request.get(`/api/eta/applications/${guid}/payment`, { headers });
    expect(await overview.json()).toMatchObject({ status: 'DECLINED', canPay: true, lastFailure: 'DECLINED' });
    const stored = (await (await request.get(`/api/eta/applications/${guid}`, { headers })).json()) as {
      status: string;
      applicants: unknown[];
    };
    expect(stored.status).toBe('IN_PROGRESS');
    expect(stored.applicants).toHaveLength(2);
    // The API remembers the refusal: it is still shown after a reload.
    await page.reload();
    await expect(declined).toContainText(en('payments:page.overview.failure.DECLINED'));
    await checkedAtBothWidths(page, SHOTS, '12-payment-declined');

    // ---- again, with the card whose bank asks for an extra confirmation (3-D Secure)
    await pay.click();
    await expect(page).toHaveURL(/\/payments\/sandbox\/[0-9a-f-]{36}$/);
    await page.getByLabel(en('payments:sandbox.cardNumber'), { exact: true }).fill('4000 0000 0000 3220');
    await page.getByRole('button', { name: en('payments:sandbox.pay', { amount: total }), exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en('payments:sandbox.authenticationHeading'));
    await expect(page.getByRole('main')).toContainText(en('payments:sandbox.authenticationIntro', { amount: total }));
    await checkedAtBothWidths(page, SHOTS, '13-sandbox-3-d-secure');
    await page.getByRole('button', { name: en('payments:sandbox.completeAuthentication'), exact: true }).click();

    // ---- paid: the application is submitted, with its reference
    await expect(page).toHaveURL(new RegExp(`/applications/application-submitted\\?applicationIdentifier=${guid}$`));
    await expect(pageTitle(page)).toHaveText(en('payments:page.submitted.title'));
    const submission = (await (await request.get(`/api/eta/applications/${guid}/submission`, { headers })).json()) as {
      reference: string;
    };
    expect(submission.reference).toMatch(/^ETA-[0-9A-Z]{5}-[0-9A-Z]{5}-.$/);
    const referenceLine = page.getByText(new RegExp(`^${escape(en('payments:page.submitted.referenceLabel'))}`));
    await expect(referenceLine).toContainText(submission.reference);
    await expect(page.getByRole('main')).toContainText(en('payments:page.submitted.emailed', { email: account.email }));
    await expect(page.getByRole('main')).toContainText(total);
    await checkedAtBothWidths(page, SHOTS, '14-submitted');

    // The confirmation is read from the API each time: a reload shows it again.
    await page.reload();
    await expect(pageTitle(page)).toHaveText(en('payments:page.submitted.title'));
    await expect(referenceLine).toContainText(submission.reference);

    // ---- the confirmation e-mail, with the reference
    const mail = await latestMail(
      request,
      account.email,
      new RegExp(`^${escape(en('emails:applicationSubmitted.subject'))}$`),
    );
    expect(mail.text).toContain(en('emails:applicationSubmitted.reference', { reference: submission.reference }));

    // ---- later, from My applications: the application is submitted and its confirmation one click away
    await page.goto('/my-applications');
    await expect(page.getByRole('main')).toContainText(en('applications:enums.applicationStatus.SUBMITTED'));
    const viewConfirmation = en('applications:pages.list.viewConfirmation', { application: '' }).split('<hidden>')[0];
    await page.getByRole('link', { name: new RegExp(`^${escape(viewConfirmation)}`) }).click();
    await expect(pageTitle(page)).toHaveText(en('payments:page.submitted.title'));
    await expect(referenceLine).toContainText(submission.reference);
  });
});
