import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiResult } from '@/shared/api-types';
import {
  AnswerSaveQueue,
  backupKey,
  clearBackup,
  mergeWithBackup,
  readBackup,
  saveAnswers,
  writeBackup,
  type AnswersTarget,
  type SaveBody,
  type SaveResult,
  type SaveStatus,
} from '.';

const target: AnswersTarget = {
  formId: 'application-form',
  applicationIdentifier: '0190aaaa-0000-7000-8000-000000000001',
  applicantIdentifier: '0190aaaa-0000-7000-8000-000000000002',
};
const PAGES: Record<string, string[]> = { work: ['occupationType'], trip: ['arrivalDate', 'flightNumber'] };

const ok = (body: SaveBody): ApiResult<SaveResult> => ({
  success: true,
  status: 200,
  data: {
    applicationIdentifier: target.applicationIdentifier,
    applicantIdentifier: target.applicantIdentifier,
    page: body.page ?? null,
    complete: false,
    step: 'APPLICATION_FORM',
    answers: body.answers,
  },
});
const offline: ApiResult<SaveResult> = { success: false, status: 0, error: 'Failed to fetch' };

/** A queue whose calls are answered from `answers` in turn (the last answer repeats). */
function queueWith(answers: ApiResult<SaveResult>[], statuses: SaveStatus[] = [], inert = false) {
  const bodies: SaveBody[] = [];
  let i = 0;
  const send = vi.fn(async (_t: AnswersTarget, body: SaveBody) => {
    bodies.push(body);
    const answer = answers[Math.min(i, answers.length - 1)];
    i += 1;
    return answer.success ? ok(body) : answer;
  });
  const queue = new AnswerSaveQueue({
    target,
    pageFields: (p) => PAGES[p] ?? [],
    send,
    onStatus: (s) => statuses.push(s),
    retryBaseMs: 1000,
    maxRetryMs: 8000,
    inert,
  });
  return { queue, send, bodies, statuses };
}

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the save queue', () => {
  it('sends one draft of the page after a pause in typing, not one per keystroke', async () => {
    const { queue, bodies, statuses } = queueWith([ok({ answers: {} })]);
    queue.change({ arrivalDate: '2030-0', occupationType: 'MEDIA' }, 'trip', ['arrivalDate']);
    await vi.advanceTimersByTimeAsync(1000);
    queue.change({ arrivalDate: '2030-03-01', occupationType: 'MEDIA', flightNumber: 'SA' }, 'trip', [
      'arrivalDate',
      'flightNumber',
    ]);
    await vi.advanceTimersByTimeAsync(1499);
    expect(bodies).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(bodies).toEqual([{ page: 'trip', draft: true, answers: { arrivalDate: '2030-03-01', flightNumber: 'SA' } }]);
    expect(statuses).toEqual(['pending', 'saved']);
    // The server has it: nothing is kept in the browser any more.
    expect(readBackup(target)).toBeUndefined();
    queue.dispose();
  });

  it('made for the server rendering the page (inert), sends and keeps nothing', async () => {
    // A form's first render on the server reports the answers it was given: a draft of them sent from there after the
    // pause would replace what the visitor saved on the next pages meanwhile.
    // As on the server, there is no window either (afterEach gives it back): the queue does not reach for it.
    vi.stubGlobal('window', undefined);
    const { queue, bodies, statuses } = queueWith([ok({ answers: {} })], [], true);
    queue.change({ givenNames: 'Lina', mobile: {} }, undefined, ['givenNames', 'mobile']);
    await vi.advanceTimersByTimeAsync(60_000);
    await queue.flush();
    expect(bodies).toEqual([]);
    expect(statuses).toEqual([]);
    expect(readBackup(target)).toBeUndefined();
    queue.dispose();
  });

  it('keeps every change in the browser at once, before any call', () => {
    const { queue } = queueWith([ok({ answers: {} })]);
    queue.change({ occupationType: 'MEDIA' }, 'work', ['occupationType']);
    expect(readBackup(target)).toMatchObject({ answers: { occupationType: 'MEDIA' }, page: 'work' });
    queue.dispose();
  });

  it('retries a failed save with growing delays, then clears the backup once the server has it', async () => {
    const { queue, bodies, statuses } = queueWith([offline, offline, offline, ok({ answers: {} })]);
    queue.change({ givenNames: 'Amélie', occupationType: 'MEDIA' }, 'work', ['occupationType']);
    await vi.advanceTimersByTimeAsync(1500);
    expect(bodies).toHaveLength(1);
    expect(queue.currentStatus).toBe('kept');
    expect(readBackup(target)?.answers).toEqual({ givenNames: 'Amélie', occupationType: 'MEDIA' });
    // 1 s, then 2 s, then 4 s.
    await vi.advanceTimersByTimeAsync(999);
    expect(bodies).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(bodies).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(bodies).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(bodies).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(4000);
    expect(bodies).toHaveLength(4);
    expect(statuses).toEqual(['pending', 'kept', 'saved']);
    expect(readBackup(target)).toBeUndefined();
    // The first try sent the page; retries send every answer as a whole-form draft (other pages may have changed).
    expect(bodies[0]).toEqual({ page: 'work', draft: true, answers: { occupationType: 'MEDIA' } });
    expect(bodies[3]).toEqual({ draft: true, answers: { givenNames: 'Amélie', occupationType: 'MEDIA' } });
    queue.dispose();
  });

  it('never waits longer than the longest delay', async () => {
    const { queue, bodies } = queueWith([offline]);
    queue.change({ occupationType: 'MEDIA' }, 'work', ['occupationType']);
    await vi.advanceTimersByTimeAsync(1500 + 1000 + 2000 + 4000 + 8000);
    expect(bodies).toHaveLength(5);
    await vi.advanceTimersByTimeAsync(8000);
    expect(bodies).toHaveLength(6);
    queue.dispose();
  });

  it('tries again as soon as the browser is back online', async () => {
    const { queue, bodies } = queueWith([offline, ok({ answers: {} })]);
    queue.change({ occupationType: 'MEDIA' }, 'work', ['occupationType']);
    await vi.advanceTimersByTimeAsync(1500);
    expect(bodies).toHaveLength(1);
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(bodies).toHaveLength(2);
    expect(queue.currentStatus).toBe('saved');
    queue.dispose();
  });

  it('sends changes typed while offline with the next retry, not on their own', async () => {
    const { queue, bodies } = queueWith([offline, ok({ answers: {} })]);
    queue.change({ occupationType: 'MEDIA' }, 'work', ['occupationType']);
    await vi.advanceTimersByTimeAsync(1500);
    queue.change({ occupationType: 'MEDIA', arrivalDate: '2030-03-01' }, 'trip', ['arrivalDate']);
    await vi.advanceTimersByTimeAsync(999);
    expect(bodies).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(bodies[1]).toEqual({ draft: true, answers: { occupationType: 'MEDIA', arrivalDate: '2030-03-01' } });
    queue.dispose();
  });

  it('saves a page on Continue at once, with that page’s answers only and not as a draft', async () => {
    const { queue, bodies } = queueWith([ok({ answers: {} })]);
    queue.change({ occupationType: 'MEDIA', arrivalDate: '2030-03-01' }, 'trip', ['arrivalDate']);
    const outcome = await queue.savePage(
      { occupationType: 'MEDIA', arrivalDate: '2030-03-01', flightNumber: 'SA 234' },
      'trip',
    );
    expect(outcome.kind).toBe('saved');
    expect(bodies).toEqual([{ page: 'trip', answers: { arrivalDate: '2030-03-01', flightNumber: 'SA 234' } }]);
    // The pending draft was replaced by the page save.
    await vi.advanceTimersByTimeAsync(5000);
    expect(bodies).toHaveLength(1);
    expect(readBackup(target)).toBeUndefined();
    queue.dispose();
  });

  it('answers a refusal with the server’s error and keeps the answers in the browser', async () => {
    const refused: ApiResult<SaveResult> = {
      success: false,
      status: 400,
      error: {
        error: 'There is a problem',
        code: 'VALIDATION_FAILED',
        fields: [{ field: 'flightNumber', key: 'k', message: 'Enter a flight number like SA 234' }],
      },
    };
    const { queue, bodies } = queueWith([refused]);
    const outcome = await queue.savePage({ flightNumber: 'x' }, 'trip');
    expect(outcome).toEqual({ kind: 'refused', status: 400, error: refused.error });
    expect(readBackup(target)?.answers).toEqual({ flightNumber: 'x' });
    // A refusal is not retried.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(bodies).toHaveLength(1);
    queue.dispose();
  });

  it('lets the user go on when the server cannot be reached on Continue, and sends it later', async () => {
    const { queue, bodies } = queueWith([offline, ok({ answers: {} })]);
    const answers = { givenNames: 'Amélie', occupationType: 'MEDIA' };
    const outcome = await queue.savePage(answers, 'work');
    expect(outcome).toEqual({ kind: 'kept' });
    expect(readBackup(target)?.answers).toEqual(answers);
    await vi.advanceTimersByTimeAsync(1000);
    expect(bodies[1]).toEqual({ draft: true, answers });
    expect(readBackup(target)).toBeUndefined();
    queue.dispose();
  });

  it('saves the whole form, not as a draft', async () => {
    const { queue, bodies } = queueWith([ok({ answers: {} })]);
    const outcome = await queue.saveAll({ occupationType: 'MEDIA', arrivalDate: '2030-03-01' });
    expect(outcome.kind).toBe('saved');
    expect(bodies).toEqual([{ answers: { occupationType: 'MEDIA', arrivalDate: '2030-03-01' } }]);
    queue.dispose();
  });

  it('sends a waiting draft at once when flushed (leaving the page)', async () => {
    const { queue, bodies } = queueWith([ok({ answers: {} })]);
    queue.change({ occupationType: 'OTHER' }, 'work', ['occupationType']);
    await queue.flush();
    expect(bodies).toEqual([{ page: 'work', draft: true, answers: { occupationType: 'OTHER' } }]);
    queue.dispose();
  });
});

describe('the local backup', () => {
  beforeEach(() => vi.useRealTimers());

  it('is kept per application, applicant and form', () => {
    writeBackup(target, { answers: { a: 1 }, savedAt: '2030-01-01T00:00:00.000Z' });
    expect(backupKey(target)).toBe(
      `eta.answers.application-form.${target.applicationIdentifier}.${target.applicantIdentifier}`,
    );
    expect(readBackup({ ...target, formId: 'declarations' })).toBeUndefined();
    expect(readBackup({ ...target, applicantIdentifier: 'other' })).toBeUndefined();
    expect(readBackup(target)?.answers).toEqual({ a: 1 });
    clearBackup(target);
    expect(readBackup(target)).toBeUndefined();
  });

  it('ignores what it cannot read', () => {
    localStorage.setItem(backupKey(target), '{not json');
    expect(readBackup(target)).toBeUndefined();
    localStorage.setItem(backupKey(target), JSON.stringify({ answers: 'x', savedAt: 1 }));
    expect(readBackup(target)).toBeUndefined();
  });

  it('lays a backup newer than the server’s last change over the server’s answers', () => {
    const merged = mergeWithBackup({ givenNames: 'Amélie', occupationType: 'MEDIA' }, '2030-01-01T10:00:00.000Z', {
      answers: { occupationType: 'OTHER', jobTitle: 'Editor' },
      page: 'work-details',
      savedAt: '2030-01-01T10:05:00.000Z',
    });
    expect(merged).toEqual({
      answers: { givenNames: 'Amélie', occupationType: 'OTHER', jobTitle: 'Editor' },
      page: 'work-details',
      fromBackup: true,
    });
  });

  it('lets the server win over an older backup, which only fills answers the server lacks', () => {
    const merged = mergeWithBackup({ givenNames: 'Amélie', occupationType: 'MEDIA' }, '2030-01-01T10:10:00.000Z', {
      answers: { occupationType: 'OTHER', jobTitle: 'Editor' },
      page: 'work-details',
      savedAt: '2030-01-01T10:05:00.000Z',
    });
    expect(merged).toEqual({
      answers: { givenNames: 'Amélie', occupationType: 'MEDIA', jobTitle: 'Editor' },
      fromBackup: true,
    });
    expect(mergeWithBackup({ a: 1 }, '2030-01-01T10:10:00.000Z', undefined)).toEqual({
      answers: { a: 1 },
      fromBackup: false,
    });
  });
});

describe('the calls', () => {
  beforeEach(() => vi.useRealTimers());

  it('PUT application-details and declarations with the identifiers where each call wants them', async () => {
    const calls: { url: string; method?: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push({ url: String(url), method: init?.method, body: JSON.parse(String(init?.body)) });
        return new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } });
      }),
    );
    await saveAnswers(target, { page: 'work', answers: { occupationType: 'MEDIA' } });
    await saveAnswers({ ...target, formId: 'declarations' }, { draft: true, answers: { criminalConviction: false } });
    expect(calls).toEqual([
      {
        url: `/api/eta/application-details/${target.applicationIdentifier}`,
        method: 'PUT',
        body: { applicantIdentifier: target.applicantIdentifier, page: 'work', answers: { occupationType: 'MEDIA' } },
      },
      {
        url: '/api/eta/declarations',
        method: 'PUT',
        body: {
          applicationIdentifier: target.applicationIdentifier,
          applicantIdentifier: target.applicantIdentifier,
          draft: true,
          answers: { criminalConviction: false },
        },
      },
    ]);
  });
});
