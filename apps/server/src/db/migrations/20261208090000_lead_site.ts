import { type Kysely, sql } from 'kysely';

/**
 * The site a lead came from (docs/product.md "Sites"): its id while the site exists, and its name as it
 * was, kept like the video's name so the lead still says where it came from once the site is deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('lead')
    .addColumn('site_id', 'uuid', (col) => col.references('site.id').onDelete('set null'))
    .addColumn('site_name', 'text')
    .execute();
  await sql`create index lead_site_idx on lead (site_id) where site_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('lead').dropColumn('site_id').dropColumn('site_name').execute();
}
