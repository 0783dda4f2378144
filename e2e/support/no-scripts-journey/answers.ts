import { expect } from '../fixtures';
import { answerPage, fieldOf, formModel, pagesFor, type FormModel } from '../form-filler';
import {
  applicationInBrowser,
  auth,
  fullName,
  native,
  type Identified,
  type Journey,
  type JourneyAccount,
} from './journey';
import { expectCompleted, stepLink } from './photos-documents-payment';

type Answers = Record<string, unknown>;

/** The answers of the application form the portal starts an applicant's form with: their own facts. */
async function prefilledAnswers({ api, context }: Journey, account: JourneyAccount, applicant: Identified) {
  const response = await api.get(
    `/api/eta/applications/${await applicationInBrowser(context)}/answers/application-form`,
    {
      headers: auth(account.tokens),
      params: { applicantIdentifier: applicant.applicantIdentifier },
    },
  );
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { answers: Answers }).answers;
}

/** Answers the pages of a form that apply, one by one, each checked; the last one's button is `submitKey`. */
async function walkPages(
  { page, run, p }: Journey,
  form: FormModel,
  answers: Answers,
  submitKey: string,
  shot: string,
  { back }: { back?: () => Promise<void> } = {},
) {
  const { t, heading, button, checked, go } = p;
  const pages = pagesFor(form, answers);
  for (const [index, formPage] of pages.entries()) {
    await expect(heading(t(formPage.titleKey!), 2)).toBeVisible();
    if (index === 1 && back) await back();
    await answerPage(page, run.lng, form, formPage.id, answers, native);
    await checked(`${shot}-${formPage.id}`);
    await go(button(index === pages.length - 1 ? submitKey : 'forms:engine.continue'));
  }
  return pages;
}

/**
 * The application form of each applicant, every page that applies, from its example with the applicant's own facts
 * (and, for the account holder, a second nationality given through "Add another"). The task list's Continue opens
 * the account holder's; Back once shows the page before with what was saved on it; a page the answers skip is not
 * shown at its own address either; a Change link of check answers changes an answer; what is saved is what was
 * given. The other applicant's opens from their step of the task list.
 */
export async function applicationForms(
  journey: Journey,
  account: JourneyAccount,
  { holder, other }: { holder: Identified; other: Identified },
) {
  const { page, context, run, api, p } = journey;
  const { t, main, heading, button, checked, go, open } = p;
  const form = formModel('application-form');
  const applicantForm = formModel('applicant');

  await go(button('journey:overview.continue'));
  await expect(page).toHaveURL(
    new RegExp(`/applications/application\\?applicantIdentifier=${holder.applicantIdentifier}$`),
  );
  const answers: Answers = {
    ...form.examples[0],
    ...(await prefilledAnswers(journey, account, holder)),
    otherNationalities: ['BE'],
  };
  const pages = pagesFor(form, answers);
  expect(pages.length).toBeLessThan(form.pages.length);
  // A text answer of the first page that is the form's own (not one of the applicant's facts, such as a name):
  // what Back shows again and what a Change link of check answers changes.
  const textField = pages[0].fields.find((field) => {
    const schema = form.properties[field] ?? {};
    return (
      !(field in applicantForm.properties) &&
      typeof answers[field] === 'string' &&
      schema.type === 'string' &&
      !schema.enum &&
      !schema.format &&
      !form.ui[field]?.['ui:widget']
    );
  })!;
  const textName = fieldOf(page, run.lng, form, textField).name;
  const textLabel = t(String(form.ui[textField]['ui:title']));
  await walkPages(journey, form, answers, 'journey:form.submitApplication', 'application-form', {
    // Back, once: the page before, with what was saved on it.
    back: async () => {
      await go(main.getByRole('link', { name: t('forms:engine.back'), exact: true }));
      await expect(heading(t(pages[0].titleKey!), 2)).toBeVisible();
      await expect(main.getByRole('textbox', { name: textName })).toHaveValue(String(answers[textField]));
      await go(button('forms:engine.continue'));
      await expect(heading(t(pages[1].titleKey!), 2)).toBeVisible();
    },
  });
  await expect(heading(t('forms:engine.checkAnswersTitle'), 2)).toBeVisible();
  await checked('application-form-check-answers');
  // A page the answers skip is not shown at its own address either: on to the next that applies.
  const skipped = form.pages.find((formPage) => !pages.includes(formPage))!;
  await open(`/applications/application/${skipped.id}?applicantIdentifier=${holder.applicantIdentifier}`);
  await expect(page).not.toHaveURL(new RegExp(`/${skipped.id}\\?`));
  await open(`/applications/application/check-answers?applicantIdentifier=${holder.applicantIdentifier}`);
  await expect(heading(t('forms:engine.checkAnswersTitle'), 2)).toBeVisible();

  // ---- a Change link: the page, changed, then back to check answers
  await go(main.getByRole('link', { name: `${t('forms:engine.change')} ${textLabel}`, exact: true }));
  await expect(heading(t(pages[0].titleKey!), 2)).toBeVisible();
  await main.getByRole('textbox', { name: textName }).fill('Marseille');
  await go(button('forms:engine.continue'));
  await expect(heading(t('forms:engine.checkAnswersTitle'), 2)).toBeVisible();
  await expect(main.locator(`[data-answer="${textField}"]`)).toHaveText('Marseille');
  await go(button('journey:form.submitApplication'));
  await expect(heading(t('journey:overview.heading'))).toBeVisible();
  await expect(main.getByText(t('journey:overview.saved', { name: fullName(holder) }))).toBeVisible();
  await checked('task-list-form-saved');

  // Saved as the browser saves them with scripts: the answers given.
  const saved = await api.get(`/api/eta/applications/${await applicationInBrowser(context)}/answers/application-form`, {
    headers: auth(account.tokens),
    params: { applicantIdentifier: holder.applicantIdentifier },
  });
  const skippedFields = form.pages.filter((formPage) => !pages.includes(formPage)).flatMap((f) => f.fields);
  const expected = Object.fromEntries(
    Object.entries({ ...answers, [textField]: 'Marseille' }).filter(([field]) => !skippedFields.includes(field)),
  );
  expect(((await saved.json()) as { answers: Answers }).answers).toEqual(expected);

  // ---- the other applicant's, from their step of the task list
  await go(stepLink(journey, other, 'APPLICATION_FORM'));
  await expect(page).toHaveURL(
    new RegExp(`/applications/application\\?applicantIdentifier=${other.applicantIdentifier}$`),
  );
  const theirs: Answers = { ...form.examples[0], ...(await prefilledAnswers(journey, account, other)) };
  await walkPages(journey, form, theirs, 'journey:form.submitApplication', 'other-application-form');
  await expect(heading(t('forms:engine.checkAnswersTitle'), 2)).toBeVisible();
  await checked('other-application-form-check-answers');
  await go(button('journey:form.submitApplication'));
  await expect(heading(t('journey:overview.heading'))).toBeVisible();
  await expect(main.getByText(t('journey:overview.saved', { name: fullName(other) }))).toBeVisible();
}

/**
 * The declarations of each applicant, from their step of the task list, page by page from the form's example, then
 * check answers; the task list shows the photos, the application form and the declarations completed for both.
 */
export async function declarations(journey: Journey, { holder, other }: { holder: Identified; other: Identified }) {
  const { t, main, heading, button, checked, go } = journey.p;
  const form = formModel('declarations');
  for (const [applicant, shot] of [
    [holder, 'declarations'],
    [other, 'other-declarations'],
  ] as const) {
    await go(stepLink(journey, applicant, 'DECLARATION'));
    await walkPages(journey, form, form.examples[0], 'journey:form.submitDeclarations', shot);
    await expect(heading(t('forms:engine.checkAnswersTitle'), 2)).toBeVisible();
    await checked(`${shot}-check-answers`);
    await go(button('journey:form.submitDeclarations'));
    await expect(heading(t('journey:overview.heading'))).toBeVisible();
    await expect(main.getByText(t('journey:overview.saved', { name: fullName(applicant) }))).toBeVisible();
  }
  for (const applicant of [holder, other]) {
    await expectCompleted(journey, applicant, ['CAPTURE_BIOMETRICS', 'APPLICATION_FORM', 'DECLARATION']);
  }
  await checked('task-list-done');
}
