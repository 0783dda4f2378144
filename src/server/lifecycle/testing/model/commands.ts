import { randomUUID } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import fc from 'fast-check';
import { outcomeKindOf, OUTCOME_PATH_SEGMENTS } from '../../../../shared/contract';
import { parseSeal } from '../../../../shared/seal/seal';
import {
  formOfNamedStep,
  signIn,
  validAnswers,
  validApplicationForm,
  validDeclarations,
  validExamples,
} from '../../../applications/testing/client';
import { multipartBody } from '../../../documents/testing/files';
import { signPayload } from '../../../payments/signature';
import {
  checkInvariants,
  contentsOf,
  emptyModel,
  InvariantBroken,
  liveApplications,
  pickApplicant,
  pickApplication,
  rowsOf,
  type Model,
  type ModelApplication,
} from './model';
import { inject, journeyFormIds, type World } from './world';

/**
 * The commands of the model-based test: what two account holders, their payers, the provider and the department
 * may do, in any order, on either of two instances. Each runs real calls, keeps the model up to date from the
 * answers, and is followed by the invariants (model.ts). A refused call (4xx) must leave every row of the two
 * accounts as it was. `toString` writes each command as code, so that a failing sequence, printed shrunk by
 * fast-check, can be pasted into `runSequence([...])` as a test.
 */

type Command = fc.AsyncCommand<Model, World>;

const bearer = (model: Model, account: number) => ({
  authorization: `Bearer ${model.accounts[account % model.accounts.length].caller.token}`,
});

/** The invariants, once no command runs (commands that race are checked when both are done). */
const settled = (world: World, model: Model) => (model.strict ? checkInvariants(world, model) : Promise.resolve());

/** What a refused call must leave as it was: the count of changed rows (SQLite), or the rows themselves. */
const state = (world: World, model: Model) => (world.changes ? world.changes().then(String) : rowsOf(world, model));

/** One call; a refused one (4xx) must change nothing of the two accounts (checked unless commands race). */
async function send(world: World, model: Model, on: number, request: InjectOptions): Promise<LightMyRequestResponse> {
  const judged = model.strict && request.method !== 'GET';
  const before = judged ? await state(world, model) : '';
  const response = await inject(world, on, request);
  if (response.statusCode >= 500)
    throw new InvariantBroken(`${request.method} ${request.url} answered ${response.statusCode}: ${response.body}`);
  if (judged && response.statusCode >= 400 && response.statusCode < 500 && (await state(world, model)) !== before)
    throw new InvariantBroken(
      `${request.method} ${request.url} was refused (${response.statusCode} ${response.body}) but changed rows`,
    );
  return response;
}

const json = (
  world: World,
  model: Model,
  on: number,
  account: number,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) =>
  send(world, model, on, {
    method,
    url,
    headers: bearer(model, account),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

/** Commands racing now: one may find the application deleted by the other (404). */
let racing = 0;

const accepted = (response: LightMyRequestResponse, ...codes: number[]) => {
  if (!codes.includes(response.statusCode) && !(racing > 0 && response.statusCode === 404))
    throw new InvariantBroken(`unexpected answer ${response.statusCode}: ${response.body}`);
  return response;
};

/**
 * Runs a change of an application's content and checks the state machine's promise: when what the applicants
 * gave changed, the payment that was live before is live no more and was not paid.
 */
async function change(world: World, model: Model, application: ModelApplication, work: () => Promise<unknown>) {
  const live = async () =>
    (
      await world.db
        .selectFrom('payments')
        .select('id')
        .where('application_id', '=', application.id)
        .where('status', '=', 'PENDING')
        .execute()
    ).map((p) => p.id);
  const pendingBefore = model.strict ? await live() : [];
  if (pendingBefore.length === 0) return work();
  const before = await contentsOf(world, application.id);
  await work();
  const after = await contentsOf(world, application.id);
  if (JSON.stringify(before) === JSON.stringify(after)) return;
  const statuses = await world.db
    .selectFrom('payments')
    .select(['id', 'status'])
    .where('id', 'in', pendingBefore)
    .execute();
  for (const payment of statuses)
    if (payment.status === 'PENDING' || payment.status === 'PAID')
      throw new InvariantBroken(
        `the application changed but payment ${payment.id} started before is ${payment.status}`,
      );
}

const applicantRow = (world: World, id: string) =>
  world.db.selectFrom('applicants').selectAll().where('id', '=', id).executeTakeFirst();

/** A valid example of a form other than its first, the `n`th of them (the first when the form has no other). */
function anotherExample(formId: string, n: number): Record<string, unknown> {
  const [first, ...others] = validExamples(formId);
  return others.length > 0 ? others[n % others.length] : first;
}

/**
 * The application form for an applicant: its first valid example (or `example`), with the applicant's facts as they
 * are now, then `overrides`.
 */
async function formFor(
  world: World,
  applicantId: string,
  overrides: Record<string, unknown> = {},
  example: Record<string, unknown> = validApplicationForm(),
) {
  const row = await applicantRow(world, applicantId);
  return {
    ...example,
    ...(row
      ? {
          givenNames: row.given_names,
          familyName: row.family_name,
          dateOfBirth: row.date_of_birth,
          nationality: row.nationality,
          passportIssuingCountry: row.passport_country,
          passportNumber: row.passport_number,
        }
      : {}),
    ...overrides,
  };
}

const freshPassport = (model: Model) => {
  const number = `M${randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase()}`;
  model.passports.push(number);
  return number;
};

// ------------------------------------------------------------------ accounts and applications

export class Register implements Command {
  check = (m: Readonly<Model>) => m.accounts.length < 2;
  async run(m: Model, w: World) {
    m.accounts.push({ caller: await signIn(w.instances[0]) });
    await settled(w, m);
  }
  toString = () => 'new Register()';
}

export class CreateApplication implements Command {
  constructor(
    readonly account: number,
    readonly type: 'ETA' | 'ETA_SECTION_11_1',
    readonly applyingFor: 'SELF' | 'SELF_AND_OTHERS' | 'OTHERS',
    readonly on: number,
  ) {}
  check = (m: Readonly<Model>) => m.accounts.length > 0;
  async run(m: Model, w: World) {
    const owner = this.account % m.accounts.length;
    const response = accepted(
      await json(w, m, this.on, owner, 'POST', '/api/eta/applications', {
        applicationType: this.type,
        applyingFor: this.applyingFor,
      }),
      201,
    );
    m.applications.push({
      id: response.json().applicationIdentifier,
      owner,
      type: this.type,
      applyingFor: this.applyingFor,
      applicants: [],
      documents: [],
      payments: [],
      deleted: false,
    });
    await settled(w, m);
  }
  toString = () => `new CreateApplication(${this.account}, '${this.type}', '${this.applyingFor}', ${this.on})`;
}

export class DeleteApplication implements Command {
  constructor(
    readonly app: number,
    readonly on: number,
  ) {}
  check = (m: Readonly<Model>) => liveApplications(m as Model).length > 0;
  async run(m: Model, w: World) {
    const application = pickApplication(m, this.app) as ModelApplication;
    const response = accepted(
      await json(w, m, this.on, application.owner, 'DELETE', `/api/eta/applications/${application.id}`),
      200,
      409,
    );
    if (response.statusCode === 200) application.deleted = true;
    await settled(w, m);
  }
  toString = () => `new DeleteApplication(${this.app}, ${this.on})`;
}

// ------------------------------------------------------------------ applicants

const ADULT = { dateOfBirth: '1984-09-30' };
const CHILD = { dateOfBirth: '2016-02-11' };

export class AddApplicant implements Command {
  constructor(
    readonly app: number,
    readonly who: 'holder' | 'adult' | 'child',
    readonly passport: number,
    readonly on: number,
  ) {}
  check = (m: Readonly<Model>) => liveApplications(m as Model).length > 0;
  async run(m: Model, w: World) {
    const application = pickApplication(m, this.app) as ModelApplication;
    // Mostly a new passport, sometimes one given before (to this or the other account): eligibility decides.
    const passportNumber =
      this.passport % 4 === 3 && m.passports.length > 0
        ? m.passports[this.passport % m.passports.length]
        : freshPassport(m);
    const body = {
      isAccountHolder: this.who === 'holder',
      ...(this.who === 'holder' ? {} : { relationship: this.who === 'child' ? 'CHILD' : 'SIBLING' }),
      givenNames: this.who === 'child' ? 'Noor' : 'Amélie',
      familyName: 'Dubois',
      ...(this.who === 'child' ? CHILD : ADULT),
      nationality: 'FR',
      passportIssuingCountry: 'FR',
      passportNumber,
    };
    await change(w, m, application, async () => {
      const response = accepted(
        await json(
          w,
          m,
          this.on,
          application.owner,
          'POST',
          `/api/eta/applications/${application.id}/applicants`,
          body,
        ),
        201,
        409,
        422,
        400,
        429,
      );
      if (response.statusCode === 201) application.applicants.push({ id: response.json().applicantIdentifier });
    });
    await settled(w, m);
  }
  toString = () => `new AddApplicant(${this.app}, '${this.who}', ${this.passport}, ${this.on})`;
}

export class RemoveApplicant implements Command {
  constructor(
    readonly app: number,
    readonly applicant: number,
    readonly on: number,
  ) {}
  check = (m: Readonly<Model>) => liveApplications(m as Model).some((a) => a.applicants.length > 0);
  async run(m: Model, w: World) {
    const application = pickApplication(m, this.app) as ModelApplication;
    const applicant = pickApplicant(application, this.applicant);
    if (!applicant) return;
    await change(w, m, application, async () => {
      const response = accepted(
        await json(
          w,
          m,
          this.on,
          application.owner,
          'DELETE',
          `/api/eta/applications/${application.id}/applicants/${applicant.id}`,
        ),
        200,
        409,
      );
      if (response.statusCode === 200) application.applicants = application.applicants.filter((a) => a !== applicant);
    });
    await settled(w, m);
  }
  toString = () => `new RemoveApplicant(${this.app}, ${this.applicant}, ${this.on})`;
}

export class ChangeApplicant implements Command {
  constructor(
    readonly app: number,
    readonly applicant: number,
    readonly what: 'name' | 'passport' | 'birth' | 'same',
    readonly on: number,
  ) {}
  check = (m: Readonly<Model>) => liveApplications(m as Model).some((a) => a.applicants.length > 0);
  async run(m: Model, w: World) {
    const application = pickApplication(m, this.app) as ModelApplication;
    const applicant = pickApplicant(application, this.applicant);
    const row = applicant && (await applicantRow(w, applicant.id));
    if (!applicant || !row) return;
    const body = {
      isAccountHolder: row.is_account_holder === 1,
      ...(row.is_account_holder === 1 ? {} : { relationship: row.relationship ?? 'SIBLING' }),
      givenNames: this.what === 'name' ? `${row.given_names} Marie` : row.given_names,
      familyName: row.family_name,
      dateOfBirth:
        this.what === 'birth'
          ? (row.date_of_birth === CHILD.dateOfBirth ? ADULT : CHILD).dateOfBirth
          : row.date_of_birth,
      nationality: row.nationality,
      passportIssuingCountry: row.passport_country,
      passportNumber: this.what === 'passport' ? freshPassport(m) : row.passport_number,
    };
    await change(w, m, application, async () => {
      accepted(
        await json(
          w,
          m,
          this.on,
          application.owner,
          'PUT',
          `/api/eta/applications/${application.id}/applicants/${applicant.id}`,
          body,
        ),
        200,
        409,
        422,
        400,
        429,
      );
    });
    await settled(w, m);
  }
  toString = () => `new ChangeApplicant(${this.app}, ${this.applicant}, '${this.what}', ${this.on})`;
}

// ------------------------------------------------------------------ answers

export type AnswersVariant =
  | 'whole'
  | 'page'
  | 'other-example'
  | 'draft-incomplete'
  | 'invalid'
  | 'other-passport'
  | 'yes'
  | 'yellow-fever'
  | 'unticked';

export class SaveAnswers implements Command {
  constructor(
    readonly app: number,
    readonly applicant: number,
    /** The form of one of the journey's form steps. */
    readonly form: string,
    readonly variant: AnswersVariant,
    readonly page: number,
    readonly on: number,
  ) {}
  check = (m: Readonly<Model>) => liveApplications(m as Model).some((a) => a.applicants.length > 0);

  /** The answers to send, and the page (undefined: the whole form). */
  private async body(w: World, applicantId: string) {
    const checker = w.forms[this.form];
    let target: Record<string, unknown>;
    if (this.form === formOfNamedStep('APPLICATION_FORM')) {
      const passport = { passportNumber: `Q${randomUUID().slice(0, 8).toUpperCase()}` };
      target =
        this.variant === 'other-example'
          ? // Another valid example (a purpose of visit that asks for other documents, say), chosen by `page`.
            await formFor(w, applicantId, {}, anotherExample(this.form, this.page))
          : await formFor(w, applicantId, this.variant === 'other-passport' ? passport : {});
    } else if (this.form !== formOfNamedStep('DECLARATION')) {
      // Any other form step of the journey (one an editor added): its valid examples.
      target = this.variant === 'other-example' ? anotherExample(this.form, this.page) : validAnswers(this.form);
    } else {
      const overrides: Record<string, Record<string, unknown>> = {
        yes: { criminalConviction: true, criminalConvictionDetails: 'A fine for speeding in 2009.' },
        'yellow-fever': { yellowFeverTravel: true, yellowFeverTravelDetails: 'Two weeks in Uganda last year.' },
        unticked: { declarationTrueAndComplete: false },
      };
      target = validDeclarations(overrides[this.variant] ?? {});
    }
    if (this.variant === 'invalid') return { page: checker.pages[0].id, answers: { [checker.pages[0].fields[0]]: 42 } };
    if (this.variant === 'draft-incomplete') {
      const page = checker.pages.find((p) => checker.pageApplies(p, target)) ?? checker.pages[0];
      const fields = checker.fieldsShown(page, target).slice(1);
      return { page: page.id, draft: true, answers: Object.fromEntries(fields.map((f) => [f, target[f]])) };
    }
    if (this.variant === 'page') {
      const pages = checker.pages.filter((p) => checker.pageApplies(p, target));
      const page = pages[this.page % pages.length];
      const fields = checker.fieldsShown(page, target);
      return {
        page: page.id,
        answers: Object.fromEntries(fields.filter((f) => f in target).map((f) => [f, target[f]])),
      };
    }
    return { answers: target };
  }

  async run(m: Model, w: World) {
    const application = pickApplication(m, this.app) as ModelApplication;
    const applicant = pickApplicant(application, this.applicant);
    if (!applicant) return;
    const body = { applicantIdentifier: applicant.id, ...(await this.body(w, applicant.id)) };
    await change(w, m, application, async () => {
      const url =
        this.form === formOfNamedStep('APPLICATION_FORM')
          ? `/api/eta/application-details/${application.id}`
          : `/api/eta/applications/${application.id}/answers/${this.form}`;
      accepted(await json(w, m, this.on, application.owner, 'PUT', url, body), 200, 400, 409);
    });
    await settled(w, m);
  }
  toString = () =>
    `new SaveAnswers(${this.app}, ${this.applicant}, '${this.form}', '${this.variant}', ${this.page}, ${this.on})`;
}

// ------------------------------------------------------------------ photos and documents

export class TakePhotos implements Command {
  constructor(
    readonly app: number,
    readonly applicant: number,
    readonly on: number,
  ) {}
  check = (m: Readonly<Model>) => liveApplications(m as Model).some((a) => a.applicants.length > 0);
  async run(m: Model, w: World) {
    const application = pickApplication(m, this.app) as ModelApplication;
    const applicant = pickApplicant(application, this.applicant);
    if (!applicant) return;
    await change(w, m, application, async () => {
      const started = accepted(
        await json(w, m, this.on, application.owner, 'POST', '/api/eta/biometrics', {
          applicationIdentifier: application.id,
          applicantIdentifier: applicant.id,
        }),
        201,
        409,
        429,
      );
      if (started.statusCode !== 201) return;
      const { sessionIdentifier, status } = started.json() as { sessionIdentifier: string; status: string };
      const url = `/api/eta/biometrics/capture-session-status/${sessionIdentifier}`;
      const photos: ['biometrics' | 'passport', Buffer][] = [
        ['biometrics', w.photos.selfie],
        ['passport', w.photos.passport],
      ];
      for (const [captureType, image] of status.startsWith('PASSPORT') ? photos.slice(1) : photos) {
        const start = await json(w, m, this.on, application.owner, 'POST', url, {
          action: 'START_CAPTURE',
          captureType,
        });
        if (accepted(start, 200, 409).statusCode !== 200) return;
        const sent = await json(w, m, this.on, application.owner, 'POST', url, {
          action: 'UPLOAD_IMAGE',
          captureType,
          image: image.toString('base64'),
        });
        if (accepted(sent, 200, 409, 422).statusCode !== 200) return;
      }
    });
    await settled(w, m);
  }
  toString = () => `new TakePhotos(${this.app}, ${this.applicant}, ${this.on})`;
}

const documentsOf = async (w: World, m: Model, on: number, application: ModelApplication, applicantId: string) =>
  (
    await json(
      w,
      m,
      on,
      application.owner,
      'GET',
      `/api/eta/applications/${application.id}/documents?applicantIdentifier=${applicantId}`,
    )
  ).json() as { requirements?: { documentType: string; required: boolean; files: unknown[] }[] };

export class UploadDocument implements Command {
  constructor(
    readonly app: number,
    readonly applicant: number,
    readonly which: number,
    readonly on: number,
  ) {}
  check = (m: Readonly<Model>) => liveApplications(m as Model).some((a) => a.applicants.length > 0);
  async run(m: Model, w: World) {
    const application = pickApplication(m, this.app) as ModelApplication;
    const applicant = pickApplicant(application, this.applicant);
    if (!applicant) return;
    const listed = await documentsOf(w, m, this.on, application, applicant.id);
    const types = (listed.requirements ?? []).map((r) => r.documentType);
    const documentType = types.length > 0 ? types[this.which % types.length] : 'OTHER';
    const { payload, contentType } = multipartBody([{ field: 'file', fileName: 'booking.pdf', data: w.pdf }]);
    await change(w, m, application, async () => {
      const response = accepted(
        await send(w, m, this.on, {
          method: 'POST',
          url: `/api/eta/applications/${application.id}/documents?applicantIdentifier=${applicant.id}&documentType=${documentType}`,
          headers: { ...bearer(m, application.owner), 'content-type': contentType },
          payload,
        }),
        201,
        400,
        409,
      );
      if (response.statusCode === 201) application.documents.push(response.json().documentIdentifier);
    });
    await settled(w, m);
  }
  toString = () => `new UploadDocument(${this.app}, ${this.applicant}, ${this.which}, ${this.on})`;
}

export class RemoveDocument implements Command {
  constructor(
    readonly app: number,
    readonly document: number,
    readonly on: number,
  ) {}
  check = (m: Readonly<Model>) => liveApplications(m as Model).some((a) => a.documents.length > 0);
  async run(m: Model, w: World) {
    const application = pickApplication(m, this.app) as ModelApplication;
    if (application.documents.length === 0) return;
    const document = application.documents[this.document % application.documents.length];
    await change(w, m, application, async () => {
      const response = accepted(
        await json(
          w,
          m,
          this.on,
          application.owner,
          'DELETE',
          `/api/eta/applications/${application.id}/documents/${document}`,
        ),
        204,
        200,
        404,
        409,
      );
      if (response.statusCode < 300 || response.statusCode === 404)
        application.documents = application.documents.filter((d) => d !== document);
    });
    await settled(w, m);
  }
  toString = () => `new RemoveDocument(${this.app}, ${this.document}, ${this.on})`;
}

export class CompleteDocuments implements Command {
  constructor(
    readonly app: number,
    readonly applicant: number,
    readonly on: number,
  ) {}
  check = (m: Readonly<Model>) => liveApplications(m as Model).some((a) => a.applicants.length > 0);
  async run(m: Model, w: World) {
    const application = pickApplication(m, this.app) as ModelApplication;
    const applicant = pickApplicant(application, this.applicant);
    if (!applicant) return;
    accepted(
      await json(
        w,
        m,
        this.on,
        application.owner,
        'POST',
        `/api/eta/applications/${application.id}/documents/complete`,
        {
          applicantIdentifier: applicant.id,
        },
      ),
      200,
      400,
      409,
    );
    await settled(w, m);
  }
  toString = () => `new CompleteDocuments(${this.app}, ${this.applicant}, ${this.on})`;
}

/** Every step of one applicant, as a family finishing it does: photos, every form, the documents asked for. */
export class CompleteApplicant implements Command {
  constructor(
    readonly app: number,
    readonly applicant: number,
    readonly on: number,
    /** 'yes' answers one declaration yes (the rules refer the applicant to a case officer). */
    readonly declarations: 'no' | 'yes' = 'no',
  ) {}
  check = (m: Readonly<Model>) => liveApplications(m as Model).some((a) => a.applicants.length > 0);
  async run(m: Model, w: World) {
    const application = pickApplication(m, this.app) as ModelApplication;
    const applicant = pickApplicant(application, this.applicant);
    if (!applicant) return;
    const index = application.applicants.indexOf(applicant);
    const app = liveApplications(m).indexOf(application);
    await new TakePhotos(app, index, this.on).run(m, w);
    // Every form step, in the journey's order, as its form's first valid example (the declarations perhaps with a yes).
    for (const form of journeyFormIds()) {
      const yes = form === formOfNamedStep('DECLARATION') && this.declarations === 'yes';
      await new SaveAnswers(app, index, form, yes ? 'yes' : 'whole', 0, this.on).run(m, w);
    }
    const listed = await documentsOf(w, m, this.on, application, applicant.id);
    const requirements = listed.requirements ?? [];
    for (const [i, requirement] of requirements.entries())
      if (requirement.required && requirement.files.length === 0)
        await new UploadDocument(app, index, i, this.on).run(m, w);
    await new CompleteDocuments(app, index, this.on).run(m, w);
  }
  toString = () => `new CompleteApplicant(${this.app}, ${this.applicant}, ${this.on}, '${this.declarations}')`;
}

// ------------------------------------------------------------------ payment

export class StartPayment implements Command {
  constructor(
    readonly app: number,
    readonly key: 'fresh' | 'again',
    readonly on: number,
  ) {}
  check = (m: Readonly<Model>) => liveApplications(m as Model).length > 0;
  async run(m: Model, w: World) {
    const application = pickApplication(m, this.app) as ModelApplication;
    const last = application.payments[application.payments.length - 1];
    const key = this.key === 'again' && last ? last.key : randomUUID();
    // What the account holder knows the payment is for, as they press Pay.
    const applicants = application.applicants.map((a) => a.id);
    const contents = await contentsOf(w, application.id);
    const response = accepted(
      await send(w, m, this.on, {
        method: 'POST',
        url: `/api/eta/applications/${application.id}/payment`,
        headers: { ...bearer(m, application.owner), 'idempotency-key': key },
        payload: {},
      }),
      200,
      201,
      409,
    );
    if (response.statusCode === 201) {
      const { paymentIdentifier, redirectUrl } = response.json() as { paymentIdentifier: string; redirectUrl: string };
      application.payments.push({ id: paymentIdentifier, key, redirectUrl, applicants, contents });
    }
    await settled(w, m);
  }
  toString = () => `new StartPayment(${this.app}, '${this.key}', ${this.on})`;
}

/** The sandbox's test cards (docs/applicants.md, "Pay"). */
export const CARDS = ['4242 4242 4242 4242', '4000 0000 0000 3220', '4000 0000 0000 0002', '4000 0000 0000 9995'];

const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

const form = (w: World, m: Model, on: number, path: string, fields: Record<string, string>) =>
  send(w, m, on, {
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

export class PayCard implements Command {
  constructor(
    readonly app: number,
    readonly payment: number,
    readonly card: number,
    readonly then: 'authenticate' | 'fail-authentication' | 'cancel',
    readonly on: number,
  ) {}
  check = (m: Readonly<Model>) => liveApplications(m as Model).some((a) => a.payments.length > 0);
  async run(m: Model, w: World) {
    const application = pickApplication(m, this.app) as ModelApplication;
    if (application.payments.length === 0) return;
    // Mostly the newest page; sometimes one left open in another tab.
    const payment =
      application.payments[application.payments.length - 1 - (this.payment % application.payments.length)];
    const path = pathOf(payment.redirectUrl);
    const answer =
      this.then === 'cancel' && this.card === 0
        ? await form(w, m, this.on, path, { action: 'cancel' })
        : await form(w, m, this.on, path, { cardNumber: CARDS[this.card % CARDS.length], action: 'pay' });
    accepted(answer, 303, 409, 422);
    if (answer.statusCode === 303 && answer.headers.location === path)
      accepted(await form(w, m, this.on, path, { action: this.then === 'cancel' ? 'cancel' : this.then }), 303, 409);
    await settled(w, m);
  }
  toString = () => `new PayCard(${this.app}, ${this.payment}, ${this.card}, '${this.then}', ${this.on})`;
}

export class Confirm implements Command {
  constructor(
    readonly app: number,
    readonly on: number,
  ) {}
  check = (m: Readonly<Model>) => liveApplications(m as Model).length > 0;
  async run(m: Model, w: World) {
    const application = pickApplication(m, this.app) as ModelApplication;
    const response = accepted(
      await json(
        w,
        m,
        this.on,
        application.owner,
        'POST',
        `/api/eta/applications/${application.id}/payment/confirm`,
        {},
      ),
      200,
    );
    const { status } = response.json() as { status: string };
    const submitted = await w.db
      .selectFrom('application_submissions')
      .select('application_id')
      .where('application_id', '=', application.id)
      .executeTakeFirst();
    if ((status === 'PAID') !== Boolean(submitted))
      throw new InvariantBroken(`confirm answered ${status} for an application ${submitted ? '' : 'not '}submitted`);
    await settled(w, m);
  }
  toString = () => `new Confirm(${this.app}, ${this.on})`;
}

export class ReplayWebhook implements Command {
  constructor(
    readonly app: number,
    readonly payment: number,
    readonly event: number,
    readonly signed: boolean,
    readonly on: number,
  ) {}
  check = (m: Readonly<Model>) => m.applications.some((a) => a.payments.length > 0);
  async run(m: Model, w: World) {
    const withPayments = m.applications.filter((a) => a.payments.length > 0);
    const application = withPayments[this.app % withPayments.length];
    const payment = application.payments[this.payment % application.payments.length];
    const event =
      this.event % 3 === 0 && m.events.length > 0 ? m.events[this.event % m.events.length] : `evt_${randomUUID()}`;
    m.events.push(event);
    const body = JSON.stringify({ id: event, type: 'payment.succeeded', data: { paymentId: payment.id } });
    const response = await send(w, m, this.on, {
      method: 'POST',
      url: '/api/eta/payments/webhook/sandbox',
      headers: {
        'content-type': 'application/json',
        'x-payment-signature': this.signed ? signPayload(w.webhookSecret, body) : 't=1,v1=00',
      },
      payload: body,
    });
    accepted(response, this.signed ? 200 : 400);
    await settled(w, m);
  }
  toString = () => `new ReplayWebhook(${this.app}, ${this.payment}, ${this.event}, ${this.signed}, ${this.on})`;
}

// ------------------------------------------------------------------ decisions

export class Decide implements Command {
  constructor(
    readonly when: 'due' | 'years-later',
    readonly on: number,
  ) {}
  check = (m: Readonly<Model>) => m.applications.length > 0;
  async run(m: Model, w: World) {
    const app = w.instances[this.on % 2];
    const later = new Date(Date.now() + (this.when === 'due' ? 3600 : 3 * 366 * 24 * 3600) * 1000);
    await app.decisions.enqueue(later);
    await app.decisions.decideDue(later);
    if (this.when === 'years-later') await app.decisions.expire(later);
    await settled(w, m);
  }
  toString = () => `new Decide('${this.when}', ${this.on})`;
}

export class OfficerDecision implements Command {
  constructor(
    readonly which: number,
    readonly approve: boolean,
    readonly on: number,
  ) {}
  check = (m: Readonly<Model>) => m.applications.length > 0;
  async run(m: Model, w: World) {
    const ids = m.applications.map((a) => a.id);
    const referred = await w.db
      .selectFrom('applicant_decisions')
      .select('applicant_id')
      .where('application_id', 'in', ids)
      .where('state', '=', 'REFERRED')
      .orderBy('applicant_id')
      .execute();
    if (referred.length === 0) return;
    const app = w.instances[this.on % 2];
    const { applicant_id: applicantId } = referred[this.which % referred.length];
    await app.decisions.officerDecide(
      applicantId,
      'k.naidoo',
      this.approve ? { approve: true } : { approve: false, reasons: [app.decisions.refusalReasons[0]] },
    );
    await settled(w, m);
  }
  toString = () => `new OfficerDecision(${this.which}, ${this.approve}, ${this.on})`;
}

// ------------------------------------------------------------------ the other account

/**
 * The other account reaches for an application's rows (answers 404, changes nothing), and the owner's decided
 * documents are their own: the holder is the applicant, the seal names the document decided for them.
 */
export class Probe implements Command {
  constructor(
    readonly app: number,
    readonly pdf: boolean,
    readonly on: number,
  ) {}
  check = (m: Readonly<Model>) => m.accounts.length === 2 && liveApplications(m as Model).length > 0;
  async run(m: Model, w: World) {
    const application = pickApplication(m, this.app) as ModelApplication;
    const stranger = 1 - application.owner;
    const guid = application.id;
    const urls: ['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?][] = [
      ['GET', `/api/eta/applications/${guid}`],
      ['GET', `/api/eta/applications/${guid}/payment`],
      ['POST', `/api/eta/applications/${guid}/payment/confirm`, {}],
      ['GET', `/api/eta/applications/${guid}/submission`],
      [
        'POST',
        `/api/eta/applications/${guid}/applicants`,
        {
          isAccountHolder: false,
          relationship: 'CHILD',
          givenNames: 'Eve',
          familyName: 'Mallory',
          dateOfBirth: '2015-01-01',
          nationality: 'FR',
          passportIssuingCountry: 'FR',
          passportNumber: freshPassport(m),
        },
      ],
      ['DELETE', `/api/eta/applications/${guid}`],
      ...application.documents.map((d) => ['GET', `/api/eta/applications/${guid}/documents/${d}`] as ['GET', string]),
      ...application.applicants.flatMap((a) =>
        Object.values(OUTCOME_PATH_SEGMENTS).flatMap((segment) => [
          ['GET', `/api/eta/applicants/${a.id}/${segment}`] as ['GET', string],
          ['POST', `/api/eta/applicants/${a.id}/${segment}-pdf`, {}] as ['POST', string, unknown],
        ]),
      ),
    ];
    for (const [method, url, payload] of urls) {
      const response = await json(w, m, this.on, stranger, method, url, payload);
      if (response.statusCode !== 404)
        throw new InvariantBroken(
          `another account's ${method} ${url} answered ${response.statusCode}: ${response.body}`,
        );
    }
    // The owner's own documents: each is the applicant's, and its seal the document decided for them.
    const row = await w.db
      .selectFrom('applications')
      .select('application_type')
      .where('id', '=', guid)
      .executeTakeFirst();
    for (const applicant of application.applicants) {
      const decision = await w.db
        .selectFrom('applicant_decisions')
        .selectAll()
        .where('applicant_id', '=', applicant.id)
        .where('state', '=', 'DECIDED')
        .executeTakeFirst();
      if (!decision || !row) continue;
      const segment = OUTCOME_PATH_SEGMENTS[outcomeKindOf(row.application_type, decision.outcome === 'REJECTED')];
      const view = accepted(
        await json(w, m, this.on, application.owner, 'GET', `/api/eta/applicants/${applicant.id}/${segment}`),
        200,
      ).json();
      const holder = await applicantRow(w, applicant.id);
      const seal = parseSeal(view.seal);
      if (
        view.applicantIdentifier !== applicant.id ||
        view.applicationIdentifier !== guid ||
        view.holder.passportNumber !== holder?.passport_number ||
        view.documentNumber !== decision.document_number ||
        seal?.data.msg.no !== decision.document_number
      )
        throw new InvariantBroken(
          `the document shown for applicant ${applicant.id} is not theirs: ${JSON.stringify(view)}`,
        );
      if (this.pdf) {
        const pdf = accepted(
          await json(
            w,
            m,
            this.on,
            application.owner,
            'POST',
            `/api/eta/applicants/${applicant.id}/${segment}-pdf`,
            {},
          ),
          200,
        );
        if (!pdf.rawPayload.subarray(0, 5).equals(Buffer.from('%PDF-')))
          throw new InvariantBroken(`the PDF of applicant ${applicant.id} is not a PDF`);
      }
    }
    await settled(w, m);
  }
  toString = () => `new Probe(${this.app}, ${this.pdf}, ${this.on})`;
}

// ------------------------------------------------------------------ at the same time

/**
 * Two commands at once, on the two instances (a payer on the card page while the family changes the application,
 * two confirmations, two deciders). The refusal rule is not judged while they race; the invariants are, after.
 */
export class Race implements Command {
  constructor(
    readonly first: Command,
    readonly second: Command,
  ) {}
  check = (m: Readonly<Model>) => this.first.check(m) && this.second.check(m);
  async run(m: Model, w: World) {
    m.strict = false;
    racing++;
    try {
      const outcomes = await Promise.allSettled([this.first.run(m, w), this.second.run(m, w)]);
      for (const outcome of outcomes) if (outcome.status === 'rejected') throw outcome.reason;
    } finally {
      racing--;
      m.strict = true;
    }
    await checkInvariants(w, m);
  }
  toString = () => `new Race(${this.first.toString()}, ${this.second.toString()})`;
}

// ------------------------------------------------------------------ generation

const on = fc.nat(1);
const index = fc.nat(7);

const payment: fc.Arbitrary<Command>[] = [
  fc
    .tuple(
      index,
      index,
      fc.nat(3),
      fc.constantFrom('authenticate', 'fail-authentication', 'cancel') as fc.Arbitrary<PayCard['then']>,
      on,
    )
    .map((a) => new PayCard(...a)),
  fc.tuple(index, on).map((a) => new Confirm(...a)),
  fc.tuple(index, index, fc.nat(5), fc.boolean(), on).map((a) => new ReplayWebhook(...a)),
];

/** Answers of the journey's other form steps (those an editor added), when it has any. */
function otherFormSteps(): fc.Arbitrary<Command>[] {
  const named = [formOfNamedStep('APPLICATION_FORM'), formOfNamedStep('DECLARATION')];
  const others = journeyFormIds().filter((form) => !named.includes(form));
  if (others.length === 0) return [];
  const variants: AnswersVariant[] = ['whole', 'page', 'other-example', 'draft-incomplete', 'invalid'];
  return [
    fc
      .tuple(index, index, fc.constantFrom(...others), fc.constantFrom(...variants), fc.nat(20), on)
      .map((a) => new SaveAnswers(...a)),
  ];
}

const changes: fc.Arbitrary<Command>[] = [
  fc
    .tuple(index, fc.constantFrom('adult', 'child', 'holder') as fc.Arbitrary<AddApplicant['who']>, fc.nat(15), on)
    .map((a) => new AddApplicant(...a)),
  fc.tuple(index, index, on).map((a) => new RemoveApplicant(...a)),
  fc
    .tuple(
      index,
      index,
      fc.constantFrom('name', 'passport', 'birth', 'same') as fc.Arbitrary<ChangeApplicant['what']>,
      on,
    )
    .map((a) => new ChangeApplicant(...a)),
  fc
    .tuple(
      index,
      index,
      fc.constant(formOfNamedStep('APPLICATION_FORM')),
      fc.constantFrom(
        'whole',
        'page',
        'other-example',
        'draft-incomplete',
        'invalid',
        'other-passport',
      ) as fc.Arbitrary<AnswersVariant>,
      fc.nat(20),
      on,
    )
    .map((a) => new SaveAnswers(...a)),
  fc
    .tuple(
      index,
      index,
      fc.constant(formOfNamedStep('DECLARATION')),
      fc.constantFrom(
        'whole',
        'page',
        'yes',
        'yellow-fever',
        'unticked',
        'draft-incomplete',
      ) as fc.Arbitrary<AnswersVariant>,
      fc.nat(20),
      on,
    )
    .map((a) => new SaveAnswers(...a)),
  ...otherFormSteps(),
  fc.tuple(index, index, on).map((a) => new TakePhotos(...a)),
  fc.tuple(index, index, fc.nat(9), on).map((a) => new UploadDocument(...a)),
  fc.tuple(index, index, on).map((a) => new RemoveDocument(...a)),
];

/** Every command, weighted so that random sequences reach payment and decisions often. */
export function allCommands(): fc.Arbitrary<Command>[] {
  const weighted = (weight: number, arbitrary: fc.Arbitrary<Command>) => ({ weight, arbitrary });
  const deleteApplication = fc.tuple(index, on).map((a) => new DeleteApplication(...a));
  return [
    fc.oneof(
      weighted(2, fc.constant(new Register())),
      weighted(
        4,
        fc
          .tuple(
            fc.nat(1),
            fc.constantFrom('ETA', 'ETA_SECTION_11_1') as fc.Arbitrary<CreateApplication['type']>,
            fc.constantFrom('SELF', 'SELF_AND_OTHERS', 'SELF_AND_OTHERS', 'OTHERS') as fc.Arbitrary<
              CreateApplication['applyingFor']
            >,
            on,
          )
          .map((a) => new CreateApplication(...a)),
      ),
      weighted(6, changes[0]),
      ...changes.slice(1).map((arbitrary) => weighted(1, arbitrary)),
      weighted(
        1,
        fc.tuple(index, index, on).map((a) => new CompleteDocuments(...a)),
      ),
      weighted(
        8,
        fc.tuple(index, index, on).map((a) => new CompleteApplicant(...a)),
      ),
      weighted(
        6,
        fc
          .tuple(index, fc.constantFrom('fresh', 'fresh', 'fresh', 'again') as fc.Arbitrary<StartPayment['key']>, on)
          .map((a) => new StartPayment(...a)),
      ),
      weighted(7, payment[0]),
      weighted(2, payment[1]),
      weighted(2, payment[2]),
      weighted(
        3,
        fc
          .tuple(fc.constantFrom('due', 'due', 'years-later') as fc.Arbitrary<Decide['when']>, on)
          .map((a) => new Decide(...a)),
      ),
      weighted(
        5,
        fc.tuple(index, fc.boolean(), on).map((a) => new OfficerDecision(...a)),
      ),
      weighted(1, deleteApplication),
      weighted(
        1,
        fc.tuple(index, fc.boolean(), on).map((a) => new Probe(...a)),
      ),
      // A payer on the card page (or a confirmation, a notification) while the family changes the application.
      weighted(
        3,
        fc.tuple(fc.oneof(...payment), fc.oneof(...changes, deleteApplication)).map(([a, b]) => new Race(a, b)),
      ),
      // Two presses of Pay, two confirmations, two deciders, on the two instances.
      weighted(
        1,
        fc
          .tuple(index, on)
          .map(
            ([app, first]) =>
              new Race(new StartPayment(app, 'fresh', first), new StartPayment(app, 'fresh', 1 - first)),
          ),
      ),
      weighted(
        1,
        fc.tuple(index, on).map(([app, first]) => new Race(new Confirm(app, first), new Confirm(app, 1 - first))),
      ),
      weighted(1, fc.constant(new Race(new Decide('due', 0), new Decide('due', 1)))),
    ),
  ];
}

/**
 * How a sequence begins, so that random commands start from somewhere worth exploring: an application with one
 * or two applicants, some of whom have taken every step, and perhaps a payment started, paid, decided. Its commands are the
 * same as the random ones' and run in this order; it shrinks like them.
 */
export function journeyPrefix(): fc.Arbitrary<Command[]> {
  const step = fc.constantFrom('no', 'no', 'no', 'yes', 'skip') as fc.Arbitrary<'no' | 'yes' | 'skip'>;
  return fc
    .record({
      type: fc.constantFrom('ETA', 'ETA', 'ETA_SECTION_11_1') as fc.Arbitrary<CreateApplication['type']>,
      others: fc.array(fc.constantFrom('adult', 'child') as fc.Arbitrary<AddApplicant['who']>, { maxLength: 1 }),
      complete: fc.tuple(step, step),
      pay: fc.constantFrom('no', 'start', 'paid', 'decided') as fc.Arbitrary<'no' | 'start' | 'paid' | 'decided'>,
      on: fc.nat(1),
    })
    .map(({ type, others, complete, pay, on: instance }) => {
      const prefix: Command[] = [
        new CreateApplication(0, type, 'SELF_AND_OTHERS', instance),
        new AddApplicant(0, 'holder', 0, instance),
        ...others.map((who, i) => new AddApplicant(0, who, i + 1, 1 - instance)),
      ];
      for (let i = 0; i <= others.length; i++) {
        const answer = complete[i];
        if (answer !== 'skip') prefix.push(new CompleteApplicant(0, i, instance, answer));
      }
      if (pay !== 'no') prefix.push(new StartPayment(0, 'fresh', instance));
      if (pay === 'paid' || pay === 'decided') prefix.push(new PayCard(0, 0, 0, 'authenticate', 1 - instance));
      if (pay === 'decided') prefix.push(new Decide('due', instance));
      return prefix;
    });
}

/** The sequences the test runs: a beginning (journeyPrefix) and random commands after it. */
export function sequences() {
  return fc.tuple(journeyPrefix(), fc.commands(allCommands(), { maxCommands: 12 }));
}

/**
 * Runs one sequence against a world, for one account holder signed in (Register brings in the second): the
 * beginning's commands, then the others. A failing sequence, printed by fast-check and pasted here, is a test.
 */
export async function runSequence(world: World, commands: Iterable<Command>, beginning: Command[] = []): Promise<void> {
  const setup = async () => {
    const model = emptyModel();
    model.accounts.push({ caller: await signIn(world.instances[0]) });
    for (const command of beginning) if (await command.check(model)) await command.run(model, world);
    return { model, real: world };
  };
  await fc.asyncModelRun(setup, commands);
}
