import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { outcomeKindOf, type OutcomeKind } from '../../shared/contract';
import { departmentDay, lastDayOfValidity } from '../../shared/validity';
import type { Database } from '../db/schema';
import { decideApplicant, expireApproved } from '../lifecycle/public';
import { newReference } from '../payments/public';
import { decisionFacts } from './facts';
import { decisionsRepository, type RecordedDecision } from './repository';
import type { DecisionRules } from './rules';
import type { ApplicantDecisionsTable } from './tables';

const BATCH = 50;

/** The prefix of each document's number: ETA EA-…, permit VV-…, rejection notice RN-…. */
const NUMBER_PREFIX: Record<OutcomeKind, string> = { ETA: 'EA', PERMIT: 'VV', REJECTION_NOTICE: 'RN' };

/** A case officer's decision on a referred applicant. */
export type OfficerDecision = { approve: true } | { approve: false; reasons: string[] };

export interface DecisionServiceDeps {
  db: Kysely<Database>;
  rules: DecisionRules;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  /** Seconds from submission to the automatic decision. */
  delaySeconds: number;
  /** After this long a claimed decision whose instance went away is taken over. */
  claimTimeoutMs: number;
  /** Sends the e-mail of a recorded decision (once: it claims the delivery itself). */
  sendMail: (row: ApplicantDecisionsTable) => Promise<boolean>;
}

/** Why an officer's decision was not recorded. */
export class OfficerDecisionError extends Error {}

/**
 * Decisions on submitted applicants, as durable work on the database: a row per applicant is added once it is
 * submitted, taken by one instance when due (a conditional update), decided by the rules and recorded only if
 * that instance still holds it, so that a restart, a crash or several instances never lose or repeat one. A
 * referred applicant waits for a case officer (officer-cli.ts).
 */
export function createDecisionService(deps: DecisionServiceDeps) {
  const { db, rules, log } = deps;

  /**
   * The number and validity of an outcome decided on `now`: from that day in South Africa, for the application
   * type's period or until the passport expires (the application form's answer), whichever ends first.
   */
  function outcomeOf(
    applicationType: string,
    approved: boolean,
    now: Date,
    passportExpiry: unknown,
  ): Pick<RecordedDecision, 'outcome' | 'documentNumber' | 'validFrom' | 'validUntil'> {
    const kind = outcomeKindOf(applicationType, !approved);
    const validFrom = departmentDay(now);
    const period = approved ? rules.validity[applicationType as keyof typeof rules.validity] : undefined;
    return {
      outcome: approved ? 'APPROVED' : 'REJECTED',
      documentNumber: newReference(NUMBER_PREFIX[kind]),
      validFrom,
      validUntil: period === undefined ? null : lastDayOfValidity(validFrom, period, passportExpiry),
    };
  }

  /** Records a decision and settles the applicant (and its application) in one transaction. */
  async function record(
    row: Pick<ApplicantDecisionsTable, 'applicant_id' | 'application_id' | 'claimed_at'>,
    fromState: 'PENDING' | 'REFERRED',
    decision: RecordedDecision,
    now: Date,
  ): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const repository = decisionsRepository(trx);
      if (!(await repository.record(row.applicant_id, fromState, row.claimed_at, decision, now))) return false;
      if (decision.state === 'DECIDED')
        await decideApplicant(
          trx,
          row.applicant_id,
          decision.outcome === 'APPROVED' ? 'APPROVED' : 'REJECTED',
          decision.outcome === 'APPROVED' ? decision.validUntil : null,
          now,
        );
      return true;
    });
  }

  async function mailAfter(applicantId: string): Promise<void> {
    const row = await decisionsRepository(db).byApplicant(applicantId);
    if (row?.mail_state === 'PENDING') await deps.sendMail(row);
  }

  /** Decides one claimed row by the rules. */
  async function decide(row: ApplicantDecisionsTable, now: Date): Promise<void> {
    const repository = decisionsRepository(db);
    const application = await repository.application(row.application_id);
    const applicant = await repository.applicant(row.applicant_id);
    if (!application || !applicant) return;
    const facts = await decisionFacts(db, application, applicant);
    const verdict = rules.evaluate(facts);
    const decision: RecordedDecision =
      verdict.outcome === 'REFER'
        ? {
            state: 'REFERRED',
            outcome: null,
            reasonCodes: verdict.reasonCodes,
            rulesVersion: rules.version,
            decidedBy: 'rules',
            documentNumber: null,
            validFrom: null,
            validUntil: null,
          }
        : {
            state: 'DECIDED',
            reasonCodes: verdict.reasonCodes,
            rulesVersion: rules.version,
            decidedBy: 'rules',
            ...outcomeOf(
              application.application_type,
              verdict.outcome === 'APPROVE',
              now,
              facts.answers.passportExpiryDate,
            ),
          };
    if (!(await record(row, 'PENDING', decision, now))) return;
    log.info(
      { event: 'applicant-decided', applicant: row.applicant_id, outcome: verdict.outcome, rules: rules.version },
      'decision recorded',
    );
    if (decision.state === 'DECIDED') await mailAfter(row.applicant_id);
  }

  return {
    /** The reasons a case officer may give for a refusal (the rules file's list). */
    refusalReasons: rules.refusalReasons,

    /** Adds a pending decision, due after the delay, for every submitted applicant that has none. */
    async enqueue(now: Date): Promise<number> {
      const repository = decisionsRepository(db);
      const missing = await repository.undecidedSubmitted(BATCH);
      for (const applicant of missing) {
        const submittedAt = Date.parse(applicant.submitted_at);
        await repository.insertPending({
          applicant_id: applicant.id,
          application_id: applicant.application_id,
          state: 'PENDING',
          due_at: new Date(submittedAt + deps.delaySeconds * 1000).toISOString(),
          claimed_at: null,
          outcome: null,
          reason_codes: '[]',
          rules_version: null,
          decided_by: null,
          decided_at: null,
          document_number: null,
          valid_from: null,
          valid_until: null,
          cancelled_at: null,
          seal: null,
          mail_state: 'NONE',
          mail_attempted_at: null,
          created_at: now.toISOString(),
        });
      }
      return missing.length;
    },

    /** Decides the due pending rows this instance manages to take (a batch); answers how many it decided. */
    async decideDue(now: Date, signal?: AbortSignal): Promise<number> {
      const repository = decisionsRepository(db);
      const due = await repository.due(now, new Date(now.getTime() - deps.claimTimeoutMs), BATCH);
      let decided = 0;
      for (const row of due) {
        if (signal?.aborted) break;
        if (!(await repository.claim(row, now))) continue;
        try {
          await decide({ ...row, claimed_at: now.toISOString() }, now);
          decided++;
        } catch (error) {
          // The claim runs out and the row is taken again later.
          log.error({ err: error, event: 'decision-failed', applicant: row.applicant_id }, 'decision failed');
        }
      }
      return decided;
    },

    /** Marks approved applicants whose validity has ended EXPIRED. */
    async expire(now: Date): Promise<number> {
      const repository = decisionsRepository(db);
      const ended = await repository.expiredApproved(departmentDay(now), 500);
      if (ended.length > 0)
        await expireApproved(
          db,
          ended.map((row) => row.id),
          now,
        );
      return ended.length;
    },

    /** A case officer approves or refuses a referred applicant; refusal reasons must be configured ones. */
    async officerDecide(applicantId: string, officer: string, decision: OfficerDecision, now = new Date()) {
      const repository = decisionsRepository(db);
      const row = await repository.byApplicant(applicantId);
      if (!row) throw new OfficerDecisionError(`No decision is waiting for applicant ${applicantId}.`);
      if (row.state !== 'REFERRED')
        throw new OfficerDecisionError(`Applicant ${applicantId} is not referred (it is ${row.state}).`);
      if (!decision.approve) {
        if (decision.reasons.length === 0) throw new OfficerDecisionError('A refusal needs at least one reason.');
        const unknown = decision.reasons.filter((reason) => !rules.refusalReasons.includes(reason));
        if (unknown.length > 0)
          throw new OfficerDecisionError(
            `Unknown refusal reason ${unknown.join(', ')}; the reasons are: ${rules.refusalReasons.join(', ')}.`,
          );
      }
      const application = await repository.application(row.application_id);
      const applicant = await repository.applicant(row.applicant_id);
      if (!application || !applicant) throw new OfficerDecisionError(`Applicant ${applicantId} has no application.`);
      const { answers } = await decisionFacts(db, application, applicant);
      const recorded: RecordedDecision = {
        state: 'DECIDED',
        reasonCodes: decision.approve ? [] : decision.reasons,
        rulesVersion: row.rules_version,
        decidedBy: `officer:${officer}`,
        ...outcomeOf(application.application_type, decision.approve, now, answers.passportExpiryDate),
      };
      if (!(await record(row, 'REFERRED', recorded, now)))
        throw new OfficerDecisionError(`Applicant ${applicantId} was decided by someone else meanwhile.`);
      log.info({ event: 'applicant-decided', applicant: applicantId, by: officer }, 'officer decision recorded');
      await mailAfter(applicantId);
      return decisionsRepository(db).byApplicant(applicantId);
    },
  };
}

export type DecisionService = ReturnType<typeof createDecisionService>;
