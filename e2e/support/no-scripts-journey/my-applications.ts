import { expect } from '../fixtures';
import { answerPage, formModel } from '../form-filler';
import { native, type Journey } from './journey';

/**
 * From the task list: Close application asks on a page of its own, and No comes back. Then a second application is
 * started from the menu's Apply and left without applicants; My applications (from the profile) lists both, Delete
 * asks on a page of its own and deletes that second one, and Continue of the first goes on where it stopped.
 */
export async function closeAndMyApplications({ page, run, p }: Journey) {
  const { t, anyFilled, main, heading, button, link, checked, go, openMenu } = p;

  // ---- Close application asks on a page of its own; No comes back
  await go(main.getByRole('button', { name: t('common:closeApplication.button'), exact: true }));
  await expect(heading(t('common:closeApplication.title'))).toBeVisible();
  await checked('close-application');
  await go(link(t('common:closeApplication.no')));
  await expect(heading(t('journey:overview.heading'))).toBeVisible();

  // ---- a second application, started from the menu and left without applicants
  await go((await openMenu()).getByRole('link', { name: t('common:nav.apply'), exact: true }));
  await expect(heading(t('applications:create.title'))).toBeVisible();
  await answerPage(
    page,
    run.lng,
    formModel('create-application'),
    'main',
    formModel('create-application').examples[0],
    native,
  );
  await go(button('applications:pages.create.submit'));
  await expect(heading(t('applications:manageApplicants.title'))).toBeVisible();
  await checked('second-application-applicants');

  // ---- My applications: Delete asks on a page of its own, Continue goes on
  await go((await openMenu()).getByRole('link', { name: t('common:nav.profile'), exact: true }));
  await expect(heading(t('accounts:profile.title'))).toBeVisible();
  await go(link(t('accounts:profile.myApplications')));
  await expect(heading(t('applications:myApplications.title'))).toBeVisible();
  await checked('my-applications');
  const deleteButton = main.getByRole('button', { name: anyFilled('applications:pages.list.delete') });
  await expect(deleteButton).toHaveCount(2);
  const second = main.getByRole('region').filter({ hasText: t('applications:pages.list.noApplicants') });
  await expect(second).toHaveCount(1);
  await go(second.getByRole('button', { name: anyFilled('applications:pages.list.delete') }));
  await expect(heading(t('applications:pages.list.deleteTitle'))).toBeVisible();
  await checked('delete-application');
  await go(button('applications:pages.list.deleteConfirm'));
  await expect(main.getByText(anyFilled('applications:pages.list.deleted'))).toBeVisible();
  await expect(deleteButton).toHaveCount(1);
  await expect(second).toHaveCount(0);
  await checked('application-deleted');
  await go(main.getByRole('button', { name: anyFilled('applications:pages.list.continue') }));
}
