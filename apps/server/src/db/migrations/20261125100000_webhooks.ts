import { type Kysely, sql } from 'kysely';

/**
 * Account-level webhooks: the endpoints an account registers, and one delivery row per
 * event and endpoint, kept with its attempts and last answer for the console's delivery log.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhook_endpoint')
    .addColumn('id', 'uuid', (col) => col.defaultTo(sql`gen_random_uuid()`).notNull())
    .addColumn('account_id', 'uuid', (col) => col.notNull())
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('events', sql`text[]`, (col) => col.notNull())
    // The signing key: needed in the clear to sign each delivery, as Stripe's endpoint secrets are.
    .addColumn('secret', 'text', (col) => col.notNull())
    .addColumn('enabled', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('webhook_endpoint_pkey', ['id'])
    .addForeignKeyConstraint('webhook_endpoint_account_id_fkey', ['account_id'], 'account', ['id'], (fk) =>
      fk.onDelete('cascade'),
    )
    .execute();
  await db.schema.createIndex('webhook_endpoint_account_id_idx').on('webhook_endpoint').column('account_id').execute();
  await db.schema
    .createTable('webhook_delivery')
    .addColumn('id', 'uuid', (col) => col.defaultTo(sql`gen_random_uuid()`).notNull())
    .addColumn('endpoint_id', 'uuid', (col) => col.notNull())
    .addColumn('account_id', 'uuid', (col) => col.notNull())
    .addColumn('event', 'text', (col) => col.notNull())
    // One event fanned out to several endpoints carries the same id to each, so receivers can deduplicate.
    .addColumn('event_id', 'text', (col) => col.notNull())
    // The event exactly as sent (and re-sent on each retry): { id, type, created, data }.
    .addColumn('payload', 'jsonb', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending'))
    .addColumn('last_status_code', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('delivered_at', 'timestamptz')
    .addPrimaryKeyConstraint('webhook_delivery_pkey', ['id'])
    .addForeignKeyConstraint('webhook_delivery_endpoint_id_fkey', ['endpoint_id'], 'webhook_endpoint', ['id'], (fk) =>
      fk.onDelete('cascade'),
    )
    .addCheckConstraint('webhook_delivery_status_check', sql`status in ('pending', 'delivered', 'failed')`)
    .execute();
  await db.schema
    .createIndex('webhook_delivery_endpoint_id_created_at_idx')
    .on('webhook_delivery')
    .columns(['endpoint_id', 'created_at'])
    .execute();
  await db.schema.createIndex('webhook_delivery_created_at_idx').on('webhook_delivery').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_delivery').execute();
  await db.schema.dropTable('webhook_endpoint').execute();
}
