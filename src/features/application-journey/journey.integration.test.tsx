// The application form and declarations in the browser (jsdom) against the real API on SQLite (its own
// process, testing/api-server.ts): task list from
// the server's state machine, page saves, drafts, resume after a reload, nothing lost while offline, finishing.
import '@/engine/testing/forms-loaded';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { backupKey, type ApplicantDetails } from '@/api/answers';
import { journeySteps, OVERVIEW_PATH } from '@/api/journey';
import { setRouterContext } from '@/api/router-context';
import { loadForm } from '@/engine/form-loader';
import { formValidation, topField } from '@/engine/validation/form-validation';
import type { FormValidation } from '@/engine/validation/form-validation';
import formExamples from '@schemas/application-form.examples.json';
import formUi from '@schemas/application-form.ui.json';
import type { FlowPage } from '@/shared/forms/flow/pages';
import { namedStep } from '@/shared/forms/journey';
import {
  apiCall,
  journeyI18n,
  renderJourney,
  startJourneyApi,
  wireFetch,
  type JourneyApi,
  type Wire,
} from './testing/journey-harness';

let api: JourneyApi;
let next = { onlyFirstCaptured: 0, bothCaptured: 1 };
let en: I18n;
let wire: Wire;
/** The application form's pages, conditions and problems, as the engine reads them from its configuration. */
let flow: FormValidation;

beforeAll(async () => {
  api = await startJourneyApi(10);
  en = await journeyI18n();
  flow = formValidation(await loadForm('application-form'));
}, 60000);
afterAll(() => api?.stop());
beforeEach(() => {
  localStorage.clear();
  wire = wireFetch(api);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// A fresh passport number each time: an open application already holds the example's.
const validApplicationForm = (): Record<string, unknown> => ({
  ...structuredClone(formExamples.valid[0]),
  passportNumber: `P${Math.random().toString(36).slice(2, 10).toUpperCase()}`,
});
const pick = (answers: Record<string, unknown>, fields: string[]) =>
  Object.fromEntries(Object.entries(answers).filter(([k]) => fields.includes(k)));
/** The trip questions this test answers by hand; the trip page's other questions come with the earlier answers. */
const TYPED = ['purposeOfVisit', 'arrivalDate', 'departureDate', 'portOfEntry', 'flightNumber'];
const uiSchema = formUi as unknown as Record<string, { 'ui:title'?: string }>;
/** A question's label in English, as the UI schema names it. */
const labelOf = (field: string) => en.t(uiSchema[field]['ui:title'] ?? '');
/** A page's heading in English. */
const titleOf = (pageId: string) => en.t(flow.page(pageId)!.titleKey ?? '');
/** The page the form shows after `pageId` for these answers (pages whose condition does not hold are skipped). */
const pageAfter = (pageId: string, answers: Record<string, unknown>) =>
  flow.pages.slice(flow.pages.findIndex((p) => p.id === pageId) + 1).find((p) => flow.pageApplies(p, answers))!;

/** An application of the signed-in user with two applicants (prepared by the API process); `captured` of them are past capture. */
function applicationWithTwo(captured: 1 | 2) {
  const index = captured === 1 ? next.onlyFirstCaptured : next.bothCaptured;
  next = captured === 1 ? { ...next, onlyFirstCaptured: index + 2 } : { ...next, bothCaptured: index + 2 };
  const application = api.applications[index];
  setRouterContext({ applicationIdentifier: application.guid });
  return application;
}

const call = (method: string, path: string, body?: unknown) => apiCall(api, method, path, body);
const savedForm = async (guid: string, applicant: string) =>
  (
    await apiCall<{ applicants: ApplicantDetails[] }>(
      api,
      'GET',
      `/api/eta/application-details/${guid}?applicantIdentifier=${applicant}`,
    )
  ).json.applicants[0].applicationForm;

const taskStatus = (list: HTMLElement, step: string) => {
  const item = within(list).getByText(step).closest('li') as HTMLElement;
  return item.querySelector('strong')?.textContent;
};

const dateGroup = (name: string) => screen.getByRole('group', { name });
async function typeDate(name: string, iso: string) {
  const [year, month, day] = iso.split('-');
  const group = dateGroup(name);
  for (const [label, value] of [
    ['Day', day],
    ['Month', month],
    ['Year', year],
  ]) {
    const input = within(group).getByLabelText(label);
    await userEvent.clear(input);
    await userEvent.type(input, String(Number(value)));
  }
}

const summaryLinks = async () =>
  within(await screen.findByRole('alert'))
    .getAllByRole('link')
    .map((l) => l.textContent);
const continueButton = () => screen.getByRole('button', { name: 'Continue' });

/** Every form's valid examples, from the configuration the portal is built from. */
const examples = import.meta.glob<{ valid: Record<string, unknown>[] }>('@schemas/*.examples.json', {
  eager: true,
  import: 'default',
});
/** A form's first valid example. */
function firstExampleOf(formId: string): Record<string, unknown> {
  const file = Object.keys(examples).find((path) => path.endsWith(`/${formId}.examples.json`));
  const example = file ? examples[file].valid[0] : undefined;
  if (!example) throw new Error(`schemas/${formId}.examples.json has no valid example`);
  return structuredClone(example);
}

/** The step after `step` in the journey (the manifest's list, which an editor may change). */
const stepAfter = (step: string) => journeySteps[journeySteps.findIndex((s) => s.step === step) + 1];

/**
 * Completes, through the API, the form steps between the application form and `step` (a step an editor added there),
 * each with its form's first valid example.
 */
async function completeStepsBetween(guid: string, applicant: string, step: string) {
  const from = journeySteps.findIndex((s) => s.step === 'APPLICATION_FORM') + 1;
  for (const between of journeySteps.slice(
    from,
    journeySteps.findIndex((s) => s.step === step),
  )) {
    if (!between.form) throw new Error(`this test cannot take the step ${between.step} (not a form) in the browser`);
    const saved = await call('PUT', `/api/eta/applications/${guid}/answers/${between.form}`, {
      applicantIdentifier: applicant,
      answers: firstExampleOf(between.form),
    });
    expect(saved.status).toBe(200);
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Answers one page's questions as a user does, from the form's configuration: each found by its label (an optional
 * one's name adds "(optional)") and answered through its widget: yes/no, a check box, or text.
 */
async function answerPage(
  form: FormValidation,
  ui: Record<string, unknown>,
  page: FlowPage,
  answers: Record<string, unknown>,
) {
  for (const field of form.fieldsShown(page, answers)) {
    if (!(field in answers)) continue;
    const value = answers[field];
    const fieldUi = (ui[field] ?? {}) as { 'ui:title'?: string; 'ui:widget'?: string };
    const name = new RegExp(`^${escapeRegExp(en.t(fieldUi['ui:title'] ?? ''))}`);
    const widget = fieldUi['ui:widget'];
    if (widget === 'yesNo') {
      const group = screen.getByRole('group', { name });
      const radio = within(group).getByLabelText(en.t(value ? 'forms:engine.yes' : 'forms:engine.no'));
      if (!(radio as HTMLInputElement).checked) await userEvent.click(radio);
    } else if (widget === 'checkbox') {
      const box = screen.getByRole('checkbox', { name }) as HTMLInputElement;
      if (box.checked !== value) await userEvent.click(box);
    } else if (typeof value === 'string') {
      const box = screen.getByRole('textbox', { name });
      await userEvent.clear(box);
      await userEvent.type(box, value);
    } else {
      throw new Error(`this test answers yes/no, check box and text questions, not ${field} (${String(widget)})`);
    }
  }
}

describe('the step list', () => {
  it('shows each applicant’s steps with the server’s states; only reachable steps are links', async () => {
    applicationWithTwo(1);
    renderJourney(en, '/applications/application');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your application' })).toBeTruthy();
    const amelie = await screen.findByRole('region', { name: 'Steps for Amélie Dubois' }, { timeout: 5000 });
    const leo = screen.getByRole('region', { name: 'Steps for Léo Dubois' });
    expect(taskStatus(amelie, 'Photo and passport')).toBe('Completed');
    expect(taskStatus(amelie, 'Application form')).toBe('In progress');
    expect(taskStatus(amelie, 'Declarations')).toBe('Cannot start yet');
    expect(taskStatus(leo, 'Photo and passport')).toBe('In progress');
    expect(taskStatus(leo, 'Application form')).toBe('Cannot start yet');
    // Capture is reachable (its own pages come later), never shown as done before the server says so.
    const capture = within(leo).getByRole('link', { name: 'Photo and passport' });
    expect(capture.getAttribute('href')).toMatch(/^\/capture\/capture-biometrics\?applicantIdentifier=/);
    expect(within(leo).queryByRole('link', { name: 'Application form' })).toBeNull();
    expect(within(amelie).getByRole('link', { name: 'Application form' }).getAttribute('href')).toMatch(
      /^\/applications\/application\?applicantIdentifier=/,
    );
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  }, 60000);

  it('continues where the server says: the applicant furthest behind', async () => {
    applicationWithTwo(1);
    const { router } = renderJourney(en, '/applications/application');
    await userEvent.click(await screen.findByRole('button', { name: 'Continue application' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/capture/capture-biometrics'));
  });

  it('explains a step that is not open yet, with a way back to the steps', async () => {
    const { second } = applicationWithTwo(1);
    renderJourney(en, `/applications/application?applicantIdentifier=${second}`);
    const alert = await screen.findByRole('alert', undefined, { timeout: 5000 });
    expect(within(alert).getByRole('heading', { name: 'You cannot start this step yet' })).toBeTruthy();
    expect(alert.textContent).toContain('This step is not open yet. Complete "Photo and passport" first.');
    expect(within(alert).getByRole('link', { name: 'Go to the steps of your application' }).getAttribute('href')).toBe(
      '/applications/application',
    );
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
  });
});

describe('the application form', () => {
  it('resumes with the saved answers at the page the server names, checks a page, saves it on Continue and drafts while typing', async () => {
    const { guid, first } = applicationWithTwo(2);
    // Everything before the trip was answered earlier (on another device).
    const form = validApplicationForm();
    const trip = flow.page('trip')!;
    const TRIP = flow.fieldsShown(trip, form);
    const fromTripOn = flow.pages.slice(flow.pages.indexOf(trip)).flatMap((p) => p.fields);
    const before = Object.fromEntries(
      Object.entries(form).filter(([k]) => !fromTripOn.includes(k) || (TRIP.includes(k) && !TYPED.includes(k))),
    );
    const seeded = await call('PUT', `/api/eta/application-details/${guid}`, {
      applicantIdentifier: first,
      draft: true,
      answers: before,
    });
    expect(seeded.status).toBe(200);

    const view = renderJourney(en, `/applications/application?applicantIdentifier=${first}`);
    expect(await screen.findByRole('heading', { level: 2, name: titleOf('trip') })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Applicant: Amélie DuboisApplication form');

    // Nothing answered: the summary lists each missing answer, in page order.
    await userEvent.click(continueButton());
    expect(await summaryLinks()).toEqual(
      flow
        .problems(before)
        .filter((problem) => flow.fieldsShown(trip, before).includes(topField(problem.path)))
        .map((problem) => en.t(problem.key, problem.params)),
    );

    await userEvent.type(screen.getByLabelText(labelOf('purposeOfVisit')), 'Vacation');
    await userEvent.click(await screen.findByRole('option', { name: 'Vacation or holiday' }));
    await typeDate(labelOf('arrivalDate'), '2030-03-02');
    await typeDate(labelOf('departureDate'), '2030-07-20');
    await userEvent.click(screen.getByLabelText('Cape Town International Airport'));
    await userEvent.type(screen.getByLabelText(labelOf('flightNumber'), { exact: false }), 'flight nine');
    await userEvent.click(continueButton());
    expect(await summaryLinks()).toEqual([
      'You can stay for up to 90 days: choose an earlier departure date',
      'Enter a flight number like SA 234',
    ]);

    // Typing pauses: a draft of this page reaches the server.
    await typeDate(labelOf('departureDate'), '2030-03-20');
    await waitFor(
      async () =>
        expect((await savedForm(guid, first)).answers).toMatchObject({
          departureDate: '2030-03-20',
          purposeOfVisit: 'VACATION_HOLIDAY',
          flightNumber: 'flight nine',
        }),
      {
        timeout: 6000,
      },
    );
    expect(wire.calls.some((c) => c.method === 'PUT' && (c.body as { draft?: boolean }).draft === true)).toBe(true);

    // Leave mid-page ("reload"): the same page comes back with what was typed.
    view.unmount();
    renderJourney(en, `/applications/application?applicantIdentifier=${first}`);
    expect(await screen.findByRole('heading', { level: 2, name: titleOf('trip') })).toBeTruthy();
    expect((within(dateGroup(labelOf('departureDate'))).getByLabelText('Day') as HTMLInputElement).value).toBe('20');
    expect((screen.getByLabelText('Cape Town International Airport') as HTMLInputElement).checked).toBe(true);
    const flight = screen.getByLabelText(labelOf('flightNumber'), { exact: false }) as HTMLInputElement;
    expect(flight.value).toBe('flight nine');
    await userEvent.clear(flight);
    await userEvent.type(flight, 'AF 990');

    // Continue saves the page (not a draft) and moves on.
    await userEvent.click(continueButton());
    expect(await screen.findByRole('heading', { level: 2, name: titleOf(pageAfter('trip', form).id) })).toBeTruthy();
    const pageSave = wire.calls.filter(
      (c) =>
        c.method === 'PUT' &&
        (c.body as { page?: string; draft?: boolean }).page === 'trip' &&
        !(c.body as { draft?: boolean }).draft,
    );
    expect(pageSave.at(-1)?.body).toEqual({
      applicantIdentifier: first,
      page: 'trip',
      answers: { ...pick(form, TRIP), departureDate: '2030-03-20', flightNumber: 'AF 990' },
    });
  }, 60000);

  it('keeps answers in the browser while the service cannot be reached, says so, and saves them when it can', async () => {
    const { guid, first } = applicationWithTwo(2);
    const view = renderJourney(en, `/applications/application?applicantIdentifier=${first}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Personal details' })).toBeTruthy();
    wire.offline = true;
    await userEvent.type(screen.getByLabelText('Town or city of birth'), 'Lyon');
    const banner = await screen.findByText(
      'We could not save your latest answers. They are kept in this browser and we will keep trying to save them.',
      undefined,
      { timeout: 4000 },
    );
    expect(banner.closest('[role="status"]')).toBeTruthy();
    const key = backupKey({ formId: 'application-form', applicationIdentifier: guid, applicantIdentifier: first });
    expect(JSON.parse(localStorage.getItem(key) ?? '{}').answers.cityOfBirth).toBe('Lyon');

    // A reload while still offline: the answers come back from the browser.
    view.unmount();
    renderJourney(en, `/applications/application?applicantIdentifier=${first}`);
    // The page is sent as the server has it; this browser's answers are laid over it once shown.
    await screen.findByLabelText('Town or city of birth');
    await waitFor(() =>
      expect((screen.getByLabelText('Town or city of birth') as HTMLInputElement).value).toBe('Lyon'),
    );
    expect(screen.getByText(/Answers you typed in this browser that had not been saved yet/)).toBeTruthy();

    // Back online: the next try reaches the server, the banner says so and the backup is gone.
    wire.offline = false;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(localStorage.getItem(key)).toBeNull(), { timeout: 8000 });
    const saved = await savedForm(guid, first);
    expect(saved.answers.cityOfBirth).toBe('Lyon');
  }, 60000);

  it('finishes through check answers with Change links, and the step list shows the progress', async () => {
    const { guid, first } = applicationWithTwo(2);
    const form = validApplicationForm();
    const all = { ...form };
    delete all.refusedBefore;
    await call('PUT', `/api/eta/application-details/${guid}`, {
      applicantIdentifier: first,
      draft: true,
      answers: all,
    });
    const { router } = renderJourney(en, `/applications/application?applicantIdentifier=${first}`);
    const refusedPage = flow.pages.find((p) => p.fields.includes('refusedBefore'))!;
    expect(await screen.findByRole('heading', { level: 2, name: titleOf(refusedPage.id) })).toBeTruthy();
    const refused = screen.getByRole('group', { name: labelOf('refusedBefore') });
    await userEvent.click(within(refused).getByLabelText('No'));
    // The pages after it are already answered (or optional); the last one leads to the check-answers page.
    for (let page = pageAfter(refusedPage.id, form); page; page = pageAfter(page.id, form)) {
      await userEvent.click(continueButton());
      expect(await screen.findByRole('heading', { level: 2, name: titleOf(page.id) })).toBeTruthy();
    }
    await userEvent.click(screen.getByRole('button', { name: 'Save application form' }));
    expect(await screen.findByRole('heading', { name: 'Check your answers' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /Change/ }).length).toBeGreaterThan(10);
    await userEvent.click(screen.getByRole('button', { name: 'Save application form' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    // The step list loads the application again once the form is saved.
    expect(
      await screen.findByText('Your answers for Amélie Dubois have been saved.', undefined, { timeout: 5000 }),
    ).toBeTruthy();
    // The names given in the form became the applicant's.
    const amelie = await screen.findByRole('region', { name: 'Steps for Amélie Jeanne Dubois' });
    expect(taskStatus(amelie, 'Application form')).toBe('Completed');
    // The manifest's next step (the journey is an editor's list).
    expect(taskStatus(amelie, en.t(stepAfter('APPLICATION_FORM').labelKey))).toBe('In progress');
  }, 60000);
});

describe('the declarations', () => {
  it('go page by page as their configuration has them, need the last page answered, then complete the step', async () => {
    const { guid, first } = applicationWithTwo(2);
    expect(
      (
        await call('PUT', `/api/eta/application-details/${guid}`, {
          applicantIdentifier: first,
          answers: validApplicationForm(),
        })
      ).status,
    ).toBe(200);
    await completeStepsBetween(guid, first, 'DECLARATION');
    // The declarations step's form, its pages and the answers of its first valid example.
    const step = namedStep(journeySteps, 'DECLARATION');
    const compiled = await loadForm(step.form);
    const declarations = formValidation(compiled);
    const ui = compiled.uiSchema as Record<string, unknown>;
    const answers = firstExampleOf(step.form);
    const pages: FlowPage[] = [];
    for (let page = declarations.nextPage(undefined, answers); page; page = declarations.nextPage(page.id, answers))
      pages.push(page);
    const title = (page: FlowPage) => en.t(page.titleKey ?? '');
    const confirm = () => screen.getByRole('button', { name: en.t(step.submitLabelKey ?? 'journey:form.submitStep') });

    const { router } = renderJourney(en, `${step.path}?applicantIdentifier=${first}`);
    expect(await screen.findByRole('heading', { level: 2, name: title(pages[0]) }, { timeout: 10000 })).toBeTruthy();
    for (const page of pages.slice(0, -1)) {
      await screen.findByRole('heading', { level: 2, name: title(page) });
      await answerPage(declarations, ui, page, answers);
      await userEvent.click(continueButton());
    }
    // The last page is not sent while what it asks is unanswered: the summary lists each of its problems.
    const last = pages[pages.length - 1];
    await screen.findByRole('heading', { level: 2, name: title(last) });
    const before = Object.fromEntries(Object.entries(answers).filter(([field]) => !last.fields.includes(field)));
    const problems = declarations.pageProblems(last, before);
    if (problems.length > 0) {
      await userEvent.click(confirm());
      expect(await summaryLinks()).toEqual(problems.map((problem) => en.t(problem.key, problem.params)));
    }
    await answerPage(declarations, ui, last, answers);
    await userEvent.click(confirm());
    expect(await screen.findByRole('heading', { name: en.t('forms:engine.checkAnswersTitle') })).toBeTruthy();
    await userEvent.click(confirm());
    await waitFor(() => expect(router.state.location.pathname).toBe(OVERVIEW_PATH));
    const amelie = await screen.findByRole('region', { name: 'Steps for Amélie Jeanne Dubois' }, { timeout: 5000 });
    expect(taskStatus(amelie, en.t(step.labelKey))).toBe('Completed');
    expect(taskStatus(amelie, en.t(stepAfter('DECLARATION').labelKey))).toBe('In progress');
    // What was saved is the example's answers.
    const saved = await apiCall<{ applicants: ApplicantDetails[] }>(
      api,
      'GET',
      `/api/eta/application-details/${guid}?applicantIdentifier=${first}`,
    );
    expect(saved.json.applicants[0].declarations).toMatchObject({ answers, complete: true });
  }, 60000);
});
