import '@/engine/testing/forms-loaded';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getRouterContext, setRouterContext } from '@/api/router-context';
import ApplicationsListPage, { outcomeLink, resumePath } from './applications-list-page';
import journeyManifest from '@schemas/routes.manifest.json';
import ConfirmApplicantPage from './confirm-applicant-page';
import CreateApplicationPage from './create-application-page';
import ManageApplicantsPage from './manage-applicants-page';
import { applicantFixture, applicationFixture, englishI18n, mockFetch, renderPage } from './test-utils';
import { formatTime } from '@/shared/dates';

// The form engine's first render imports much; a busy machine needs more than 5 s.
vi.setConfig({ testTimeout: 30_000 });

let i18n: I18n;
beforeAll(async () => {
  i18n = await englishI18n();
});
beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const GUID = '0190a0c4-0000-7000-8000-00000000a001';
const SELF = applicantFixture();
const CHILD = applicantFixture({
  applicantIdentifier: '0190a0c4-0000-7000-8000-000000000002',
  isAccountHolder: false,
  relationship: 'CHILD',
  givenNames: 'Léa',
  passportNumber: 'CD7654321',
});
const TWIN = applicantFixture({
  applicantIdentifier: '0190a0c4-0000-7000-8000-000000000003',
  isAccountHolder: false,
  relationship: 'SIBLING',
  passportNumber: 'EF1112223',
});
const h1s = () => screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** An accessible name: the visible words, then the words only screen readers get (jsdom drops the space between). */
const named = (visible: string, hidden: string) => new RegExp(`^${escape(visible)}\\s*${escape(hidden)}$`);
/** The time of day the list shows for a timestamp, in the time zone the tests run in. */
/** The time of day the page writes (in the department's time zone, named: see format.test.ts). */
const timeOf = (timestamp: string) => formatTime(timestamp, 'en');

describe('CreateApplicationPage', () => {
  it('explains both types, creates the application, keeps its identifier and goes on to the applicants', async () => {
    const calls = mockFetch(() => [201, applicationFixture()]);
    renderPage(i18n, <CreateApplicationPage />, '/applications/create-application');
    expect(h1s()).toEqual(['Start a new application']);
    expect(screen.getByRole('heading', { level: 3, name: "Visitor's visa under section 11(1)" })).toBeTruthy();
    fireEvent.click(await screen.findByRole('radio', { name: 'Electronic travel authorisation (ETA)' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Me and other people' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create the application' }));
    expect(await screen.findByRole('heading', { name: 'page /applications/manage-applicants' })).toBeTruthy();
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/api/eta/applications',
        body: { applicationType: 'ETA', applyingFor: 'SELF_AND_OTHERS' },
      },
    ]);
    expect(getRouterContext().applicationIdentifier).toBe(GUID);
  });

  it('asks for both answers before calling the API', async () => {
    const calls = mockFetch(() => [201, applicationFixture()]);
    renderPage(i18n, <CreateApplicationPage />, '/applications/create-application');
    fireEvent.click(await screen.findByRole('button', { name: 'Create the application' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByText('Select what you are applying for')).toBeTruthy();
    expect(within(summary).getByText('Select who this application is for')).toBeTruthy();
    expect(calls).toEqual([]);
  });
});

describe('ManageApplicantsPage', () => {
  it('explains what to do when no application is open', () => {
    mockFetch(() => [500, {}]);
    renderPage(i18n, <ManageApplicantsPage />, '/applications/manage-applicants');
    expect(h1s()).toEqual(['Applicants']);
    expect(screen.getByText(/We do not know which application you are working on/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start a new application' }).getAttribute('href')).toBe(
      '/applications/create-application',
    );
    expect(screen.getByRole('link', { name: 'Go to your applications' }).getAttribute('href')).toBe('/my-applications');
  });

  it('lists the applicants, removes one after confirming, and continues to the confirmation', async () => {
    setRouterContext({ applicationIdentifier: GUID });
    let applicants = [SELF, CHILD];
    const calls = mockFetch((call) => {
      if (call.method === 'DELETE') {
        applicants = [SELF];
        return [200, { applicantIdentifier: CHILD.applicantIdentifier, deleted: true }];
      }
      if (call.url.endsWith('/applicants')) return [200, applicants];
      if (call.url.endsWith('/client-settings')) return [200, { maxApplicantsPerApplication: 4 }];
      return [200, applicationFixture({ applicants })];
    });
    renderPage(i18n, <ManageApplicantsPage />, '/applications/manage-applicants');
    expect(await screen.findByRole('heading', { level: 2, name: '2 applicants' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Amélie Dubois (you)' })).toBeTruthy();
    expect(screen.getByText('AB1234567, issued by France')).toBeTruthy();
    expect(screen.getByText('Child')).toBeTruthy();
    expect(await screen.findByText('You can add up to 4 applicants to this application.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add an applicant' }).getAttribute('href')).toBe(
      '/applications/manage-applicants?add=1',
    );
    expect(screen.getByRole('link', { name: /^Change\s*the details of Léa Dubois$/ }).getAttribute('href')).toBe(
      `/applications/manage-applicants?edit=${CHILD.applicantIdentifier}`,
    );

    fireEvent.click(screen.getByRole('button', { name: /^Remove\s*Léa Dubois$/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Léa Dubois?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, remove' }));
    expect(await screen.findByText('Léa Dubois has been removed from the application.')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: '1 applicant' })).toBeTruthy();
    expect(calls).toContainEqual({
      method: 'DELETE',
      url: `/api/eta/applications/${GUID}/applicants/${CHILD.applicantIdentifier}`,
      body: undefined,
    });
    expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe('/applications/confirm-applicant');
  });

  it('tells two applicants with the same name apart by their passports', async () => {
    setRouterContext({ applicationIdentifier: GUID });
    let applicants = [SELF, TWIN, CHILD];
    mockFetch((call) => {
      if (call.method === 'DELETE') {
        applicants = [SELF, CHILD];
        return [200, { applicantIdentifier: TWIN.applicantIdentifier, deleted: true }];
      }
      if (call.url.endsWith('/applicants')) return [200, applicants];
      if (call.url.endsWith('/client-settings')) return [200, { maxApplicantsPerApplication: 4 }];
      return [200, applicationFixture({ applicants })];
    });
    renderPage(i18n, <ManageApplicantsPage />, '/applications/manage-applicants');
    expect(await screen.findByRole('heading', { level: 2, name: '3 applicants' })).toBeTruthy();
    for (const [applicant, label] of [
      [SELF, 'Amélie Dubois, passport AB1234567'],
      [TWIN, 'Amélie Dubois, passport EF1112223'],
    ] as const) {
      const card = screen.getByRole('region', { name: label });
      expect(
        within(card)
          .getByRole('link', { name: named('Change', `the details of ${label}`) })
          .getAttribute('href'),
      ).toBe(`/applications/manage-applicants?edit=${applicant.applicantIdentifier}`);
      expect(within(card).getByRole('button', { name: named('Remove', label) })).toBeTruthy();
    }
    // Léa's name is hers alone: it stays short.
    expect(screen.getByRole('button', { name: named('Remove', 'Léa Dubois') })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: named('Remove', 'Amélie Dubois, passport EF1112223') }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Amélie Dubois, passport EF1112223?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, remove' }));
    expect(
      await screen.findByText('Amélie Dubois, passport EF1112223 has been removed from the application.'),
    ).toBeTruthy();
    expect(await screen.findByRole('button', { name: named('Remove', 'Amélie Dubois') })).toBeTruthy();
  });

  it('offers no more applicants once an application only for oneself has its one', async () => {
    setRouterContext({ applicationIdentifier: GUID });
    mockFetch((call) => {
      if (call.url.endsWith('/applicants')) return [200, [SELF]];
      if (call.url.endsWith('/client-settings')) return [200, { maxApplicantsPerApplication: 10 }];
      return [200, applicationFixture({ applyingFor: 'SELF', applicants: [SELF] })];
    });
    renderPage(i18n, <ManageApplicantsPage />, '/applications/manage-applicants');
    expect(await screen.findByText(/has reached its limit of 1 applicant\./)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Add/ })).toBeNull();
  });

  it('explains a passport refusal at the passport answer, with the next step', async () => {
    setRouterContext({ applicationIdentifier: GUID });
    const refusal = {
      error:
        'Passports issued by this country cannot be used for this application. Holders of this passport must apply for a visa at an embassy or consulate.',
      code: 'PASSPORT_COUNTRY_NOT_WHITELISTED',
    };
    const calls = mockFetch((call) => {
      if (call.method === 'PUT') return [409, refusal];
      if (call.url.endsWith('/applicants')) return [200, [SELF, CHILD]];
      if (call.url.endsWith('/client-settings')) return [200, { maxApplicantsPerApplication: 10 }];
      return [200, applicationFixture({ applicants: [SELF, CHILD] })];
    });
    renderPage(
      i18n,
      <ManageApplicantsPage />,
      '/applications/manage-applicants',
      `/applications/manage-applicants?edit=${CHILD.applicantIdentifier}`,
    );
    expect(await screen.findByRole('heading', { level: 1, name: "Change the applicant's details" })).toBeTruthy();
    // Who, relationship, identity: the saved answers are there already.
    for (const page of ['Is this applicant you?', 'How is this applicant related to you?', 'About the applicant']) {
      expect(await screen.findByRole('heading', { level: 2, name: page })).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    }
    expect(await screen.findByRole('heading', { level: 2, name: "The applicant's passport" })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save the changes' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: refusal.error })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'What you can do' })).toBeTruthy();
    expect(screen.getByText(/they must apply for a visa at an embassy or consulate/)).toBeTruthy();
    // Still on the passport page, where the answer can be corrected.
    expect(screen.getByRole('heading', { level: 2, name: "The applicant's passport" })).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      url: `/api/eta/applications/${GUID}/applicants/${CHILD.applicantIdentifier}`,
      body: {
        isAccountHolder: false,
        relationship: 'CHILD',
        givenNames: 'Léa',
        passportIssuingCountry: 'FR',
        passportNumber: 'CD7654321',
      },
    });
  });

  it('saves a change and returns to the confirmation when it came from there', async () => {
    setRouterContext({ applicationIdentifier: GUID });
    mockFetch((call) => {
      if (call.method === 'PUT') return [200, SELF];
      if (call.url.endsWith('/applicants')) return [200, [SELF]];
      if (call.url.endsWith('/client-settings')) return [200, {}];
      return [200, applicationFixture({ applicants: [SELF] })];
    });
    renderPage(
      i18n,
      <ManageApplicantsPage />,
      '/applications/manage-applicants',
      `/applications/manage-applicants?edit=${SELF.applicantIdentifier}&from=confirm`,
    );
    for (const page of ['Is this applicant you?', 'About the applicant']) {
      expect(await screen.findByRole('heading', { level: 2, name: page })).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    }
    fireEvent.click(await screen.findByRole('button', { name: 'Save the changes' }));
    expect(await screen.findByRole('heading', { name: 'page /applications/confirm-applicant' })).toBeTruthy();
  });

  it('says to take the passport photo again when a saved change of passport removed it', async () => {
    setRouterContext({ applicationIdentifier: GUID });
    const changed = {
      ...SELF,
      passportNumber: 'ZZ9876543',
      step: 'CAPTURE_BIOMETRICS',
      photosToRetake: ['PASSPORT_PHOTO'],
    };
    let applicants = [applicantFixture({ step: 'DECLARATION' })];
    mockFetch((call) => {
      if (call.method === 'PUT') {
        applicants = [changed];
        return [200, changed];
      }
      if (call.url.endsWith('/applicants')) return [200, applicants];
      if (call.url.endsWith('/client-settings')) return [200, {}];
      return [200, applicationFixture({ applicants })];
    });
    renderPage(
      i18n,
      <ManageApplicantsPage />,
      '/applications/manage-applicants',
      `/applications/manage-applicants?edit=${SELF.applicantIdentifier}`,
    );
    for (const page of ['Is this applicant you?', 'About the applicant']) {
      expect(await screen.findByRole('heading', { level: 2, name: page })).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    }
    fireEvent.click(await screen.findByRole('button', { name: 'Save the changes' }));
    const notices = await screen.findAllByRole('status');
    expect(notices.map((notice) => notice.textContent)).toEqual([
      'The details of Amélie Dubois have been saved.',
      'You changed the passport details of Amélie Dubois: take the passport photo again before continuing.',
    ]);
  });

  it('says nothing about photos after a change that kept them', async () => {
    setRouterContext({ applicationIdentifier: GUID });
    mockFetch((call) => {
      if (call.method === 'PUT') return [200, SELF];
      if (call.url.endsWith('/applicants')) return [200, [SELF]];
      if (call.url.endsWith('/client-settings')) return [200, {}];
      return [200, applicationFixture({ applicants: [SELF] })];
    });
    renderPage(
      i18n,
      <ManageApplicantsPage />,
      '/applications/manage-applicants',
      `/applications/manage-applicants?edit=${SELF.applicantIdentifier}`,
    );
    for (const page of ['Is this applicant you?', 'About the applicant']) {
      expect(await screen.findByRole('heading', { level: 2, name: page })).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    }
    fireEvent.click(await screen.findByRole('button', { name: 'Save the changes' }));
    expect(await screen.findByText('The details of Amélie Dubois have been saved.')).toBeTruthy();
    expect(screen.queryByText(/take the passport photo again/)).toBeNull();
  });

  it('shows an account-holder refusal above the form with what to do', async () => {
    setRouterContext({ applicationIdentifier: GUID });
    mockFetch((call) => {
      if (call.method === 'PUT')
        return [
          409,
          { error: 'You are already an applicant on this application.', code: 'ACCOUNT_HOLDER_ALREADY_ADDED' },
        ];
      if (call.url.endsWith('/applicants')) return [200, [SELF]];
      if (call.url.endsWith('/client-settings')) return [200, {}];
      return [200, applicationFixture({ applicants: [SELF] })];
    });
    renderPage(
      i18n,
      <ManageApplicantsPage />,
      '/applications/manage-applicants',
      `/applications/manage-applicants?edit=${SELF.applicantIdentifier}`,
    );
    for (const page of ['Is this applicant you?', 'About the applicant']) {
      expect(await screen.findByRole('heading', { level: 2, name: page })).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    }
    fireEvent.click(await screen.findByRole('button', { name: 'Save the changes' }));
    const panel = await screen.findByRole('alert');
    expect(within(panel).getByText('You are already an applicant on this application.')).toBeTruthy();
    expect(within(panel).getByText(/answer No to add someone else/)).toBeTruthy();
  });
});

describe('ConfirmApplicantPage', () => {
  it('shows every applicant back with Change links, then continues to the application', async () => {
    setRouterContext({ applicationIdentifier: GUID });
    mockFetch((call) =>
      call.url.endsWith('/applicants')
        ? [200, [SELF, CHILD]]
        : [200, applicationFixture({ applicants: [SELF, CHILD] })],
    );
    renderPage(i18n, <ConfirmApplicantPage />, '/applications/confirm-applicant');
    expect(await screen.findByRole('heading', { level: 2, name: 'Applicant 2: Léa Dubois' })).toBeTruthy();
    expect(h1s()).toEqual(['Check the applicants']);
    expect(screen.getByRole('heading', { level: 2, name: 'Applicant 1: Amélie Dubois (you)' })).toBeTruthy();
    expect(screen.getAllByText('12 April 1986')).toHaveLength(2);
    const change = screen.getByRole('link', { name: /^Change\s*Passport of Léa Dubois$/ });
    expect(change.getAttribute('href')).toBe(
      `/applications/manage-applicants?edit=${CHILD.applicantIdentifier}&from=confirm`,
    );
    expect(screen.getByRole('link', { name: 'Confirm and continue' }).getAttribute('href')).toBe(
      '/applications/application',
    );
  });

  it('says to take the passport photo again when it returns from a change of passport', async () => {
    setRouterContext({ applicationIdentifier: GUID });
    mockFetch((call) => {
      if (call.url.endsWith('/applicants')) return [200, [SELF]];
      return [200, applicationFixture({ applicants: [SELF] })];
    });
    renderPage(i18n, <ConfirmApplicantPage />, '/applications/confirm-applicant', {
      pathname: '/applications/confirm-applicant',
      state: { passportRetake: 'Amélie Dubois' },
    });
    expect((await screen.findByRole('status')).textContent).toBe(
      'You changed the passport details of Amélie Dubois: take the passport photo again before continuing.',
    );
  });

  it('names the Change links of two applicants with the same name by their passports', async () => {
    setRouterContext({ applicationIdentifier: GUID });
    mockFetch((call) =>
      call.url.endsWith('/applicants') ? [200, [SELF, TWIN]] : [200, applicationFixture({ applicants: [SELF, TWIN] })],
    );
    renderPage(i18n, <ConfirmApplicantPage />, '/applications/confirm-applicant');
    expect(await screen.findByRole('heading', { level: 2, name: 'Applicant 2: Amélie Dubois' })).toBeTruthy();
    expect(
      screen
        .getByRole('link', { name: named('Change', 'Passport of Amélie Dubois, passport AB1234567') })
        .getAttribute('href'),
    ).toBe(`/applications/manage-applicants?edit=${SELF.applicantIdentifier}&from=confirm`);
    expect(
      screen
        .getByRole('link', { name: named('Change', 'Passport of Amélie Dubois, passport EF1112223') })
        .getAttribute('href'),
    ).toBe(`/applications/manage-applicants?edit=${TWIN.applicantIdentifier}&from=confirm`);
  });

  it('sends back to the applicants when there are none', async () => {
    setRouterContext({ applicationIdentifier: GUID });
    mockFetch((call) => (call.url.endsWith('/applicants') ? [200, []] : [200, applicationFixture()]));
    renderPage(i18n, <ConfirmApplicantPage />, '/applications/confirm-applicant');
    expect((await screen.findByRole('link', { name: 'Add applicants' })).getAttribute('href')).toBe(
      '/applications/manage-applicants',
    );
  });
});

describe('ApplicationsListPage', () => {
  it('shows an empty state with an Apply action', async () => {
    mockFetch(() => [200, []]);
    renderPage(i18n, <ApplicationsListPage />, '/my-applications');
    expect(h1s()).toEqual(['My applications']);
    expect(await screen.findByText('You have not started any applications yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Apply for an ETA' }).getAttribute('href')).toBe(
      '/applications/create-application',
    );
  });

  it('lists applications with their applicants, statuses, steps and outcome links', async () => {
    const decided = applicationFixture({
      applicationIdentifier: '0190a0c4-0000-7000-8000-00000000a002',
      applicationType: 'ETA_SECTION_11_1',
      status: 'COMPLETE',
      createdAt: '2025-11-20T10:00:00.000Z',
      applicants: [
        { ...SELF, status: 'APPROVED' },
        { ...CHILD, status: 'REJECTED' },
      ],
    });
    mockFetch(() => [200, [applicationFixture({ applicants: [{ ...SELF, step: 'APPLICATION_FORM' }] }), decided]]);
    renderPage(i18n, <ApplicationsListPage />, '/applications');
    expect(h1s()).toEqual(['Applications']);
    const current = await screen.findByRole('region', {
      name: named('Electronic travel authorisation (ETA)', 'for Amélie Dubois, started on 2 March 2026'),
    });
    expect(within(current).getByText('2 March 2026')).toBeTruthy();
    expect(within(current).getByText('In progress')).toBeTruthy();
    expect(within(current).getByText('Status: Not submitted')).toBeTruthy();
    expect(within(current).getByText('Current step: Application form')).toBeTruthy();
    expect(
      within(current).getByRole('button', {
        name: named('Continue', 'the application for Amélie Dubois, started on 2 March 2026'),
      }),
    ).toBeTruthy();
    expect(
      within(current).getByRole('button', {
        name: named('Delete', 'the application for Amélie Dubois, started on 2 March 2026'),
      }),
    ).toBeTruthy();

    const old = screen.getByRole('region', {
      name: named("Visitor's visa under section 11(1)", 'for Amélie Dubois and 1 other, started on 20 November 2025'),
    });
    expect(within(old).getByText('Complete')).toBeTruthy();
    expect(within(old).queryByRole('button')).toBeNull();
    expect(
      within(old)
        .getByRole('link', { name: /^View visa\s*of Amélie Dubois$/ })
        .getAttribute('href'),
    ).toBe(`/applications/view-visa?applicantIdentifier=${SELF.applicantIdentifier}`);
    expect(
      within(old)
        .getByRole('link', { name: /^View rejection notice\s*for Léa Dubois$/ })
        .getAttribute('href'),
    ).toBe(`/applications/view-notice?applicantIdentifier=${CHILD.applicantIdentifier}`);
    // A submitted application's confirmation (its reference and receipt) stays one click away.
    expect(
      within(old)
        .getByRole('link', {
          name: named(
            'View the confirmation',
            'of the application for Amélie Dubois and 1 other, started on 20 November 2025',
          ),
        })
        .getAttribute('href'),
    ).toBe('/applications/application-submitted?applicationIdentifier=0190a0c4-0000-7000-8000-00000000a002');
    expect(within(current).queryByRole('link', { name: /^View the confirmation/ })).toBeNull();
  });

  it('names the actions of applications started on the same day apart: by applicants, then time, then order', async () => {
    const at = (time: string) => `2026-03-02T${time}Z`;
    const family = applicationFixture({
      applicationIdentifier: '0190a0c4-0000-7000-8000-00000000a011',
      createdAt: at('10:05:00'),
      applicants: [SELF, CHILD],
    });
    const alone = applicationFixture({
      applicationIdentifier: '0190a0c4-0000-7000-8000-00000000a012',
      createdAt: at('10:20:00'),
      applicants: [SELF],
    });
    const empty = applicationFixture({
      applicationIdentifier: '0190a0c4-0000-7000-8000-00000000a013',
      createdAt: at('10:31:00'),
      applicants: [],
    });
    const emptyToo = applicationFixture({
      applicationIdentifier: '0190a0c4-0000-7000-8000-00000000a014',
      createdAt: at('10:45:10'),
      applicants: [],
    });
    const emptySameMinute = applicationFixture({
      applicationIdentifier: '0190a0c4-0000-7000-8000-00000000a015',
      createdAt: at('10:45:40'),
      applicants: [],
    });
    let list = [family, alone, empty, emptyToo, emptySameMinute];
    const calls = mockFetch((call) => {
      if (call.method === 'DELETE') {
        list = list.filter((a) => !call.url.endsWith(a.applicationIdentifier));
        return [200, { applicationIdentifier: emptySameMinute.applicationIdentifier, deleted: true }];
      }
      return [200, list];
    });
    renderPage(i18n, <ApplicationsListPage />, '/my-applications');
    await screen.findAllByRole('region');

    const applications = [
      'for Amélie Dubois and 1 other, started on 2 March 2026',
      'for Amélie Dubois, started on 2 March 2026',
      `with no applicants yet, started on 2 March 2026 at ${timeOf(empty.createdAt)}`,
      `with no applicants yet, started on 2 March 2026 at ${timeOf(emptyToo.createdAt)} (1 of 2)`,
      `with no applicants yet, started on 2 March 2026 at ${timeOf(emptySameMinute.createdAt)} (2 of 2)`,
    ];
    expect(new Set(applications).size).toBe(5);
    const continues = screen.getAllByRole('button', { name: /^Continue/ });
    const deletes = screen.getAllByRole('button', { name: /^Delete/ });
    // In the page's text the hidden words follow a space, as screen readers in browsers read them.
    expect(continues.map((button) => button.textContent)).toEqual(
      applications.map((application) => `Continue the application ${application}`),
    );
    applications.forEach((application, index) => {
      // getByRole finds exactly one: no other control on the page has this name.
      const region = screen.getByRole('region', { name: named('Electronic travel authorisation (ETA)', application) });
      expect(within(region).getByRole('button', { name: named('Continue', `the application ${application}`) })).toBe(
        continues[index],
      );
      expect(within(region).getByRole('button', { name: named('Delete', `the application ${application}`) })).toBe(
        deletes[index],
      );
    });
    // What sighted users see stays as it was, with the time where the day alone does not tell them apart.
    const started = (index: number) =>
      within(screen.getAllByRole('region')[index]).getByText(/^2 March 2026/).textContent;
    expect(started(0)).toBe('2 March 2026');
    expect(started(1)).toBe('2 March 2026');
    expect(started(2)).toBe(`2 March 2026 at ${timeOf(empty.createdAt)}`);

    // The dialog and the message say which one.
    fireEvent.click(deletes[4]);
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this application?' });
    expect(
      within(dialog).getByText(new RegExp(`^You are about to delete the application ${escape(applications[4])}\\.`)),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, delete it' }));
    expect(await screen.findByText(`You have deleted the application ${applications[4]}.`)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
      `/api/eta/applications/${emptySameMinute.applicationIdentifier}`,
    ]);
    // Once alone in its minute, the other one needs no number.
    expect(
      await screen.findByRole('button', {
        name: named(
          'Continue',
          `the application with no applicants yet, started on 2 March 2026 at ${timeOf(emptyToo.createdAt)}`,
        ),
      }),
    ).toBeTruthy();
  });

  it('shows each submitted applicant’s outcome with the right action, named after the applicant', async () => {
    const OTHER = applicantFixture({
      applicantIdentifier: '0190a0c4-0000-7000-8000-000000000004',
      isAccountHolder: false,
      givenNames: 'Noah',
      passportNumber: 'GH9998887',
    });
    const etas = applicationFixture({
      status: 'SUBMITTED',
      applicants: [
        { ...SELF, status: 'EXPIRED' },
        { ...CHILD, status: 'SUBMITTED' },
        { ...OTHER, status: 'REJECTED' },
      ],
    });
    const visas = applicationFixture({
      applicationIdentifier: '0190a0c4-0000-7000-8000-00000000a031',
      applicationType: 'ETA_SECTION_11_1',
      status: 'COMPLETE',
      createdAt: '2025-06-01T10:00:00.000Z',
      applicants: [{ ...TWIN, givenNames: 'Zoé', status: 'APPROVED' }],
    });
    mockFetch(() => [200, [etas, visas]]);
    renderPage(i18n, <ApplicationsListPage />, '/my-applications');
    const first = await screen.findByRole('region', {
      name: named('Electronic travel authorisation (ETA)', 'for Amélie Dubois and 2 others, started on 2 March 2026'),
    });
    const item = (name: string) => within(first).getByText(name).closest('li') as HTMLElement;
    expect(within(item('Amélie Dubois')).getByText('Status: Expired')).toBeTruthy();
    expect(
      within(item('Amélie Dubois'))
        .getByRole('link', { name: named('View ETA', 'of Amélie Dubois') })
        .getAttribute('href'),
    ).toBe(`/applications/view-eta?applicantIdentifier=${SELF.applicantIdentifier}`);
    // One status for an applicant being decided (referred to a case officer or not), not "Submitted" beside it.
    expect(item('Léa Dubois').textContent).toBe('Léa DuboisStatus: Being decided');
    expect(within(item('Léa Dubois')).queryByRole('link')).toBeNull();
    expect(
      within(item('Noah Dubois'))
        .getByRole('link', { name: named('View rejection notice', 'for Noah Dubois') })
        .getAttribute('href'),
    ).toBe(`/applications/view-notice?applicantIdentifier=${OTHER.applicantIdentifier}`);
    const second = screen.getByRole('region', {
      name: named("Visitor's visa under section 11(1)", 'for Zoé Dubois, started on 1 June 2025'),
    });
    expect(
      within(second)
        .getByRole('link', { name: named('View visa', 'of Zoé Dubois') })
        .getAttribute('href'),
    ).toBe(`/applications/view-visa?applicantIdentifier=${TWIN.applicantIdentifier}`);
    expect(screen.getAllByText('Status: Being decided')).toHaveLength(1);
    expect(screen.queryByText('Status: Submitted')).toBeNull();
  });

  it('names the outcome links of people with the same name apart: by passport, then by application', async () => {
    const approvedAgain = { ...SELF, applicantIdentifier: '0190a0c4-0000-7000-8000-000000000011', status: 'APPROVED' };
    const lastYear = applicationFixture({
      applicationIdentifier: '0190a0c4-0000-7000-8000-00000000a021',
      status: 'COMPLETE',
      createdAt: '2025-05-01T10:00:00.000Z',
      applicants: [approvedAgain],
    });
    const thisYear = applicationFixture({
      applicationIdentifier: '0190a0c4-0000-7000-8000-00000000a022',
      status: 'COMPLETE',
      applicants: [
        { ...SELF, status: 'APPROVED' },
        { ...TWIN, status: 'APPROVED' },
        { ...CHILD, status: 'REJECTED' },
      ],
    });
    mockFetch(() => [200, [thisYear, lastYear]]);
    renderPage(i18n, <ApplicationsListPage />, '/my-applications');
    const current = await screen.findByRole('region', {
      name: named('Electronic travel authorisation (ETA)', 'for Amélie Dubois and 2 others, started on 2 March 2026'),
    });
    const old = screen.getByRole('region', {
      name: named('Electronic travel authorisation (ETA)', 'for Amélie Dubois, started on 1 May 2025'),
    });
    const view = (region: HTMLElement, hidden: string) =>
      within(region)
        .getByRole('link', { name: named('View ETA', hidden) })
        .getAttribute('href');
    expect(
      view(
        current,
        'of Amélie Dubois, passport AB1234567, in the application for Amélie Dubois and 2 others, started on 2 March 2026',
      ),
    ).toBe(`/applications/view-eta?applicantIdentifier=${SELF.applicantIdentifier}`);
    expect(view(current, 'of Amélie Dubois, passport EF1112223')).toBe(
      `/applications/view-eta?applicantIdentifier=${TWIN.applicantIdentifier}`,
    );
    expect(
      view(old, 'of Amélie Dubois, passport AB1234567, in the application for Amélie Dubois, started on 1 May 2025'),
    ).toBe(`/applications/view-eta?applicantIdentifier=${approvedAgain.applicantIdentifier}`);
    // A name said once needs nothing more.
    expect(within(current).getByRole('link', { name: named('View rejection notice', 'for Léa Dubois') })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /^View ETA/ })).toHaveLength(3);
  });

  it('continues where the API says, with the application in the router context', async () => {
    const calls = mockFetch((call) =>
      call.method === 'POST'
        ? [
            200,
            {
              applicationIdentifier: GUID,
              applicantIdentifier: SELF.applicantIdentifier,
              step: 'APPLICATION_FORM',
              page: 'passport',
            },
          ]
        : [200, [applicationFixture({ applicants: [SELF] })]],
    );
    renderPage(i18n, <ApplicationsListPage />, '/my-applications');
    fireEvent.click(await screen.findByRole('button', { name: /^Continue/ }));
    expect(
      await screen.findByRole('heading', {
        name: `page /applications/application?applicantIdentifier=${SELF.applicantIdentifier}`,
      }),
    ).toBeTruthy();
    expect(calls.at(-1)).toEqual({ method: 'POST', url: `/api/eta/applications/${GUID}/step/resume`, body: undefined });
    expect(getRouterContext().applicationIdentifier).toBe(GUID);
  });

  // Every step of the journey (the manifest's own list): Continue opens the route of the step the API names.
  it.each(journeyManifest.steps.map((s) => [s.step, s.path]))(
    'continues at %s (%s) when the API says that step is next',
    async (step, path) => {
      mockFetch((call) =>
        call.method === 'POST'
          ? [200, { applicationIdentifier: GUID, applicantIdentifier: SELF.applicantIdentifier, step }]
          : [200, [applicationFixture({ applicants: [SELF] })]],
      );
      renderPage(i18n, <ApplicationsListPage />, '/my-applications');
      fireEvent.click(await screen.findByRole('button', { name: /^Continue/ }));
      expect(
        await screen.findByRole('heading', { name: `page ${path}?applicantIdentifier=${SELF.applicantIdentifier}` }),
      ).toBeTruthy();
    },
  );

  it('deletes an application in progress after confirming, and the list refreshes', async () => {
    setRouterContext({ applicationIdentifier: GUID });
    let list = [applicationFixture()];
    const calls = mockFetch((call) => {
      if (call.method === 'DELETE') {
        list = [];
        return [200, { applicationIdentifier: GUID, deleted: true }];
      }
      return [200, list];
    });
    renderPage(i18n, <ApplicationsListPage />, '/my-applications');
    fireEvent.click(await screen.findByRole('button', { name: /^Delete/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this application?' });
    expect(
      within(dialog).getByText(
        /^You are about to delete the application with no applicants yet, started on 2 March 2026\./,
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, delete it' }));
    expect(
      await screen.findByText('You have deleted the application with no applicants yet, started on 2 March 2026.'),
    ).toBeTruthy();
    expect(await screen.findByText('You have not started any applications yet.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([
      { method: 'DELETE', url: `/api/eta/applications/${GUID}`, body: undefined },
    ]);
    expect(getRouterContext().applicationIdentifier).toBeUndefined();
  });

  it('keeps the application when the dialog is answered No', async () => {
    const calls = mockFetch(() => [200, [applicationFixture()]]);
    renderPage(i18n, <ApplicationsListPage />, '/my-applications');
    fireEvent.click(await screen.findByRole('button', { name: /^Delete/ }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'No, keep it' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.every((c) => c.method === 'GET')).toBe(true);
  });
});

describe('navigation helpers', () => {
  it('resumes at the applicants page while there are none, else at the applicant', () => {
    expect(resumePath({ step: 'MANAGE_APPLICANTS', applicantIdentifier: null })).toBe(
      '/applications/manage-applicants',
    );
    expect(resumePath({ step: 'DECLARATION', applicantIdentifier: 'a b' })).toBe(
      '/applications/declarations?applicantIdentifier=a%20b',
    );
  });

  it('links outcomes only for decided applicants, to the document of their kind', () => {
    const link = (status: string, type?: 'ETA' | 'ETA_SECTION_11_1') =>
      outcomeLink(applicantFixture({ status, applicantIdentifier: 'a b' }) as never, type);
    expect(link('SUBMITTED')).toBeUndefined();
    expect(link('NOT_SUBMITTED')).toBeUndefined();
    expect(link('CANCELLED')).toBeUndefined();
    expect(link('APPROVED')).toEqual({
      to: '/applications/view-eta?applicantIdentifier=a%20b',
      labelKey: 'pages.list.viewEta',
    });
    expect(link('EXPIRED', 'ETA')?.to).toBe('/applications/view-eta?applicantIdentifier=a%20b');
    expect(link('APPROVED', 'ETA_SECTION_11_1')).toEqual({
      to: '/applications/view-visa?applicantIdentifier=a%20b',
      labelKey: 'pages.list.viewVisa',
    });
    expect(link('EXPIRED', 'ETA_SECTION_11_1')?.to).toBe('/applications/view-visa?applicantIdentifier=a%20b');
    expect(link('REJECTED', 'ETA_SECTION_11_1')).toEqual({
      to: '/applications/view-notice?applicantIdentifier=a%20b',
      labelKey: 'pages.list.viewNotice',
    });
  });
});
