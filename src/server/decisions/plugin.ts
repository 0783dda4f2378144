import type { FastifyPluginAsync } from 'fastify';
import { scheduleHousekeeping, type HousekeepingSchedule } from '../housekeeping/public';
import { watchJob } from '../system/public';
import { loadDecisionsConfig } from './config';
import { retryDecisionMails, sendDecisionMail } from './mail';
import { loadDecisionRules } from './rules';
import { createDecisionService, type DecisionService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Decisions on submitted applicants (see decisions/service.ts). */
    decisions: DecisionService;
  }
}

/**
 * Decides submitted applicants in the background: every DECISION_POLL_SECONDS this instance adds the decisions of
 * newly submitted applicants, decides those that are due, marks ended validity EXPIRED and sends again decision
 * e-mails that failed. Every step is safe with several instances on one database.
 */
export const decisionsPlugin: FastifyPluginAsync = async (app) => {
  const config = loadDecisionsConfig();
  const rules = loadDecisionRules(app.config.schemasDir);
  const service = createDecisionService({
    db: app.db,
    rules,
    log: app.log,
    delaySeconds: config.delaySeconds ?? rules.delaySeconds,
    claimTimeoutMs: config.claimTimeoutSeconds * 1000,
    sendMail: (row) => sendDecisionMail(app, row),
  });
  app.decorate('decisions', service);
  if (config.pollSeconds === 0) return;

  const run = async (signal: AbortSignal) => {
    const now = new Date();
    await service.enqueue(now);
    if (signal.aborted) return;
    await service.decideDue(now, signal);
    if (signal.aborted) return;
    await service.expire(now);
    await retryDecisionMails(app, now, signal);
  };
  let schedule: HousekeepingSchedule | undefined;
  app.addHook('onReady', async () => {
    schedule = scheduleHousekeeping(run, {
      firstRunDelayMs: config.pollSeconds * 1000,
      intervalMs: config.pollSeconds * 1000,
      log: app.log,
    });
    watchJob(app, 'decisions', schedule);
  });
  app.addHook('preClose', async () => {
    await schedule?.stop();
  });
};

// The service is decorated on the app itself (not an encapsulated child), so routes and tests reach it.
Object.assign(decisionsPlugin, { [Symbol.for('skip-override')]: true });
