import { type Kysely, sql } from 'kysely';

/**
 * Subscriptions: a plan bought by card with auto-renew on renews itself each period
 * until it is turned off. One active subscription per account; each renewal is an order of its own (paid,
 * invoiced, mailed). `account.plan_by_admin` tells a plan an operator opened (the console contract bySuperAdminOpen,
 * which never renews) from one the account bought.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('subscription')
    .addColumn('id', 'uuid', (col) => col.defaultTo(sql`gen_random_uuid()`).notNull())
    .addColumn('account_id', 'uuid', (col) => col.notNull())
    .addColumn('provider', 'text', (col) => col.notNull())
    // Stripe's subscription id; the sandbox's own reference.
    .addColumn('provider_ref', 'text', (col) => col.notNull())
    .addColumn('plan_type', 'text', (col) => col.notNull())
    .addColumn('billing_plan', 'text', (col) => col.notNull())
    .addColumn('amount', 'bigint', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('active'))
    // Auto-renew off: it ends with the period it has paid for.
    .addColumn('cancel_at_period_end', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('ended_at', 'timestamptz')
    .addPrimaryKeyConstraint('subscription_pkey', ['id'])
    .addForeignKeyConstraint('subscription_account_id_fkey', ['account_id'], 'account', ['id'], (fk) =>
      fk.onDelete('cascade'),
    )
    .addUniqueConstraint('subscription_provider_ref_key', ['provider', 'provider_ref'])
    .addCheckConstraint('subscription_status_check', sql`status in ('active', 'ended')`)
    .execute();
  await sql`create unique index subscription_active_account_idx on subscription (account_id) where status = 'active'`.execute(
    db,
  );
  await db.schema
    .alterTable('payment_order')
    .addColumn('auto_renew', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('subscription_id', 'uuid', (col) => col.references('subscription.id').onDelete('set null'))
    .execute();
  await db.schema
    .alterTable('account')
    .addColumn('plan_by_admin', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
  // Until now every paid plan was opened by an operator or DEFAULT_PLAN.
  await sql`update account set plan_by_admin = true where plan_type <> 'Free'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('account').dropColumn('plan_by_admin').execute();
  await db.schema.alterTable('payment_order').dropColumn('subscription_id').dropColumn('auto_renew').execute();
  await db.schema.dropTable('subscription').execute();
}
