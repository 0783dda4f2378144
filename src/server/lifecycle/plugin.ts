import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Step } from './journey';
import {
  applicationChanged,
  heldApplicationChanged,
  type ChangeOutcome,
  type HeldApplication,
  type StepCheck,
} from './transitions';

/**
 * What the state machine needs of this server's other areas, per server: the checks of steps whose completion a
 * change elsewhere can undo (the supporting documents asked for follow the answers), and what to do once a change
 * has voided payments (the payments area cancels them at the provider, and refunds one it finds paid).
 */
export interface Lifecycle {
  /** Registers the check of a step, by the area that owns it. */
  checkStep(step: Step, check: StepCheck): void;
  /** Registers what happens to voided payments once the change that voided them is committed. */
  onPaymentsVoided(handler: (paymentIds: string[]) => Promise<void>): void;
  /**
   * The `applicationChanged` transition with this server's step checks: voids the live payment and sends an
   * applicant back to a step that is no longer complete. Answers the voided payments.
   */
  applicationChanged(executor: Kysely<Database>, applicationId: string): Promise<string[]>;
  /** applicationChanged for an application the caller's transaction holds (its row is not taken again). */
  heldApplicationChanged(held: HeldApplication): Promise<ChangeOutcome>;
  /** Hands payments a committed change voided to the payments area; a failure is logged (a refund follows later). */
  paymentsVoided(paymentIds: string[]): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The state machine's per-server hooks (see lifecycle/plugin.ts). */
    lifecycle: Lifecycle;
  }
}

export function createLifecycle(log: Pick<FastifyBaseLogger, 'error'>): Lifecycle {
  const checks = new Map<Step, StepCheck>();
  let voidedHandler: ((paymentIds: string[]) => Promise<void>) | undefined;
  return {
    checkStep: (step, check) => void checks.set(step, check),
    onPaymentsVoided: (handler) => {
      voidedHandler = handler;
    },
    applicationChanged: (executor, applicationId) => applicationChanged(executor, applicationId, checks),
    heldApplicationChanged: (held) => heldApplicationChanged(held, checks),
    async paymentsVoided(paymentIds) {
      if (paymentIds.length === 0 || !voidedHandler) return;
      try {
        await voidedHandler(paymentIds);
      } catch (error) {
        log.error(
          { err: error, event: 'voided-payment-not-cancelled', payments: paymentIds },
          'voided payment not settled yet',
        );
      }
    },
  };
}

/** Decorates the server with its lifecycle hooks, before the areas that register with them. */
export const lifecyclePlugin: FastifyPluginAsync = async (app) => {
  app.decorate('lifecycle', createLifecycle(app.log));
};

// Decorated on the app itself (not an encapsulated child), so that every area's plugin reaches it.
Object.assign(lifecyclePlugin, { [Symbol.for('skip-override')]: true });
