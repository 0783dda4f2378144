import type { ApiErrorBody, ApiResult } from '@/shared/api-types';
import { productRequest } from './request';

/** A form step of the journey (a `form` of the route manifest's `steps`), e.g. application-form or declarations. */
export type AnswerFormId = string;

/** Whose answers, of which form. */
export interface AnswersTarget {
  formId: AnswerFormId;
  applicationIdentifier: string;
  applicantIdentifier: string;
}

export type Answers = Record<string, unknown>;

/** Saved answers of one form, as GET /api/eta/application-details answers them. */
export interface SavedForm {
  answers: Answers;
  lastPage: string | null;
  complete: boolean;
}

/** One applicant's saved answers. */
export interface ApplicantDetails {
  applicantIdentifier: string;
  /** The furthest step the applicant has reached (the server's state machine). */
  step: string;
  applicationForm: SavedForm;
  declarations: SavedForm;
}

/** The body of PUT application-details and PUT declarations (besides the identifiers). */
export interface SaveBody {
  /** A page id of the form: only that page's answers are sent and checked. */
  page?: string;
  /** Stored while incomplete; never moves the applicant's step. */
  draft?: boolean;
  answers: Answers;
}

/** What a save answers: the stored answers and the applicant's step afterwards. */
export interface SaveResult {
  applicationIdentifier: string;
  applicantIdentifier: string;
  page: string | null;
  complete: boolean;
  step: string;
  answers: Answers;
}

/** An application with each applicant's step list (GET /api/eta/applications/{guid}). */
export interface ApplicationSteps {
  applicationIdentifier: string;
  status: string;
  updatedAt: string;
  applicants: {
    applicantIdentifier: string;
    givenNames: string;
    familyName: string;
    status: string;
    step: string;
    steps: { step: string; state: 'COMPLETED' | 'IN_PROGRESS' | 'CANNOT_START_YET' }[];
  }[];
}

/** Where POST step/resume says to continue. */
export interface ResumeAnswer {
  applicationIdentifier: string;
  applicantIdentifier: string | null;
  step: string;
  page?: string;
}

const enc = encodeURIComponent;

/** GET one applicant's saved answers of both forms (the application form starts from the applicant's facts). */
export function loadApplicantDetails(applicationIdentifier: string, applicantIdentifier: string, signal?: AbortSignal) {
  return productRequest<{ applicationIdentifier: string; applicants: ApplicantDetails[] }>({
    method: 'GET',
    path: `/api/eta/application-details/${enc(applicationIdentifier)}`,
    query: { applicantIdentifier },
    signal,
  });
}

/** GET the application with its applicants' step lists. */
export function loadApplicationSteps(applicationIdentifier: string, signal?: AbortSignal) {
  return productRequest<ApplicationSteps>({
    method: 'GET',
    path: `/api/eta/applications/${enc(applicationIdentifier)}`,
    signal,
  });
}

/** POST step/resume: the applicant furthest behind, their step and, for the form steps, the page to open. */
export function resumeApplication(applicationIdentifier: string) {
  return productRequest<ResumeAnswer>({
    method: 'POST',
    path: `/api/eta/applications/${enc(applicationIdentifier)}/step/resume`,
  });
}

/** One applicant's answers of one form step, with everything its page needs (GET applications/{guid}/answers/{formId}). */
export interface StepAnswers {
  applicationIdentifier: string;
  applicantIdentifier: string;
  formId: string;
  /** The step this form makes. */
  step: string;
  /** The applicant's furthest step. */
  currentStep: string;
  applicationStatus: string;
  updatedAt: string;
  givenNames: string;
  familyName: string;
  answers: Answers;
  lastPage: string | null;
  /** The page to open (the first with something missing at the applicant's current step). */
  startPage: string | null;
  complete: boolean;
}

/** GET one applicant's answers of one form step and where to start, in one call. */
export function loadStepAnswers(target: AnswersTarget, signal?: AbortSignal) {
  return productRequest<StepAnswers>({
    method: 'GET',
    path: `/api/eta/applications/${enc(target.applicationIdentifier)}/answers/${enc(target.formId)}`,
    query: { applicantIdentifier: target.applicantIdentifier },
    signal,
  });
}

/**
 * PUT answers of one form for one applicant: the specification's calls for the application form
 * (application-details) and the declarations, the generic answers call for every other form step.
 */
export function saveAnswers(target: AnswersTarget, body: SaveBody): Promise<ApiResult<SaveResult>> {
  if (target.formId !== 'declarations' && target.formId !== 'application-form') {
    return productRequest<SaveResult>({
      method: 'PUT',
      path: `/api/eta/applications/${enc(target.applicationIdentifier)}/answers/${enc(target.formId)}`,
      body: { applicantIdentifier: target.applicantIdentifier, ...body },
    });
  }
  if (target.formId === 'declarations') {
    return productRequest<SaveResult>({
      method: 'PUT',
      path: '/api/eta/declarations',
      body: {
        applicationIdentifier: target.applicationIdentifier,
        applicantIdentifier: target.applicantIdentifier,
        ...body,
      },
    });
  }
  return productRequest<SaveResult>({
    method: 'PUT',
    path: `/api/eta/application-details/${enc(target.applicationIdentifier)}`,
    body: { applicantIdentifier: target.applicantIdentifier, ...body },
  });
}

// ------------------------------------------------------------------ local backup

/** Answers kept in this browser until the server has them. */
export interface AnswersBackup {
  answers: Answers;
  /** The page the answers were typed on. */
  page?: string;
  /** When they were kept (ISO-8601, this browser's clock). */
  savedAt: string;
}

/** localStorage key of the backup of one applicant's answers of one form. */
export function backupKey(target: AnswersTarget): string {
  return `eta.answers.${target.formId}.${target.applicationIdentifier}.${target.applicantIdentifier}`;
}

/** The backup kept for `target`, if any (and readable). */
export function readBackup(target: AnswersTarget): AnswersBackup | undefined {
  try {
    const raw = localStorage.getItem(backupKey(target));
    if (!raw) return undefined;
    const value = JSON.parse(raw) as Partial<AnswersBackup>;
    if (!value || typeof value.answers !== 'object' || value.answers === null || typeof value.savedAt !== 'string')
      return undefined;
    return {
      answers: value.answers,
      page: typeof value.page === 'string' ? value.page : undefined,
      savedAt: value.savedAt,
    };
  } catch {
    return undefined;
  }
}

/** Keeps answers in this browser; answers false when the storage refuses (full, or disabled). */
export function writeBackup(target: AnswersTarget, backup: AnswersBackup): boolean {
  try {
    localStorage.setItem(backupKey(target), JSON.stringify(backup));
    return true;
  } catch {
    return false;
  }
}

/** Forgets the backup once the server holds the answers. */
export function clearBackup(target: AnswersTarget): void {
  try {
    localStorage.removeItem(backupKey(target));
  } catch {
    // Storage unavailable: nothing was kept.
  }
}

/**
 * The answers to resume with: the server's first; a backup newer than the server's last change is laid over
 * them (typed here, never saved), an older one only fills answers the server does not have.
 */
export function mergeWithBackup(
  server: Answers,
  serverUpdatedAt: string | undefined,
  backup: AnswersBackup | undefined,
): { answers: Answers; page?: string; fromBackup: boolean } {
  if (!backup) return { answers: server, fromBackup: false };
  const newer = !serverUpdatedAt || Date.parse(backup.savedAt) > Date.parse(serverUpdatedAt);
  if (newer) return { answers: { ...server, ...backup.answers }, page: backup.page, fromBackup: true };
  const gaps = Object.fromEntries(Object.entries(backup.answers).filter(([field]) => !(field in server)));
  return { answers: { ...server, ...gaps }, fromBackup: Object.keys(gaps).length > 0 };
}

// ------------------------------------------------------------------ save queue

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
  private readonly options: Required<Omit<SaveQueueOptions, 'onStatus'>> & Pick<SaveQueueOptions, 'onStatus'>;
  /** Latest answers not yet confirmed by the server, with the page they were typed on and the fields changed. */
  private pending: { answers: Answers; page?: string; changed: Set<string> } | undefined;
  private version = 0;
  private debounceTimer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private failures = 0;
  private chain: Promise<unknown> = Promise.resolve();
  private status: SaveStatus = 'idle';
  private disposed = false;
  private readonly onOnline = () => {
    if (this.pending && this.retryTimer) this.retryNow();
  };

  constructor(options: SaveQueueOptions) {
    this.options = {
      debounceMs: 1500,
      retryBaseMs: 2000,
      maxRetryMs: 60_000,
      send: saveAnswers,
      now: () => new Date(),
      ...options,
    };
    window.addEventListener('online', this.onOnline);
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
    if (this.disposed) return;
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
    window.removeEventListener('online', this.onOnline);
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
