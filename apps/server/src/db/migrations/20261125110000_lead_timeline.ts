import type { Kysely } from 'kysely';

/**
 * The lead timeline: the player gives each viewer an anonymous id, random and kept per account in
 * the viewer's browser, and sends it with their button clicks and their form. Clicks and leads of the same
 * account with the same id are one viewer's. Null for rows from before, and when the player sent none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('lead').addColumn('viewer_id', 'text').execute();
  await db.schema.alterTable('contact_click').addColumn('viewer_id', 'text').execute();
  await db.schema
    .createIndex('lead_account_id_viewer_id_idx')
    .on('lead')
    .columns(['account_id', 'viewer_id'])
    .where('viewer_id', 'is not', null)
    .execute();
  await db.schema
    .createIndex('contact_click_account_id_viewer_id_created_at_idx')
    .on('contact_click')
    .columns(['account_id', 'viewer_id', 'created_at'])
    .where('viewer_id', 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('contact_click').dropColumn('viewer_id').execute();
  await db.schema.alterTable('lead').dropColumn('viewer_id').execute();
}
