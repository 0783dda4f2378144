import { validPassportPage, validSelfie } from '../../../src/server/biometrics/testing/test-images';
import { documentFiles, expectedDocuments } from '../documents-payment';
import { expect } from '../fixtures';
import { escapeRegExp } from '../no-scripts';
import {
  applicationInBrowser,
  auth,
  fullName,
  type Identified,
  type Journey,
  type JourneyAccount,
  type JourneyApplicant,
  type JourneyApplicants,
} from './journey';

/** The task list's steps of one applicant, by their name. */
export function stepsOf({ p }: Journey, applicant: JourneyApplicant) {
  return p.main.getByRole('region', { name: p.t('journey:overview.stepsOf', { name: fullName(applicant) }) });
}

/** The link of one step of an applicant's task list. */
export function stepLink(journey: Journey, applicant: JourneyApplicant, step: string) {
  return stepsOf(journey, applicant).getByRole('link', {
    name: journey.p.t(`applications:enums.step.${step}`),
    exact: true,
  });
}

/** Expects these steps of an applicant's task list to be completed. */
export async function expectCompleted(journey: Journey, applicant: JourneyApplicant, steps: string[]) {
  const { t } = journey.p;
  for (const step of steps) {
    await expect(
      stepsOf(journey, applicant)
        .getByRole('listitem')
        .filter({ hasText: t(`applications:enums.step.${step}`) }),
    ).toContainText(t('journey:status.COMPLETED'));
  }
}

/**
 * The photos of each applicant sent as files, from the applicant's step of the task list: for the first, sending
 * none is refused first; each is checked as the camera's are and the task list shows the step completed. Answers
 * the applicants with the identifiers their links carry.
 */
export async function photosByFile(
  journey: Journey,
  applicants: JourneyApplicants,
): Promise<{ holder: Identified; other: Identified }> {
  const { page, p } = journey;
  const { t, main, heading, button, summary, errorTitle, checked, go } = p;
  const identified: Identified[] = [];
  for (const [index, applicant] of [applicants.holder, applicants.other].entries()) {
    const shot = index === 0 ? 'photos' : 'photos-other';
    const link = stepLink(journey, applicant, 'CAPTURE_BIOMETRICS');
    const href = await link.getAttribute('href');
    const applicantIdentifier = new URL(href!, page.url()).searchParams.get('applicantIdentifier')!;
    expect(applicantIdentifier, `the photo link of ${fullName(applicant)}`).toBeTruthy();
    identified.push({ ...applicant, applicantIdentifier });
    await go(link);
    await expect(page).toHaveURL(/sessionIdentifier=/);
    await expect(heading(t('capture:captureBiometrics.title'))).toBeVisible();
    await expect(main.getByRole('heading', { level: 2, name: t('capture:files.heading') })).toBeVisible();
    await checked(shot);
    if (index === 0) {
      await go(button('capture:files.sendBoth'));
      await expect(summary.getByRole('link')).toHaveText([t('capture:files.missing.biometrics')]);
      await expect(page).toHaveTitle(errorTitle);
      await checked('photos-none-chosen');
    }
    await main
      .getByLabel(t('capture:entry.file.label.biometrics'), { exact: true })
      .setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await validSelfie() });
    await main
      .getByLabel(t('capture:entry.file.label.passport'), { exact: true })
      .setInputFiles({ name: 'passport.jpg', mimeType: 'image/jpeg', buffer: await validPassportPage() });
    await go(button('capture:files.sendBoth'));
    await expect(heading(t('capture:result.success.passport'))).toBeVisible();
    await expect(main.getByText(t('capture:result.allDoneWeb'))).toBeVisible();
    await checked(`${shot}-accepted`);
    await go(button('capture:result.continueApplication'));
    await expect(heading(t('journey:overview.heading'))).toBeVisible();
    await expectCompleted(journey, applicant, ['CAPTURE_BIOMETRICS']);
    await checked(`task-list-${shot}-done`);
  }
  return { holder: identified[0], other: identified[1] };
}

/**
 * The supporting documents, one file per post, on each applicant's page in turn (Continue goes on to the next):
 * for the account holder a file that is no PDF is refused by name with its reason, two files are given for one
 * document and the second removed; every document asked for is given. Ends on the payment page.
 */
export async function supportingDocuments(journey: Journey, applicants: { holder: Identified; other: Identified }) {
  const { page, p } = journey;
  const { t, named, main, button, summary, errorTitle, userData, checked, go } = p;
  const files = await documentFiles();
  userData.push(...Object.values(files).map((f) => f.name));
  /** The file the visitor gives for a document type. */
  const fileFor: Record<string, { path: string; name: string }> = {
    PROOF_OF_ACCOMMODATION: files.booking,
    PARENTAL_CONSENT: files.consent,
    BIRTH_CERTIFICATE: files.birth,
  };
  const typeLabel = (documentType: string) => t(`documents:types.${documentType}.label`);
  const section = (documentType: string) =>
    main.getByRole('region', { name: new RegExp(`^${escapeRegExp(typeLabel(documentType))}`) });
  const fileInput = (documentType: string) =>
    section(documentType).getByLabel(
      new RegExp(
        `^(${escapeRegExp(t('documents:page.upload.label'))}|${escapeRegExp(t('documents:page.upload.labelAnother'))}) `,
      ),
    );
  const upload = async (documentType: string, file: { path: string; name: string }) => {
    await fileInput(documentType).setInputFiles(file.path);
    await go(
      section(documentType).getByRole('button', {
        name: named('documents:page.upload.submit', { type: typeLabel(documentType) }),
      }),
    );
  };

  for (const [index, applicant] of [applicants.holder, applicants.other].entries()) {
    const shot = index === 0 ? 'documents' : 'documents-other';
    await expect(page).toHaveURL(
      new RegExp(`/applications/supporting-documents\\?applicantIdentifier=${applicant.applicantIdentifier}$`),
    );
    await expect(main.getByRole('heading', { level: 1 })).toContainText(t('documents:page.title'));
    await expect(main.getByRole('heading', { level: 1 })).toContainText(
      t('documents:page.caption', { name: fullName(applicant) }),
    );
    const required = expectedDocuments(applicant)
      .filter((r) => r.required)
      .map((r) => r.documentType);
    expect(required.length).toBeGreaterThan(0);
    await checked(`${shot}-none`);
    // The account holder's first document is where a refused file and a removed one are seen.
    const [first, ...rest] = required;
    const others = index === 0 ? rest : required;
    if (index === 0) {
      // A text file named .pdf: refused, named with the reason, at its document type.
      await upload(first, files.textAsPdf);
      const refusedText = t('documents:page.errors.fileRefused', {
        name: files.textAsPdf.name,
        reason: t('documents:api.DOCUMENT_WRONG_TYPE'),
      });
      await expect(summary.getByRole('link')).toHaveText([refusedText]);
      await expect(section(first)).toContainText(refusedText);
      await expect(section(first)).toContainText(t('documents:page.upload.refused', { name: files.textAsPdf.name }));
      await expect(section(first)).toContainText(t('documents:page.files.none'));
      await expect(page).toHaveTitle(errorTitle);
      await checked('documents-refused');
      // Two files for it, one post each; the second removed.
      await upload(first, files.booking);
      await expect(main.getByText(t('documents:page.upload.done', { name: files.booking.name }))).toBeVisible();
      await upload(first, files.consent);
      await expect(main.getByText(t('documents:page.upload.done', { name: files.consent.name }))).toBeVisible();
      const listed = section(first).getByRole('list', {
        name: t('documents:page.files.listLabel', { type: typeLabel(first) }),
      });
      await expect(listed.getByRole('listitem')).toHaveCount(2);
      await checked('documents-two-files');
      await go(
        listed.getByRole('button', { name: named('documents:page.files.remove', { name: files.consent.name }) }),
      );
      await expect(main.getByText(t('documents:page.remove.done', { name: files.consent.name }))).toBeVisible();
      await expect(listed.getByRole('listitem')).toHaveCount(1);
      await expect(listed).toContainText(files.booking.name);
      await checked('documents-removed');
    }
    for (const documentType of others) {
      const file = fileFor[documentType] ?? files.birth;
      await upload(documentType, file);
      await expect(main.getByText(t('documents:page.upload.done', { name: file.name }))).toBeVisible();
    }
    await checked(`${shot}-given`);
    await go(button('documents:page.continue'));
  }
}

/**
 * Payment: Pay opens the sandbox's card page, a declined card comes back to the payment page saying why, a good
 * card ends on the submitted page with the application's reference.
 */
export async function pay(journey: Journey, account: JourneyAccount): Promise<void> {
  const { context, api, p } = journey;
  const { t, anyFilled, main, heading, userData, checked, go } = p;
  await expect(heading(t('payments:page.overview.title'))).toBeVisible();
  await checked('payment');
  const payButton = main.getByRole('button', { name: anyFilled('payments:page.overview.pay') });
  const cardPage = async (card: string, name: string) => {
    await expect(heading(t('payments:sandbox.heading'))).toBeVisible();
    await main.getByRole('textbox', { name: t('payments:sandbox.cardNumber'), exact: true }).fill(card);
    await main.getByRole('textbox', { name: t('payments:sandbox.expiry'), exact: true }).fill('12/34');
    await main.getByRole('textbox', { name: t('payments:sandbox.cvc'), exact: true }).fill('123');
    await checked(name);
    await go(main.getByRole('button', { name: anyFilled('payments:sandbox.pay') }));
  };
  await go(payButton);
  await cardPage('4000 0000 0000 0002', 'sandbox-declined-card');
  await expect(heading(t('payments:page.overview.title'))).toBeVisible();
  await expect(main.getByText(t('payments:page.overview.failure.DECLINED'))).toBeVisible();
  await expect(main.getByText(t('payments:page.overview.failureTitle'))).toBeVisible();
  await checked('payment-declined');
  await go(payButton);
  await cardPage('4242 4242 4242 4242', 'sandbox-good-card');
  await expect(heading(t('payments:page.submitted.title'))).toBeVisible();

  // The reference the server gave the application the browser was working on.
  const submission = await api.get(`/api/eta/applications/${await applicationInBrowser(context)}/submission`, {
    headers: auth(account.tokens),
  });
  expect(submission.status()).toBe(200);
  const { reference } = (await submission.json()) as { reference: string };
  userData.push(reference);
  await expect(main.getByText(reference, { exact: true })).toBeVisible();
  await expect(main.getByText(reference, { exact: true }).locator('..')).toContainText(
    t('payments:page.submitted.referenceLabel'),
  );
  await checked('submitted');
}
