import { Gauge, Registry } from 'prom-client';
import { connectionUse, type Db } from '../db/database';
import { systemRepository } from './repository';

/** A decision due for longer than this is overdue: the poller decides within seconds of the due time. */
export const DECISION_OVERDUE_SECONDS = 300;

/** The tables whose rows carry an e-mail to send (mail_state, mail_attempted_at), by the kind of e-mail. */
const MAIL_TABLES = [
  ['decision', 'applicant_decisions'],
  ['submission', 'application_submissions'],
  ['form', 'form_submissions'],
] as const;

/**
 * The gauges read from this instance's database when the metrics are asked for: its connections (held, awaited, at
 * most), decisions due and overdue, e-mails waiting and failed, payments by outcome. Every instance on one database answers the same
 * figures for the decisions and e-mails: take one instance's, not their sum.
 */
export function databaseGauges(db: Db): Registry {
  const registry = new Registry();
  new Gauge({
    name: 'eta_db_pool_connections',
    help: 'Database connections of this instance by state: in_use (held by a query or transaction), waiting (queries waiting for one), max.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const use = connectionUse(db);
      if (!use) return;
      this.set({ state: 'in_use' }, use.inUse);
      this.set({ state: 'waiting' }, use.waiting);
      this.set({ state: 'max' }, use.max);
    },
  });
  new Gauge({
    name: 'eta_decisions',
    help: `Applicants waiting for a decision: due (the rules may decide them), overdue (due for more than ${DECISION_OVERDUE_SECONDS} s), referred (waiting for a case officer).`,
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const now = Date.now();
      const due = new Date(now).toISOString();
      const overdue = new Date(now - DECISION_OVERDUE_SECONDS * 1000).toISOString();
      const waiting = await systemRepository(db).decisionsWaiting(due, overdue);
      this.set({ state: 'due' }, Number(waiting?.due ?? 0));
      this.set({ state: 'overdue' }, Number(waiting?.overdue ?? 0));
      this.set({ state: 'referred' }, Number(waiting?.referred ?? 0));
    },
  });
  new Gauge({
    name: 'eta_emails',
    help: 'E-mails of decisions, submissions and public forms not sent yet: pending (all of them), failed (tried at least once).',
    labelNames: ['kind', 'state'] as const,
    registers: [registry],
    async collect() {
      for (const [kind, table] of MAIL_TABLES) {
        const emails = await systemRepository(db).emailsNotSent(table);
        this.set({ kind, state: 'pending' }, Number(emails?.pending ?? 0));
        this.set({ kind, state: 'failed' }, Number(emails?.failed ?? 0));
      }
    },
  });
  new Gauge({
    name: 'eta_payments',
    help: 'Payment attempts by status (PENDING, PAID, DECLINED, CANCELLED, SUPERSEDED), counted in the database.',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const rows = await systemRepository(db).paymentsByStatus();
      this.reset();
      for (const row of rows) this.set({ status: row.status }, Number(row.count));
    },
  });
  return registry;
}
