// The applicants and the application form with the browser's scripts switched off, in English on a 375 px phone and
// in Arabic on a 1280 px screen: every page is the server's HTML, every button a form it posts, every list the
// browser's own. Applicants are added, refused at the passport answer, changed and removed through the forms; the
// task list's Continue, every page of the application form and of the declarations (Back, a Change link of check
// answers, "Add another", the pages their answers skip) are answered from the forms' example answers; Close
// application, My applications' Continue and Delete are pages and forms too. On each page: the language and
// direction, no English left, axe clean, and a screenshot in .cache/screenshots/no-scripts-application/<lng>-<width>/.
import { createVerifiedAccount, signInBrowser, type Tokens } from './support/accounts';
import { freshPassportNumber, passCaptureThroughApi } from './support/application-form';
import { expect, test } from './support/fixtures';
import { escapeRegExp, NO_SCRIPTS_RUNS, noScriptsPage } from './support/no-scripts';
import { answerField, answerPage, fieldOf, formModel, pagesFor } from './support/form-filler';

test.use({ javaScriptEnabled: false });

const OVERVIEW = '/applications/application';
const native = { native: true };

for (const run of NO_SCRIPTS_RUNS) {
  const { lng, width } = run;
  test.describe(`without scripts, ${lng} at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 }, locale: lng });

    test(`applicants, the application form and the declarations as forms, in ${lng}`, async ({
      page,
      request,
      context,
      browser,
      baseURL,
    }) => {
      test.setTimeout(600_000);
      const { t, named, anyFilled, main, heading, button, link, userData, checked, go, open, close } =
        await noScriptsPage(page, browser, run, 'no-scripts-application');

      // ---- signed in with the session's cookies; the application made through the API, open in the router context
      const account = await createVerifiedAccount(request);
      userData.push(account.givenNames, account.familyName, `${account.givenNames} ${account.familyName}`);
      await signInBrowser(context, baseURL!, account.tokens);
      const headers = { Authorization: `Bearer ${account.tokens.accessToken}` };
      const created = await request.post('/api/eta/applications', {
        headers,
        data: { applicationType: 'ETA', applyingFor: 'SELF_AND_OTHERS' },
      });
      expect(created.status(), await created.text()).toBe(201);
      const { applicationIdentifier } = (await created.json()) as { applicationIdentifier: string };
      await context.addCookies([
        {
          name: 'eta.routerContext',
          value: encodeURIComponent(JSON.stringify({ applicationIdentifier })),
          url: baseURL!,
          sameSite: 'Lax',
        },
      ]);

      // ---- the applicants page: no one yet
      await open(`/applications/manage-applicants?lng=${lng}`);
      await expect(heading(t('applications:manageApplicants.title'))).toBeVisible();
      await checked('applicants-none');

      // ---- the account holder, page by page: Back once, then a passport the portal refuses, at its answer
      const applicantForm = formModel('applicant');
      const me = {
        isAccountHolder: true,
        givenNames: account.givenNames,
        familyName: account.familyName,
        dateOfBirth: '1986-04-12',
        nationality: 'FR',
        passportIssuingCountry: 'FR',
        passportNumber: freshPassportNumber('NS'),
      };
      const applicantPage = (id: string) => heading(t(`forms:applicant.pages.${id}`), 2);
      await go(link(t('applications:pages.manage.addYourself')));
      await expect(applicantPage('who')).toBeVisible();
      await answerPage(page, lng, applicantForm, 'who', me, native);
      await checked('applicant-who');
      await go(button('forms:engine.continue'));
      await expect(applicantPage('identity')).toBeVisible();
      await answerPage(page, lng, applicantForm, 'identity', me, native);
      await checked('applicant-identity');
      await go(button('forms:engine.back'));
      await expect(applicantPage('who')).toBeVisible();
      await go(button('forms:engine.continue'));
      await expect(applicantPage('identity')).toBeVisible();
      await expect(main.getByRole('textbox', { name: t('forms:applicant.givenNames.label') })).toHaveValue(
        me.givenNames,
      );
      await go(button('forms:engine.continue'));
      await expect(applicantPage('passport')).toBeVisible();
      await answerPage(page, lng, applicantForm, 'passport', { ...me, passportIssuingCountry: 'ZW' }, native);
      await go(button('applications:pages.manage.addSubmit'));
      const summary = main.getByRole('alert').filter({ hasText: t('forms:engine.errorSummaryTitle') });
      await expect(summary.getByRole('link')).toHaveCount(1);
      await expect(page).toHaveTitle(new RegExp(`^${escapeRegExp(t('forms:engine.errorTitlePrefix'))}`));
      await expect(main.getByRole('combobox', { name: t('forms:applicant.passportIssuingCountry.label') })).toHaveValue(
        'ZW',
      );
      await checked('applicant-passport-refused');
      await answerField(page, lng, applicantForm, 'passportIssuingCountry', 'FR', native);
      await go(button('applications:pages.manage.addSubmit'));
      const myName = `${me.givenNames} ${me.familyName}`;
      await expect(main.getByText(t('applications:pages.manage.added', { name: myName }))).toBeVisible();
      await checked('applicants-one');

      // ---- a child, with the relationship page the first answer asks for
      const child = {
        isAccountHolder: false,
        relationship: 'CHILD',
        givenNames: 'Léa',
        familyName: 'Dubois',
        dateOfBirth: '2015-09-30',
        nationality: 'FR',
        passportIssuingCountry: 'FR',
        passportNumber: freshPassportNumber('NC'),
      };
      userData.push(child.givenNames, child.familyName, 'Léa Dubois', 'Lina Dubois');
      const addChild = async (shotName?: string) => {
        await go(link(t('applications:pages.manage.add')));
        for (const id of ['who', 'relationship', 'identity', 'passport']) {
          await expect(applicantPage(id)).toBeVisible();
          await answerPage(page, lng, applicantForm, id, child, native);
          if (shotName) await checked(`${shotName}-${id}`);
          await go(button(id === 'passport' ? 'applications:pages.manage.addSubmit' : 'forms:engine.continue'));
        }
        await expect(main.getByText(t('applications:pages.manage.added', { name: 'Léa Dubois' }))).toBeVisible();
      };
      await addChild('child');
      await checked('applicants-two');

      // ---- removing her asks first, on a page of its own: No keeps her, Yes removes her
      const remove = main.getByRole('button', {
        name: named('applications:pages.common.removeApplicant', { name: 'Léa Dubois' }),
      });
      await go(remove);
      await expect(heading(t('applications:pages.manage.removeTitle', { name: 'Léa Dubois' }))).toBeVisible();
      await checked('remove-applicant');
      await go(link(t('applications:pages.manage.removeCancel')));
      await expect(main.getByRole('heading', { level: 3 })).toHaveCount(2);
      await go(remove);
      await go(button('applications:pages.manage.removeConfirm'));
      await expect(main.getByText(t('applications:pages.manage.removed', { name: 'Léa Dubois' }))).toBeVisible();
      await expect(main.getByRole('heading', { level: 3 })).toHaveCount(1);
      await checked('applicant-removed');

      // ---- added again, then changed: the form starts from her details
      await addChild();
      await go(link(named('applications:pages.common.changeApplicant', { name: 'Léa Dubois' })));
      await expect(applicantPage('who')).toBeVisible();
      await go(button('forms:engine.continue'));
      await go(button('forms:engine.continue'));
      await expect(applicantPage('identity')).toBeVisible();
      await main.getByRole('textbox', { name: t('forms:applicant.givenNames.label') }).fill('Lina');
      await go(button('forms:engine.continue'));
      await go(button('applications:pages.manage.editSubmit'));
      await expect(main.getByText(t('applications:pages.manage.updated', { name: 'Lina Dubois' }))).toBeVisible();
      await checked('applicant-changed');

      // ---- confirm the applicants, then the task list
      await go(link(t('applications:pages.common.continue')));
      await expect(heading(t('applications:confirmApplicant.title'))).toBeVisible();
      await checked('confirm-applicants');
      await go(link(t('applications:pages.confirm.submit')));
      await expect(heading(t('journey:overview.heading'))).toBeVisible();
      await checked('task-list');

      // ---- the photos of both go through the API (their pages are walked elsewhere); Continue then opens the form
      const tokens: Tokens = account.tokens;
      const applicants = (await (
        await request.get(`/api/eta/applications/${applicationIdentifier}/applicants`, { headers })
      ).json()) as { applicantIdentifier: string; isAccountHolder: boolean }[];
      const mine = applicants.find((a) => a.isAccountHolder)!.applicantIdentifier;
      for (const applicant of applicants) {
        await passCaptureThroughApi(request, tokens, applicationIdentifier, applicant.applicantIdentifier);
      }
      await open(OVERVIEW);
      await go(button('journey:overview.continue'));
      await expect(page).toHaveURL(new RegExp(`/applications/application\\?applicantIdentifier=${mine}$`));

      // ---- the application form, every page that applies, from its example with the applicant's own facts
      const form = formModel('application-form');
      const prefilled = (await (
        await request.get(`/api/eta/applications/${applicationIdentifier}/answers/application-form`, {
          headers,
          params: { applicantIdentifier: mine },
        })
      ).json()) as { answers: Record<string, unknown> };
      const answers: Record<string, unknown> = {
        ...form.examples[0],
        ...prefilled.answers,
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
      const textName = fieldOf(page, lng, form, textField).name;
      const textLabel = t(String(form.ui[textField]['ui:title']));
      for (const [index, formPage] of pages.entries()) {
        await expect(heading(t(formPage.titleKey!), 2)).toBeVisible();
        if (index === 1) {
          // Back, once: the page before, with what was saved on it.
          await go(main.getByRole('link', { name: t('forms:engine.back'), exact: true }));
          await expect(heading(t(pages[0].titleKey!), 2)).toBeVisible();
          await expect(main.getByRole('textbox', { name: textName })).toHaveValue(String(answers[textField]));
          await go(button('forms:engine.continue'));
          await expect(heading(t(formPage.titleKey!), 2)).toBeVisible();
        }
        await answerPage(page, lng, form, formPage.id, answers, native);
        await checked(`application-form-${formPage.id}`);
        const last = index === pages.length - 1;
        await go(button(last ? 'journey:form.submitApplication' : 'forms:engine.continue'));
      }
      // A page the answers skip is not shown at its own address either: on to the next that applies.
      const skipped = form.pages.find((p) => !pages.includes(p))!;
      await open(`/applications/application/${skipped.id}?applicantIdentifier=${mine}`);
      await expect(page).not.toHaveURL(new RegExp(`/${skipped.id}\\?`));
      await open(`/applications/application/check-answers?applicantIdentifier=${mine}`);
      await expect(heading(t('forms:engine.checkAnswersTitle'), 2)).toBeVisible();
      await checked('application-form-check-answers');

      // ---- a Change link: the page, changed, then back to check answers
      await go(main.getByRole('link', { name: `${t('forms:engine.change')} ${textLabel}`, exact: true }));
      await expect(heading(t(pages[0].titleKey!), 2)).toBeVisible();
      await main.getByRole('textbox', { name: textName }).fill('Marseille');
      await go(button('forms:engine.continue'));
      await expect(heading(t('forms:engine.checkAnswersTitle'), 2)).toBeVisible();
      await expect(main.locator(`[data-answer="${textField}"]`)).toHaveText('Marseille');
      await go(button('journey:form.submitApplication'));
      await expect(heading(t('journey:overview.heading'))).toBeVisible();
      await expect(main.getByText(t('journey:overview.saved', { name: myName }))).toBeVisible();
      await checked('task-list-form-saved');

      // Saved as the browser saves them with scripts: the answers given.
      const saved = (await (
        await request.get(`/api/eta/applications/${applicationIdentifier}/answers/application-form`, {
          headers,
          params: { applicantIdentifier: mine },
        })
      ).json()) as { answers: Record<string, unknown> };
      const skippedFields = form.pages.filter((p) => !pages.includes(p)).flatMap((p) => p.fields);
      const expected = Object.fromEntries(
        Object.entries({
          ...answers,
          [textField]: 'Marseille',
        }).filter(([field]) => !skippedFields.includes(field)),
      );
      expect(saved.answers).toEqual(expected);

      // ---- the declarations, from the task list's link for the account holder
      const mySteps = main.getByRole('region', { name: t('journey:overview.stepsOf', { name: myName }) });
      await go(mySteps.getByRole('link', { name: t('applications:enums.step.DECLARATION'), exact: true }));
      const declarations = formModel('declarations');
      const declared = declarations.examples[0];
      const declarationPages = pagesFor(declarations, declared);
      for (const [index, formPage] of declarationPages.entries()) {
        await expect(heading(t(formPage.titleKey!), 2)).toBeVisible();
        await answerPage(page, lng, declarations, formPage.id, declared, native);
        await checked(`declarations-${formPage.id}`);
        const last = index === declarationPages.length - 1;
        await go(button(last ? 'journey:form.submitDeclarations' : 'forms:engine.continue'));
      }
      await expect(heading(t('forms:engine.checkAnswersTitle'), 2)).toBeVisible();
      await checked('declarations-check-answers');
      await go(button('journey:form.submitDeclarations'));
      await expect(heading(t('journey:overview.heading'))).toBeVisible();
      for (const step of ['CAPTURE_BIOMETRICS', 'APPLICATION_FORM', 'DECLARATION']) {
        await expect(
          mySteps.getByRole('listitem').filter({ hasText: t(`applications:enums.step.${step}`) }),
        ).toContainText(t('journey:status.COMPLETED'));
      }
      await checked('task-list-done');

      // ---- Close application asks on a page of its own; No comes back
      await go(main.getByRole('button', { name: t('common:closeApplication.button'), exact: true }));
      await expect(heading(t('common:closeApplication.title'))).toBeVisible();
      await checked('close-application');
      await go(link(t('common:closeApplication.no')));
      await expect(heading(t('journey:overview.heading'))).toBeVisible();

      // ---- My applications: Delete asks on a page of its own (an application made for it), Continue goes on
      const spare = await request.post('/api/eta/applications', {
        headers,
        data: { applicationType: 'ETA', applyingFor: 'SELF' },
      });
      expect(spare.status()).toBe(201);
      await open('/my-applications');
      await expect(heading(t('applications:myApplications.title'))).toBeVisible();
      await checked('my-applications');
      const deleteButton = main.getByRole('button', { name: anyFilled('applications:pages.list.delete') });
      await expect(deleteButton).toHaveCount(2);
      await go(deleteButton.first());
      await expect(heading(t('applications:pages.list.deleteTitle'))).toBeVisible();
      await checked('delete-application');
      await go(button('applications:pages.list.deleteConfirm'));
      await expect(main.getByText(anyFilled('applications:pages.list.deleted'))).toBeVisible();
      await expect(deleteButton).toHaveCount(1);
      await checked('application-deleted');
      await go(main.getByRole('button', { name: anyFilled('applications:pages.list.continue') }));
      await expect(page).toHaveURL(/\/applications\/application\?applicantIdentifier=/);
      await close();
    });
  });
}
