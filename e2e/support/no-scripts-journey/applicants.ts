import { freshPassportNumber } from '../application-form';
import { expect } from '../fixtures';
import { answerField, answerPage, formModel } from '../form-filler';
import { invalidExamples } from './accounts';
import {
  fullName,
  native,
  type Journey,
  type JourneyAccount,
  type JourneyApplicant,
  type JourneyApplicants,
} from './journey';

/**
 * From the profile, an application for the visitor and others: the form sent empty is refused with its problems,
 * then answered; the applicants page opens, with no one yet.
 */
export async function createApplication({ page, run, p }: Journey): Promise<void> {
  const { lng } = run;
  const { t, heading, button, link, summary, errorTitle, checked, go } = p;
  const createForm = formModel('create-application');
  await go(link(t('accounts:profile.apply')));
  await expect(page).toHaveURL(/\/applications\/create-application$/);
  await expect(heading(t('applications:create.title'))).toBeVisible();
  await checked('create-application');
  await go(button('applications:pages.create.submit'));
  const createErrors = invalidExamples('create-application')[0].errors;
  await expect(summary.getByRole('link')).toHaveCount(Object.keys(createErrors).length);
  for (const key of Object.values(createErrors)) {
    await expect(summary.getByRole('link', { name: t(key), exact: true })).toBeVisible();
  }
  await expect(page).toHaveTitle(errorTitle);
  await checked('create-application-empty');
  await answerPage(page, lng, createForm, 'main', { applicationType: 'ETA', applyingFor: 'SELF_AND_OTHERS' }, native);
  await go(button('applications:pages.create.submit'));
  await expect(page).toHaveURL(/\/applications\/manage-applicants$/);
  await expect(heading(t('applications:manageApplicants.title'))).toBeVisible();
  await expect(p.main.getByRole('heading', { level: 3 })).toHaveCount(0);
  await checked('applicants-none');
}

/**
 * The applicants, through the applicant form page by page: the account holder (Back once, then a passport the
 * portal refuses, at its answer), a child added, removed (after No on the page that asks first) and added again,
 * then changed (the form starts from her details); the applicants confirmed, on to the task list.
 */
export async function addApplicants({ page, run, p }: Journey, account: JourneyAccount): Promise<JourneyApplicants> {
  const { lng } = run;
  const { t, named, main, heading, button, link, summary, errorTitle, userData, checked, go } = p;
  const applicantForm = formModel('applicant');
  const holder: JourneyApplicant = {
    isAccountHolder: true,
    givenNames: account.givenNames,
    familyName: account.familyName,
    dateOfBirth: '1986-04-12',
    nationality: 'FR',
    passportIssuingCountry: 'FR',
    passportNumber: freshPassportNumber('NS'),
  };
  const applicantPage = (id: string) => heading(t(`forms:applicant.pages.${id}`), 2);

  // ---- the account holder, page by page: Back once, then a passport the portal refuses, at its answer
  await go(link(t('applications:pages.manage.addYourself')));
  await expect(applicantPage('who')).toBeVisible();
  await answerPage(page, lng, applicantForm, 'who', holder, native);
  await checked('applicant-who');
  await go(button('forms:engine.continue'));
  await expect(applicantPage('identity')).toBeVisible();
  await answerPage(page, lng, applicantForm, 'identity', holder, native);
  await checked('applicant-identity');
  await go(button('forms:engine.back'));
  await expect(applicantPage('who')).toBeVisible();
  await go(button('forms:engine.continue'));
  await expect(applicantPage('identity')).toBeVisible();
  await expect(main.getByRole('textbox', { name: t('forms:applicant.givenNames.label') })).toHaveValue(
    holder.givenNames,
  );
  await go(button('forms:engine.continue'));
  await expect(applicantPage('passport')).toBeVisible();
  await answerPage(page, lng, applicantForm, 'passport', { ...holder, passportIssuingCountry: 'ZW' }, native);
  await go(button('applications:pages.manage.addSubmit'));
  await expect(summary.getByRole('link')).toHaveCount(1);
  await expect(page).toHaveTitle(errorTitle);
  await expect(main.getByRole('combobox', { name: t('forms:applicant.passportIssuingCountry.label') })).toHaveValue(
    'ZW',
  );
  await checked('applicant-passport-refused');
  await answerField(page, lng, applicantForm, 'passportIssuingCountry', 'FR', native);
  await go(button('applications:pages.manage.addSubmit'));
  await expect(main.getByText(t('applications:pages.manage.added', { name: fullName(holder) }))).toBeVisible();
  await checked('applicants-one');

  // ---- a child, with the relationship page the first answer asks for
  const child: JourneyApplicant = {
    isAccountHolder: false,
    relationship: 'CHILD',
    givenNames: 'Léa',
    familyName: 'Dubois',
    dateOfBirth: '2015-09-30',
    nationality: 'FR',
    passportIssuingCountry: 'FR',
    passportNumber: freshPassportNumber('NC'),
  };
  userData.push(child.givenNames, child.familyName, 'Léa Dubois', 'Lina', 'Lina Dubois');
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
  await expect(main.getByRole('heading', { level: 3 })).toHaveCount(2);
  await checked('applicant-changed');

  // ---- confirm the applicants, then the task list
  await go(link(t('applications:pages.common.continue')));
  await expect(heading(t('applications:confirmApplicant.title'))).toBeVisible();
  await checked('confirm-applicants');
  await go(link(t('applications:pages.confirm.submit')));
  await expect(heading(t('journey:overview.heading'))).toBeVisible();
  await checked('task-list');
  return { holder, other: { ...child, givenNames: 'Lina' } };
}
