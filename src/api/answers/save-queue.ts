import type { ApiResult } from '@/shared/api-types';
import type { ApiErrorBody, SaveResult } from '@/shared/contract';
import { clearBackup, writeBackup } from './backup';
import { saveAnswers } from './calls';
import type { Answers, AnswersTarget, SaveBody } from './types';

/** idle: nothing to send; pending: waiting for the pause in typing or a call; saved: the server has everything;
 * kept: a save failed, the answers are in this browser and will be sent again. */
export type SaveStatus = 'idle' | 'pending' | 'saved' | 'kept';

/** How an explicit save (a page on Continue, the whole form) ended. */
export type SaveOutcome =
  | { kind: 'saved'; result: SaveResult }
  /** The server refused the answers (400 with fields, 409 ...): show `error`, the answers stay in the browser. */
  | { kind: 'refused'; status: number; error: ApiErrorBody }
  /** The server could not be reached (or failed): the answers are kept in this browser and sent again later. */
  | { kind: 'kept' };

export interface SaveQueueOptions {
  target: AnswersTarget;
  /** The fields of a page of the form, to send a page's answers only. */
  pageFields: (pageId: string) => string[];
  /** Pause in typing before a draft is sent (default 1500 ms). */
  debounceMs?: number;
  /** First retry delay after a failure, doubled each time up to `maxRetryMs` (defaults 2000 and 60000 ms). */
  retryBaseMs?: number;
  maxRetryMs?: number;
  /** The call; `saveAnswers` by default. */
  send?: (target: AnswersTarget, body: SaveBody) => Promise<ApiResult<SaveResult>>;
  onStatus?: (status: SaveStatus) => void;
  /**
   * Made for a render on the server (its maker knows: `useServerRender()`): the queue holds and sends nothing. A
   * form's first render there reports its answers as they were read for the page; a draft of them sent after the
   * pause, from the server, once the page had gone, would replace what the visitor saved meanwhile (a form posted
   * without scripts moves on to its next page at once).
   */
  inert?: boolean;
  /** Clock (tests). */
  now?: () => Date;
}

/** A failure worth trying again: no answer, a time-out, a server or proxy failure, throttling. */
function isTransient(result: ApiResult<unknown>): boolean {
  return result.status === 0 || result.timedOut === true || result.status >= 500 || result.status === 429;
}

function errorBody(result: ApiResult<unknown>): ApiErrorBody {
  const body = result.error;
  if (typeof body === 'object' && body !== null && typeof body.error === 'string') return body;
  return { error: typeof body === 'string' ? body : `HTTP ${result.status}`, code: `HTTP_${result.status}` };
}

const pick = (answers: Answers, fields: string[]) =>
  Object.fromEntries(Object.entries(answers).filter(([k]) => fields.includes(k)));

/**
 * Sends one applicant's answers to the server so that nothing typed is lost: every change is kept in the
 * browser at once, sent as a draft after a pause in typing, and sent again with growing delays (and as soon as
 * the browser is back online) while the server cannot be reached. Calls go one at a time, in order.
 */
export class AnswerSaveQueue {
  private readonly options: Required<Omit<SaveQueueOptions, 'onStatus' | 'inert'>> & Pick<SaveQueueOptions, 'onStatus'>;
  /** Latest answers not yet confirmed by the server, with the page they were typed on and the fields changed. */
  private pending: { answers: Answers; page?: string; changed: Set<string> } | undefined;
  private version = 0;
  private debounceTimer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private failures = 0;
  private chain: Promise<unknown> = Promise.resolve();
  private status: SaveStatus = 'idle';
  private disposed = false;
  /** Made for a render on the server: see SaveQueueOptions.inert. */
  private readonly inert: boolean;
  private readonly onOnline = () => {
    if (this.pending && this.retryTimer) this.retryNow();
  };

  constructor({ inert = false, ...options }: SaveQueueOptions) {
    this.inert = inert;
    this.options = {
      debounceMs: 1500,
      retryBaseMs: 2000,
      maxRetryMs: 60_000,
      send: saveAnswers,
      now: () => new Date(),
      ...options,
    };
    if (!this.inert) window.addEventListener('online', this.onOnline);
  }

  /** The current status. */
  get currentStatus(): SaveStatus {
    return this.status;
  }

  /** Whether answers are waiting to reach the server. */
  get hasPending(): boolean {
    return this.pending !== undefined;
  }

  /** Answers changed while typing on `page`: kept in the browser now, sent as a draft after the pause. */
  change(answers: Answers, page: string | undefined, changedFields: string[]): void {
    if (this.disposed || this.inert) return;
    const changed = new Set(this.pending?.changed ?? []);
    for (const field of changedFields) changed.add(field);
    this.pending = { answers, page, changed };
    this.version += 1;
    this.backup();
    // While the server cannot be reached, the retry timer sends it; the banner stays until it has.
    if (this.retryTimer) return;
    this.setStatus('pending');
    clearTimeout(this.debounceTimer);
    this.debounceTimer = setTimeout(() => {
      this.debounceTimer = undefined;
      void this.enqueue(() => this.sendDraft());
    }, this.options.debounceMs);
  }

  /** Saves a page (not a draft) at once, e.g. on Continue; earlier drafts are sent or replaced first. */
  savePage(answers: Answers, page: string): Promise<SaveOutcome> {
    return this.explicit(answers, page, { page, answers: pick(answers, this.options.pageFields(page)) });
  }

  /** Saves the whole form (not a draft), e.g. from the check-answers page. */
  saveAll(answers: Answers): Promise<SaveOutcome> {
    return this.explicit(answers, undefined, { answers });
  }

  /** Sends what is waiting now instead of after the pause (leaving the page). */
  flush(): Promise<void> {
    if (!this.pending || this.retryTimer) return Promise.resolve();
    clearTimeout(this.debounceTimer);
    this.debounceTimer = undefined;
    return this.enqueue(() => this.sendDraft()).then(() => undefined);
  }

  /** Stops timers and listeners; the backup stays for the next visit if the server does not have it. */
  dispose(): void {
    this.disposed = true;
    clearTimeout(this.debounceTimer);
    clearTimeout(this.retryTimer);
    if (!this.inert) window.removeEventListener('online', this.onOnline);
  }

  private setStatus(status: SaveStatus) {
    if (status === this.status) return;
    this.status = status;
    this.options.onStatus?.(status);
  }

  private backup() {
    if (!this.pending) return;
    writeBackup(this.options.target, {
      answers: this.pending.answers,
      page: this.pending.page,
      savedAt: this.options.now().toISOString(),
    });
  }

  private enqueue<T>(work: () => Promise<T>): Promise<T> {
    const next = this.chain.then(work, work);
    this.chain = next.catch(() => undefined);
    return next;
  }

  /** The draft body for what is pending: the page's answers when only that page changed, else every answer. */
  private draftBody(): SaveBody | undefined {
    const pending = this.pending;
    if (!pending) return undefined;
    const fields = pending.page ? this.options.pageFields(pending.page) : [];
    const onPage = pending.page !== undefined && [...pending.changed].every((f) => fields.includes(f));
    return onPage
      ? { page: pending.page, draft: true, answers: pick(pending.answers, fields) }
      : { draft: true, answers: pending.answers };
  }

  private async sendDraft(): Promise<void> {
    const body = this.draftBody();
    if (!body || this.disposed) return;
    const sentVersion = this.version;
    const result = await this.options.send(this.options.target, body);
    if (result.success) {
      this.confirmed(sentVersion);
      return;
    }
    if (isTransient(result)) {
      this.failed();
      return;
    }
    // Refused (a draft that breaks a type rule, a closed step, a signed-out session): trying again would be
    // refused too. The answers stay in the browser; the next change or Continue tries again.
    this.failures = 0;
    this.setStatus('kept');
  }

  private confirmed(sentVersion: number) {
    this.failures = 0;
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    if (sentVersion === this.version) {
      this.pending = undefined;
      clearBackup(this.options.target);
      this.setStatus('saved');
    } else {
      // Typed again meanwhile: that change has its own draft coming.
      this.setStatus('pending');
      if (!this.debounceTimer) void this.enqueue(() => this.sendDraft());
    }
  }

  private failed() {
    this.failures += 1;
    this.setStatus('kept');
    this.backup();
    clearTimeout(this.retryTimer);
    const delay = Math.min(this.options.retryBaseMs * 2 ** (this.failures - 1), this.options.maxRetryMs);
    this.retryTimer = setTimeout(() => this.retryNow(), delay);
  }

  private retryNow() {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    if (this.disposed || !this.pending) return;
    // Several pages may have changed meanwhile: send every answer, as a draft.
    this.pending = { ...this.pending, changed: new Set(Object.keys(this.pending.answers)) };
    void this.enqueue(() => this.sendDraft());
  }

  private explicit(answers: Answers, page: string | undefined, body: SaveBody): Promise<SaveOutcome> {
    clearTimeout(this.debounceTimer);
    this.debounceTimer = undefined;
    const fields = page ? this.options.pageFields(page) : Object.keys(answers);
    const changed = new Set(this.pending?.changed ?? []);
    for (const field of fields) changed.add(field);
    this.pending = { answers, page, changed };
    this.version += 1;
    this.backup();
    return this.enqueue(async (): Promise<SaveOutcome> => {
      const sentVersion = this.version;
      // Changes outside this page (typed elsewhere while offline) still need their own draft.
      const others = page ? [...changed].filter((f) => !fields.includes(f)) : [];
      const result = await this.options.send(this.options.target, body);
      if (result.success && result.data) {
        if (others.length > 0 && this.pending) {
          this.pending = { ...this.pending, changed: new Set(others) };
          void this.enqueue(() => this.sendDraft());
        } else {
          this.confirmed(sentVersion);
        }
        return { kind: 'saved', result: result.data };
      }
      if (isTransient(result)) {
        this.failed();
        return { kind: 'kept' };
      }
      this.failures = 0;
      this.setStatus('kept');
      return { kind: 'refused', status: result.status, error: errorBody(result) };
    });
  }
}
