import type { Db } from '../db/database';
import type { ProfilesTable } from './tables';

/** The SQL of the profiles table, on the database or a transaction. E-mail addresses are compared as stored. */
export function profilesRepository(db: Db) {
  return {
    findByEmail: (email: string) => db.selectFrom('profiles').selectAll().where('email', '=', email).executeTakeFirst(),

    findById: (id: string) => db.selectFrom('profiles').selectAll().where('id', '=', id).executeTakeFirst(),

    /** Adds a profile unless its e-mail address is taken; answers whether it was added. */
    insertUnlessTaken: async (row: ProfilesTable): Promise<boolean> => {
      const inserted = await db
        .insertInto('profiles')
        .values(row)
        .onConflict((conflict) => conflict.column('email').doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    update: (id: string, changes: Partial<ProfilesTable>, now: Date) =>
      db
        .updateTable('profiles')
        .set({ ...changes, updated_at: now.toISOString() })
        .where('id', '=', id)
        .execute(),
  };
}
