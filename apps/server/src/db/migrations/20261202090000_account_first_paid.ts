import { type Kysely, sql } from 'kysely';

/**
 * When the account first paid (an order settled as paid, by any provider): a referrer may be bound to it
 * only before then, so nobody claims a commission on a customer who came and paid without them. Filled
 * from the orders paid or refunded so far.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('account').addColumn('first_paid_at', 'timestamptz').execute();
  await sql`
    update account set first_paid_at = paid.at
    from (
      select account_id, min(settled_at) as at from payment_order
      where status in ('paid', 'refunded') and settled_at is not null
      group by account_id
    ) as paid
    where paid.account_id = account.id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('account').dropColumn('first_paid_at').execute();
}
