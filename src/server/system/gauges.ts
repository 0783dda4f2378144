import { sql } from 'kysely';
import { Gauge, Registry } from 'prom-client';
import { connectionUse, type Db } from '../db/database';

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
      const { rows } = await sql<{
        due: number | string | null;
        overdue: number | string | null;
        referred: number | string | null;
      }>`
        select
          sum(case when state = 'PENDING' and due_at <= ${due} then 1 else 0 end) as due,
          sum(case when state = 'PENDING' and due_at <= ${overdue} then 1 else 0 end) as overdue,
          sum(case when state = 'REFERRED' then 1 else 0 end) as referred
        from applicant_decisions`.execute(db);
      this.set({ state: 'due' }, Number(rows[0]?.due ?? 0));
      this.set({ state: 'overdue' }, Number(rows[0]?.overdue ?? 0));
      this.set({ state: 'referred' }, Number(rows[0]?.referred ?? 0));
    },
  });
  new Gauge({
    name: 'eta_emails',
    help: 'E-mails of decisions, submissions and public forms not sent yet: pending (all of them), failed (tried at least once).',
    labelNames: ['kind', 'state'] as const,
    registers: [registry],
    async collect() {
      for (const [kind, table] of MAIL_TABLES) {
        const { rows } = await sql<{ pending: number | string; failed: number | string }>`
          select count(*) as pending, count(mail_attempted_at) as failed
          from ${sql.table(table)} where mail_state = 'PENDING'`.execute(db);
        this.set({ kind, state: 'pending' }, Number(rows[0]?.pending ?? 0));
        this.set({ kind, state: 'failed' }, Number(rows[0]?.failed ?? 0));
      }
    },
  });
  new Gauge({
    name: 'eta_payments',
    help: 'Payment attempts by status (PENDING, PAID, DECLINED, CANCELLED, SUPERSEDED), counted in the database.',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const { rows } = await sql<{ status: string; count: number | string }>`
        select status, count(*) as count from payments group by status`.execute(db);
      this.reset();
      for (const row of rows) this.set({ status: row.status }, Number(row.count));
    },
  });
  return registry;
}
