// The editor's change proof: a question added to the Trip page of the application form in JSON only (schema,
// UI schema, English and French texts) is shown by the engine, validated with its own message, saved by the real
// API built from the same edited copy, and shown on the check-answers page, without any TypeScript change.
import '@/engine/testing/forms-loaded';
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setRouterContext } from '@/api/router-context';
import { loadForm } from '@/engine/form-loader';
import { formValidation, type FormValidation } from '@/engine/validation/form-validation';
import {
  journeyI18n,
  renderJourney,
  wireFetch,
  type Wire,
} from '@/features/application-journey/testing/journey-harness';
import { checkKeys, checkWidgets, clearLocaleCache, DEFAULT_DIRS, ROOT } from '../../tools/catalogue/checks';
import { compileFixtureForm } from './compile-fixture';
import { copiedTexts, copiedFormExample, makeTripQuestionCopy, RETURN_TICKET } from './editor-change-fixture';

// The portal built from the copy: the Vite plugin's forms module, answering the copy's compiled form.
const copy = vi.hoisted(() => ({ dir: '' }));
vi.mock('virtual:eta-forms', () => ({
  formIds: ['application-form'],
  formLoaders: { 'application-form': () => compileFixtureForm(join(copy.dir, 'schemas'), 'application-form') },
}));

// Node's own fetch, kept before the test replaces the global one with the wire to the API process.
const nodeFetch = globalThis.fetch;
let api: { url: string; token: string; guid: string; first: string };
let child: ChildProcess;
let en: I18n;
let wire: Wire;

/** Starts the API built from the copy (editor-change-api.ts) in its own process and waits for its first line. */
function startApi(dir: string): Promise<typeof api> {
  child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'tests/catalogue/editor-change-api.ts'), dir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (!out.includes('\n')) return;
      const line = JSON.parse(out.split('\n')[0]) as {
        url: string;
        token: string;
        applications: { guid: string; first: string }[];
      };
      resolve({ url: line.url, token: line.token, ...line.applications[0] });
    });
    child.on('exit', (code) => reject(new Error(`the API process ended with ${code}`)));
  });
}

async function call(method: string, path: string, body?: unknown, lang = 'en') {
  const response = await nodeFetch(`${api.url}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${api.token}`,
      'Accept-Language': lang,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

const savedAnswers = async () =>
  (
    (await call('GET', `/api/eta/application-details/${api.guid}?applicantIdentifier=${api.first}`)).json
      .applicants as { applicationForm: { answers: Record<string, unknown>; complete: boolean } }[]
  )[0].applicationForm;

/** The trip questions this test answers by hand; the trip page's other questions come with the earlier answers. */
const TYPED = ['purposeOfVisit', 'arrivalDate', 'departureDate', 'portOfEntry', 'flightNumber', 'returnTicket'];
/** The copy's application form: its pages, their conditions and order. */
let flow: FormValidation;
/** A page's heading in English. */
const titleOf = (pageId: string) => en.t(flow.page(pageId)!.titleKey ?? '');
/** The page the form shows after `pageId` for these answers (pages whose condition does not hold are skipped). */
const pageAfter = (pageId: string, answers: Record<string, unknown>) =>
  flow.pages.slice(flow.pages.findIndex((p) => p.id === pageId) + 1).find((p) => flow.pageApplies(p, answers));

beforeAll(async () => {
  copy.dir = makeTripQuestionCopy();
  api = await startApi(copy.dir);
  en = await journeyI18n(copiedTexts(copy.dir, 'en', 'forms'), copiedTexts(copy.dir, 'en', 'applications'));
  // The form as the portal built from the copy loads it (compiled once, for the pages rendered below too).
  flow = formValidation(await loadForm('application-form'));
}, 60000);
afterAll(() => {
  child?.kill('SIGTERM');
  clearLocaleCache();
  if (copy.dir) rmSync(copy.dir, { recursive: true, force: true });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a question added to the Trip page in configuration only', () => {
  it('passes the catalogue checks: texts in English and French, a known widget', () => {
    const dirs = {
      ...DEFAULT_DIRS,
      schemas: join(copy.dir, 'schemas'),
      locales: join(copy.dir, 'locales'),
      manifest: join(copy.dir, 'schemas/routes.manifest.json'),
    };
    clearLocaleCache();
    const aboutTheForm = [...checkKeys(dirs), ...checkWidgets(dirs)].filter((f) =>
      f.file.startsWith('schemas/application-form.'),
    );
    expect(aboutTheForm).toEqual([]);
  });

  it('is checked by the API built from the copy, with its message in the caller’s language', async () => {
    const example = copiedFormExample(copy.dir);
    const trip = Object.fromEntries(
      flow
        .fieldsShown(flow.page('trip')!, example)
        .filter((f) => f !== 'returnTicket' && f in example)
        .map((f) => [f, example[f]]),
    );
    for (const [lang, message] of [
      ['en', RETURN_TICKET.en.required],
      ['fr', RETURN_TICKET.fr.required],
    ] as const) {
      // The API answers a signed-in user in the profile's language, which the portal saves on a switch.
      expect((await call('PATCH', '/api/eta/profile', { language: lang }, lang)).status).toBe(200);
      const refused = await call(
        'PUT',
        `/api/eta/application-details/${api.guid}`,
        { applicantIdentifier: api.first, page: 'trip', answers: trip },
        lang,
      );
      expect(refused.status).toBe(400);
      expect(refused.json.fields).toEqual([
        { field: 'returnTicket', key: 'applications:validation.returnTicketRequired', message },
      ]);
    }
    expect((await call('PATCH', '/api/eta/profile', { language: 'en' })).status).toBe(200);
  });

  it('renders on the Trip page, validates with its message, saves, and shows on check answers with a Change link', async () => {
    wire = wireFetch(api);
    const example = copiedFormExample(copy.dir);
    // Everything but the trip was answered earlier: the form resumes on the Trip page.
    const prefilled = (await savedAnswers()).answers;
    const before = {
      ...Object.fromEntries(Object.entries(example).filter(([k]) => !TYPED.includes(k))),
      passportNumber: prefilled.passportNumber,
    };
    expect(
      (
        await call('PUT', `/api/eta/application-details/${api.guid}`, {
          applicantIdentifier: api.first,
          draft: true,
          answers: before,
        })
      ).status,
    ).toBe(200);
    setRouterContext({ applicationIdentifier: api.guid });
    const { router } = renderJourney(en, `/applications/application?applicantIdentifier=${api.first}`);
    expect(await screen.findByRole('heading', { level: 2, name: titleOf('trip') }, { timeout: 10000 })).toBeTruthy();

    // Shown with its label and hint, as a yes/no question.
    const question = screen.getByRole('group', { name: RETURN_TICKET.en.label });
    expect(within(question).getByText(RETURN_TICKET.en.hint)).toBeTruthy();
    expect(
      within(question)
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).labels?.[0]?.textContent),
    ).toEqual(['Yes', 'No']);

    // The rest of the page answered, the new question left out: its own message.
    await userEvent.type(screen.getByLabelText('Main purpose of your visit'), 'Vacation');
    await userEvent.click(await screen.findByRole('option', { name: 'Vacation or holiday' }));
    for (const [group, iso] of [
      ['Arrival date', example.arrivalDate],
      ['Departure date', example.departureDate],
    ] as const) {
      const [year, month, day] = String(iso).split('-');
      for (const [label, value] of [
        ['Day', day],
        ['Month', month],
        ['Year', year],
      ])
        await userEvent.type(
          within(screen.getByRole('group', { name: group })).getByLabelText(label),
          String(Number(value)),
        );
    }
    await userEvent.click(screen.getByLabelText('Cape Town International Airport'));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const summary = await screen.findByRole('alert');
    expect(
      within(summary)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual([RETURN_TICKET.en.required]);

    // Answered: the page is saved by the API built from the copy, and the form goes on.
    await userEvent.click(within(screen.getByRole('group', { name: RETURN_TICKET.en.label })).getByLabelText('Yes'));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const afterTrip = pageAfter('trip', example)!;
    expect(await screen.findByRole('heading', { level: 2, name: titleOf(afterTrip.id) })).toBeTruthy();
    const tripSave = wire.calls
      .filter(
        (c) =>
          c.method === 'PUT' &&
          (c.body as { page?: string; draft?: boolean }).page === 'trip' &&
          !(c.body as { draft?: boolean }).draft,
      )
      .at(-1);
    expect((tripSave?.body as { answers: Record<string, unknown> }).answers.returnTicket).toBe(true);
    expect((await savedAnswers()).answers.returnTicket).toBe(true);

    // The later pages are answered already: on to the last one, which leads to check answers.
    for (let page = pageAfter(afterTrip.id, example); page; page = pageAfter(page.id, example)) {
      await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
      expect(await screen.findByRole('heading', { level: 2, name: titleOf(page.id) })).toBeTruthy();
    }
    await userEvent.click(screen.getByRole('button', { name: 'Save application form' }));

    // On check answers, under the trip, with a Change link.
    expect(await screen.findByRole('heading', { level: 2, name: 'Check your answers' })).toBeTruthy();
    const tripSection = screen.getByRole('region', { name: titleOf('trip') });
    const term = within(tripSection).getByText(RETURN_TICKET.en.label, { selector: 'dt' });
    expect(term.nextElementSibling?.textContent).toBe('Yes');
    const change = within(term.parentElement as HTMLElement).getByRole('link');
    expect(change.textContent?.replace(/\s+/g, ' ')).toBe(`Change ${RETURN_TICKET.en.label}`);
    // Change goes to the question on the Trip page and comes back to check answers.
    await userEvent.click(change);
    expect(await screen.findByRole('heading', { level: 2, name: titleOf('trip') })).toBeTruthy();
    await userEvent.click(within(screen.getByRole('group', { name: RETURN_TICKET.en.label })).getByLabelText('No'));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Check your answers' })).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: titleOf('trip') })).getByText(RETURN_TICKET.en.label, {
        selector: 'dt',
      }).nextElementSibling?.textContent,
    ).toBe('No');

    await userEvent.click(screen.getByRole('button', { name: 'Save application form' }));
    await waitFor(() => expect(router.state.location.search).toBe(''), { timeout: 10000 });
    const saved = await savedAnswers();
    expect(saved.complete).toBe(true);
    expect(saved.answers.returnTicket).toBe(false);
  }, 60000);
});
