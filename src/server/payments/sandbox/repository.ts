import { randomUUID } from 'node:crypto';
import type { PaymentFailure } from '../../../shared/contract';
import type { Db } from '../../db/database';
import type { CreatePaymentInput } from '../provider';
import type { SandboxPaymentsTable, SandboxStatus } from '../tables';

/** The sandbox provider's own records (what a real provider keeps on its side). */

export async function findSandboxPayment(db: Db, id: string): Promise<SandboxPaymentsTable | undefined> {
  return db.selectFrom('sandbox_payments').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findSandboxPaymentByKey(db: Db, key: string): Promise<SandboxPaymentsTable | undefined> {
  return db.selectFrom('sandbox_payments').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
}

/** Stores a payment unless one exists for the key (then that one is kept), and answers the payment of the key. */
export async function insertSandboxPayment(
  db: Db,
  input: CreatePaymentInput,
  status: SandboxStatus,
  now: Date,
): Promise<SandboxPaymentsTable> {
  await db
    .insertInto('sandbox_payments')
    .values({
      id: randomUUID(),
      idempotency_key: input.idempotencyKey,
      amount: input.amount,
      currency: input.currency,
      language: input.language,
      return_url: input.returnUrl,
      cancel_url: input.cancelUrl,
      status,
      failure: status === 'CANCELLED' ? 'CANCELLED' : null,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .execute();
  const row = await findSandboxPaymentByKey(db, input.idempotencyKey);
  if (!row) throw new Error(`sandbox payment ${input.idempotencyKey} vanished`);
  return row;
}

/**
 * Moves a payment on from one of the states `from`: true when this call made the move. Two moves at once (the
 * page paying while a newer attempt cancels it) cannot both happen.
 */
export async function moveSandboxPayment(
  db: Db,
  where: { id: string } | { idempotencyKey: string },
  from: SandboxStatus[],
  to: SandboxStatus,
  failure: PaymentFailure | null,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('sandbox_payments')
    .set({ status: to, failure, updated_at: now.toISOString() })
    .where((eb) => ('id' in where ? eb('id', '=', where.id) : eb('idempotency_key', '=', where.idempotencyKey)))
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
