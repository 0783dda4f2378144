import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { StaffAccountsTable, StaffAuditTable, StaffSessionsTable } from './tables';

/** The queries of staff accounts, their sessions and the audit trail. */
export function staffRepository(db: Kysely<Database>) {
  return {
    accountByEmail: (email: string) =>
      db.selectFrom('staff_accounts').selectAll().where('email', '=', email).executeTakeFirst(),

    account: (id: string) => db.selectFrom('staff_accounts').selectAll().where('id', '=', id).executeTakeFirst(),

    accounts: () => db.selectFrom('staff_accounts').selectAll().orderBy('email').execute(),

    insertAccount: (row: StaffAccountsTable) => db.insertInto('staff_accounts').values(row).execute(),

    updateAccount: (id: string, change: Partial<Omit<StaffAccountsTable, 'id'>>) =>
      db.updateTable('staff_accounts').set(change).where('id', '=', id).execute(),

    /** Takes a code's time step for the account when it is later than the last one taken; false when it is not. */
    takeTotpStep: async (id: string, step: number) => {
      const taken = await db
        .updateTable('staff_accounts')
        .set({ totp_last_step: step })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
        .executeTakeFirst();
      return Number(taken.numUpdatedRows) === 1;
    },

    insertSession: (row: StaffSessionsTable) => db.insertInto('staff_sessions').values(row).execute(),

    session: (id: string) => db.selectFrom('staff_sessions').selectAll().where('id', '=', id).executeTakeFirst(),

    touchSession: (id: string, at: string) =>
      db.updateTable('staff_sessions').set({ last_seen_at: at }).where('id', '=', id).execute(),

    endSession: (id: string, at: string) =>
      db
        .updateTable('staff_sessions')
        .set({ ended_at: at })
        .where('id', '=', id)
        .where('ended_at', 'is', null)
        .execute(),

    endSessionsOf: (staffId: string, at: string) =>
      db
        .updateTable('staff_sessions')
        .set({ ended_at: at })
        .where('staff_id', '=', staffId)
        .where('ended_at', 'is', null)
        .execute(),

    insertAudit: (row: StaffAuditTable) => db.insertInto('staff_audit').values(row).execute(),

    /** The audit trail, newest first; of one subject when given. */
    audit: (limit: number, subject?: string) => {
      let query = db.selectFrom('staff_audit').selectAll();
      if (subject !== undefined) query = query.where('subject', '=', subject);
      return query.orderBy('id', 'desc').limit(limit).execute();
    },

    /** How many times `action` was recorded for `subject` since `since`. */
    countSince: async (action: string, subject: string, since: string) =>
      Number(
        (
          await db
            .selectFrom('staff_audit')
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .where('action', '=', action)
            .where('subject', '=', subject)
            .where('at', '>', since)
            .executeTakeFirstOrThrow()
        ).count,
      ),
  };
}

export type StaffRepository = ReturnType<typeof staffRepository>;
