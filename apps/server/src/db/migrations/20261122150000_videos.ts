import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('video')
    .addColumn('id', 'uuid', (col) => col.defaultTo(sql`gen_random_uuid()`).notNull())
    .addColumn('account_id', 'uuid', (col) => col.notNull())
    .addColumn('folder_id', 'uuid', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('uploading'))
    // Bytes the browser declared at pre-add; reserved against the quota until the upload ends.
    .addColumn('size', 'bigint', (col) => col.notNull())
    .addColumn('upload_percent', 'smallint', (col) => col.notNull().defaultTo(0))
    .addColumn('process_percent', 'smallint', (col) => col.notNull().defaultTo(0))
    .addColumn('playable', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('source_key', 'text', (col) => col.notNull())
    .addColumn('upload_id', 'text')
    .addColumn('part_size', 'integer', (col) => col.notNull())
    .addColumn('sha256', 'text')
    // Derived files live under media/<account>/<video>/<generation>/; a retry writes a new generation.
    .addColumn('generation', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('media', 'jsonb')
    .addColumn('fail_reason', 'text')
    .addColumn('duration_sec', 'double precision')
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('last_heartbeat_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('uploaded_at', 'timestamptz')
    .addColumn('ready_at', 'timestamptz')
    .addPrimaryKeyConstraint('video_pkey', ['id'])
    .addForeignKeyConstraint('video_account_id_fkey', ['account_id'], 'account', ['id'], (fk) => fk.onDelete('cascade'))
    .addForeignKeyConstraint('video_folder_id_fkey', ['folder_id'], 'folder', ['id'])
    .addCheckConstraint(
      'video_status_check',
      sql`status in ('uploading', 'uploaded', 'processing', 'ready', 'failed', 'upload_failed')`,
    )
    .addCheckConstraint('video_name_check', sql`char_length(name) between 1 and 200`)
    .addCheckConstraint('video_size_check', sql`size > 0`)
    .addCheckConstraint('video_upload_percent_check', sql`upload_percent between 0 and 100`)
    .addCheckConstraint('video_process_percent_check', sql`process_percent between 0 and 100`)
    .execute();
  await db.schema
    .createIndex('video_account_id_folder_id_created_at_idx')
    .on('video')
    .columns(['account_id', 'folder_id', 'created_at'])
    .execute();
  await db.schema.createIndex('video_folder_id_idx').on('video').column('folder_id').execute();
  await db.schema
    .alterTable('account')
    .addCheckConstraint('account_used_storage_check', sql`used_storage >= 0`)
    .execute();

  // Keys every server process must share (signing upload credentials), made once by whichever starts first.
  await db.schema
    .createTable('server_secret')
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('secret', 'bytea', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('server_secret_pkey', ['name'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('server_secret').execute();
  await db.schema.alterTable('account').dropConstraint('account_used_storage_check').execute();
  await db.schema.dropTable('video').execute();
}
