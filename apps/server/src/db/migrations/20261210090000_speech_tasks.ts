import { type Kysely, sql } from 'kysely';

/**
 * Speech tasks (subtitles from speech, translation, dubbing; the console's task center) and the dubbed
 * audio tracks they publish. A task's credits are taken when it starts and what it did not use is given
 * back when it fails or is canceled (docs/product.md "Speech tasks").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('speech_task')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('account_id', 'uuid', (col) => col.notNull().references('account.id').onDelete('cascade'))
    .addColumn('video_id', 'uuid', (col) => col.notNull().references('video.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('source_lang', 'text', (col) => col.notNull())
    .addColumn('target_langs', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'::text[]`))
    // Target languages already published, so a task taken over after its worker died does not redo them.
    .addColumn('done_langs', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('queued'))
    .addColumn('progress', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('engine', 'text', (col) => col.notNull())
    .addColumn('minutes', 'integer', (col) => col.notNull())
    .addColumn('credits', 'integer', (col) => col.notNull())
    .addColumn('refunded', 'integer', (col) => col.notNull().defaultTo(0))
    // Each start (the first, then each retry) is one spend in the ledger, keyed by the task and this count.
    .addColumn('run', 'integer', (col) => col.notNull().defaultTo(1))
    // How many workers took this run: one that died is replaced, up to a limit.
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('error_code', 'text')
    .addColumn('error_detail', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .execute();
  // The task center: an account's tasks by status, newest first.
  await db.schema
    .createIndex('speech_task_account_idx')
    .on('speech_task')
    .columns(['account_id', 'status', 'created_at desc'])
    .execute();
  // One task at a time per video: two would write the same tracks.
  await sql`create unique index speech_task_running_idx on speech_task (video_id)
    where status in ('queued', 'running')`.execute(db);

  await db.schema
    .createTable('video_dub')
    .addColumn('video_id', 'uuid', (col) => col.notNull().references('video.id').onDelete('cascade'))
    .addColumn('lang', 'text', (col) => col.notNull())
    .addColumn('label', 'text', (col) => col.notNull())
    // The generation of the video's media it was added to: a video encoded again (a retry, a plan renewed
    // after Clear) starts without dubs, and rows of an older generation are not shown.
    .addColumn('generation', 'integer', (col) => col.notNull())
    // Where its HLS audio rendition is stored, and how many bytes it holds.
    .addColumn('prefix', 'text', (col) => col.notNull())
    .addColumn('bytes', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('video_dub_pkey', ['video_id', 'lang'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('video_dub').execute();
  await db.schema.dropTable('speech_task').execute();
}
