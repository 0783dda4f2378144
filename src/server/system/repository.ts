import { sql } from 'kysely';
import type { Database, Db } from '../db/schema';

/** A count as the database answers it: a number on SQLite, a string (bigint) on PostgreSQL, null for a sum of nothing. */
type Count = number | string | null;

/** The SQL of the system area: the database's health and the figures of the metrics. */
export function systemRepository(db: Db) {
  return {
    /** A query that reads no table: it answers when the database does. */
    ping: () => sql`select 1`.execute(db),

    /**
     * Applicants waiting for a decision: due (by `dueBy`), overdue (due by `overdueBy`), and referred to a case
     * officer; undefined when the database answers no row.
     */
    decisionsWaiting: async (dueBy: string, overdueBy: string) =>
      (
        await sql<{ due: Count; overdue: Count; referred: Count }>`
        select
          sum(case when state = 'PENDING' and due_at <= ${dueBy} then 1 else 0 end) as due,
          sum(case when state = 'PENDING' and due_at <= ${overdueBy} then 1 else 0 end) as overdue,
          sum(case when state = 'REFERRED' then 1 else 0 end) as referred
        from applicant_decisions`.execute(db)
      ).rows.at(0),

    /** The e-mails of a table's rows not sent yet: pending (all of them), failed (tried at least once). */
    emailsNotSent: async (table: keyof Database) =>
      (
        await sql<{ pending: number | string; failed: number | string }>`
          select count(*) as pending, count(mail_attempted_at) as failed
          from ${sql.table(table)} where mail_state = 'PENDING'`.execute(db)
      ).rows.at(0),

    /** How many payment attempts have each status. */
    paymentsByStatus: async () =>
      (
        await sql<{ status: string; count: number | string }>`
        select status, count(*) as count from payments group by status`.execute(db)
      ).rows,
  };
}
