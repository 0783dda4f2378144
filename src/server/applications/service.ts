import type { Kysely } from 'kysely';
import type {
  Applicant,
  ApplicantDeleted,
  ApplicantFacts,
  Application,
  ApplicationDeleted,
  CreateApplicationRequest,
} from '../../shared/contract';
import {
  deletePhotoObjects,
  photoKeysOfApplicant,
  photoKeysOfApplication,
  removePhoto,
  type PhotoLog,
} from '../biometrics/public';
import type { Database } from '../db/schema';
import { documentKeysOfApplicant, documentKeysOfApplication } from '../documents/public';
import { uuidv7 } from '../lib/uuidv7';
import {
  admitApplicant,
  deleteApplication,
  openApplication,
  removeApplicant,
  reopenStep,
  type Lifecycle,
} from '../lifecycle/public';
import type { ObjectStorage } from '../storage/object-storage';
import { applicantOf, ownApplication, withApplication } from './access';
import { carryFactsIntoAnswers } from './application-form-facts';
import { checkEligibility } from './eligibility';
import type { FormChecker } from './form-answers';
import { applicationsRepository } from './repository';
import {
  applicantFactsRow,
  assertAccountHolderRule,
  assertApplicantEditable,
  assertEditable,
  assertRoomForApplicant,
} from './guards';
import type { ApplicationsTable } from './tables';
import { applicantView, applicationView } from './views';

/** Who calls: the signed-in profile, the language of the answers, and where photo housekeeping reports. */
export interface Caller {
  profileId: string;
  lang: string;
  log: PhotoLog;
}

export interface ApplicationsServiceOptions {
  db: Kysely<Database>;
  storage: ObjectStorage;
  maxApplicants: number;
  eligibleCountries: ReadonlySet<string>;
  /** The applicant form's flow: its answers that do not apply are dropped before they are kept. */
  applicantForm: FormChecker;
  /** The state machine's hooks: a change voids the application's live payment. */
  lifecycle: Lifecycle;
}

/**
 * Applications and their applicants: the account holder rules, the applicant limit, the passport's eligibility
 * (checked at once), and the photos that go with an applicant, an application or a changed passport.
 */
export function createApplicationsService(options: ApplicationsServiceOptions) {
  const { db, storage, maxApplicants, eligibleCountries, applicantForm, lifecycle } = options;
  const repository = applicationsRepository(db);

  const viewOf = async (application: ApplicationsTable) =>
    applicationView(application, await repository.applicantsOf([application.id]));

  /** The applicant row's facts from the applicant form's answers that apply. */
  const factsOf = (body: ApplicantFacts) =>
    applicantFactsRow(applicantForm.withoutSkipped({ ...body }) as unknown as ApplicantFacts);

  const checkPassport = (
    trx: Kysely<Database>,
    facts: ReturnType<typeof factsOf>,
    applicationId: string,
    applicantId: string | undefined,
    now: Date,
  ) =>
    checkEligibility(
      trx,
      eligibleCountries,
      { passportCountry: facts.passport_country, passportNumber: facts.passport_number },
      applicationId,
      applicantId,
      now,
    );

  return {
    async create(caller: Caller, body: CreateApplicationRequest): Promise<Application> {
      const now = new Date().toISOString();
      const row = await openApplication(db, {
        id: uuidv7(),
        profile_id: caller.profileId,
        application_type: body.applicationType,
        applying_for: body.applyingFor,
        created_at: now,
        updated_at: now,
      });
      return applicationView(row, []);
    },

    /** The caller's applications, newest first. */
    async list(caller: Caller): Promise<Application[]> {
      const rows = await repository.listApplications(caller.profileId);
      const applicants = await repository.applicantsOf(rows.map((r) => r.id));
      return rows.map((row) =>
        applicationView(
          row,
          applicants.filter((a) => a.application_id === row.id),
        ),
      );
    },

    async get(caller: Caller, guid: string): Promise<Application> {
      return viewOf(await ownApplication(db, caller.profileId, guid));
    },

    /** Deletes an application in progress; its answers, applicants and photos go with it, its live payment is voided. */
    async remove(caller: Caller, guid: string): Promise<ApplicationDeleted> {
      const { answer, photoKeys, voided } = await withApplication(
        db,
        caller.profileId,
        guid,
        async (trx, application) => {
          // Photo and document rows cascade; their files go once that is committed.
          const photoKeys = [
            ...(await photoKeysOfApplication(trx, application.id)),
            ...(await documentKeysOfApplication(trx, application.id)),
          ];
          const voided = await deleteApplication(trx, application, caller.lang);
          return { answer: { applicationIdentifier: application.id, deleted: true as const }, photoKeys, voided };
        },
      );
      await lifecycle.paymentsVoided(voided);
      await deletePhotoObjects(storage, photoKeys, caller.log);
      return answer;
    },

    async listApplicants(caller: Caller, guid: string): Promise<Applicant[]> {
      const application = await ownApplication(db, caller.profileId, guid);
      return (await repository.applicantsOf([application.id])).map(applicantView);
    },

    /** Adds an applicant; the checks run in this order: editable, the limit, the account holder, the passport. */
    async addApplicant(caller: Caller, guid: string, body: ApplicantFacts): Promise<Applicant> {
      const { applicant, voided } = await withApplication(db, caller.profileId, guid, async (trx, application) => {
        assertEditable(application, caller.lang);
        const stored = applicationsRepository(trx);
        const existing = await stored.applicantsOf([application.id]);
        assertRoomForApplicant(application, existing.length, maxApplicants);
        const facts = factsOf(body);
        assertAccountHolderRule(application, existing, facts.is_account_holder === 1);
        const now = new Date();
        await checkPassport(trx, facts, application.id, undefined, now);
        return admitApplicant(
          trx,
          application,
          {
            id: uuidv7(),
            application_id: application.id,
            position: existing.reduce((max, a) => Math.max(max, a.position + 1), 0),
            ...facts,
            created_at: now.toISOString(),
            updated_at: now.toISOString(),
          },
          caller.lang,
        );
      });
      await lifecycle.paymentsVoided(voided);
      return applicantView(applicant);
    },

    /**
     * Changes an applicant's facts. A photo of the old passport must not go on with the new one: a changed
     * passport removes the accepted passport photo (the selfie stays, and a new capture starts at the passport
     * page) and sends the applicant back to the photo step; answers of later steps are kept.
     */
    async updateApplicant(
      caller: Caller,
      guid: string,
      applicantGuid: string,
      body: ApplicantFacts,
    ): Promise<Applicant> {
      const { answer, photoKeys, voided } = await withApplication(
        db,
        caller.profileId,
        guid,
        async (trx, application, held) => {
          assertEditable(application, caller.lang);
          const applicant = await applicantOf(trx, application.id, applicantGuid);
          assertApplicantEditable(applicant);
          const stored = applicationsRepository(trx);
          const facts = factsOf(body);
          const others = (await stored.applicantsOf([application.id])).filter((a) => a.id !== applicant.id);
          assertAccountHolderRule(application, others, facts.is_account_holder === 1);
          const now = new Date();
          await checkPassport(trx, facts, application.id, applicant.id, now);
          await stored.updateApplicantFacts(applicant.id, facts, now);
          const passportChanged =
            facts.passport_country !== applicant.passport_country ||
            facts.passport_number !== applicant.passport_number;
          const removedKey = passportChanged ? await removePhoto(trx, applicant.id, 'PASSPORT_PHOTO') : undefined;
          if (removedKey !== undefined) await reopenStep(trx, applicant.id, 'CAPTURE_BIOMETRICS', caller.lang);
          const updated = { ...applicant, ...facts, updated_at: now.toISOString() };
          await carryFactsIntoAnswers(trx, updated, now);
          const { voided } = await lifecycle.heldApplicationChanged(held);
          const current = await applicantOf(trx, application.id, applicant.id);
          if (removedKey === undefined) return { answer: applicantView(current), photoKeys: [], voided };
          const retake: Applicant = { ...applicantView(current), photosToRetake: ['PASSPORT_PHOTO'] };
          return { answer: retake, photoKeys: [removedKey], voided };
        },
      );
      await lifecycle.paymentsVoided(voided);
      await deletePhotoObjects(storage, photoKeys, caller.log);
      return answer;
    },

    /** Removes an applicant not yet submitted, with their answers and photos. */
    async removeApplicant(caller: Caller, guid: string, applicantGuid: string): Promise<ApplicantDeleted> {
      const { answer, photoKeys, voided } = await withApplication(
        db,
        caller.profileId,
        guid,
        async (trx, application) => {
          assertEditable(application, caller.lang);
          const applicant = await applicantOf(trx, application.id, applicantGuid);
          // Photo and document rows cascade with the applicant; their files (those no one else was given) go once that is committed.
          const photoKeys = [
            ...(await photoKeysOfApplicant(trx, applicant.id)),
            ...(await documentKeysOfApplicant(trx, applicant.id)),
          ];
          const voided = await removeApplicant(trx, application, applicant, caller.lang);
          return { answer: { applicantIdentifier: applicant.id, deleted: true as const }, photoKeys, voided };
        },
      );
      await lifecycle.paymentsVoided(voided);
      await deletePhotoObjects(storage, photoKeys, caller.log);
      return answer;
    },
  };
}
