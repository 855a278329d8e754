import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account')
    .addColumn('id', 'uuid', (col) => col.defaultTo(sql`gen_random_uuid()`).notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('google_sub', 'text')
    .addColumn('language', 'text', (col) => col.notNull().defaultTo('en'))
    .addColumn('referrer_id', 'uuid')
    .addColumn('is_referrer', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('vip_period', 'text', (col) => col.notNull().defaultTo('normal-period'))
    .addColumn('period_end_at', 'timestamptz')
    .addColumn('default_folder_id', 'uuid')
    .addColumn('used_storage', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('used_traffic', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('account_pkey', ['id'])
    .addUniqueConstraint('account_email_key', ['email'])
    .addUniqueConstraint('account_google_sub_key', ['google_sub'])
    .addForeignKeyConstraint('account_referrer_id_fkey', ['referrer_id'], 'account', ['id'], (fk) =>
      fk.onDelete('set null'),
    )
    .addCheckConstraint('account_language_check', sql`language in ('en', 'zh_CN')`)
    .addCheckConstraint(
      'account_vip_period_check',
      sql`vip_period in ('normal-period', 'buffer-period', 'frozen-period', 'clear-period', 'real-clear-period')`,
    )
    .addCheckConstraint('account_referrer_id_check', sql`referrer_id is distinct from id`)
    .execute();

  await db.schema
    .createTable('folder')
    .addColumn('id', 'uuid', (col) => col.defaultTo(sql`gen_random_uuid()`).notNull())
    .addColumn('account_id', 'uuid', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('folder_pkey', ['id'])
    .addForeignKeyConstraint('folder_account_id_fkey', ['account_id'], 'account', ['id'], (fk) =>
      fk.onDelete('cascade'),
    )
    .addCheckConstraint('folder_name_check', sql`char_length(name) between 1 and 50`)
    .execute();
  await db.schema.createIndex('folder_account_id_idx').on('folder').column('account_id').execute();
  await db.schema
    .alterTable('account')
    .addForeignKeyConstraint('account_default_folder_id_fkey', ['default_folder_id'], 'folder', ['id'])
    .onDelete('set null')
    .execute();

  await db.schema
    .createTable('session')
    .addColumn('id', 'uuid', (col) => col.defaultTo(sql`gen_random_uuid()`).notNull())
    .addColumn('account_id', 'uuid', (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addPrimaryKeyConstraint('session_pkey', ['id'])
    .addUniqueConstraint('session_token_hash_key', ['token_hash'])
    .addForeignKeyConstraint('session_account_id_fkey', ['account_id'], 'account', ['id'], (fk) =>
      fk.onDelete('cascade'),
    )
    .execute();
  await db.schema.createIndex('session_account_id_idx').on('session').column('account_id').execute();

  await db.schema
    .createTable('verification_code')
    .addColumn('id', 'uuid', (col) => col.defaultTo(sql`gen_random_uuid()`).notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('scene', 'text', (col) => col.notNull())
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('consumed_at', 'timestamptz')
    .addPrimaryKeyConstraint('verification_code_pkey', ['id'])
    .execute();
  await db.schema
    .createIndex('verification_code_email_scene_idx')
    .on('verification_code')
    .columns(['email', 'scene', 'created_at'])
    .execute();

  await db.schema
    .createTable('rate_limit')
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('window_start', 'timestamptz', (col) => col.notNull())
    .addColumn('hits', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('rate_limit_pkey', ['key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limit').execute();
  await db.schema.dropTable('verification_code').execute();
  await db.schema.dropTable('session').execute();
  await db.schema.alterTable('account').dropConstraint('account_default_folder_id_fkey').execute();
  await db.schema.dropTable('folder').execute();
  await db.schema.dropTable('account').execute();
}
