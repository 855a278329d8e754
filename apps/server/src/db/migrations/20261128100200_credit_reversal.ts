import { type Kysely, sql } from 'kysely';

/**
 * A refunded order takes back what it gave: the credits it bought, or those its plan granted. That is a
 * `reversal` in the ledger (an amount below zero), told apart from a spend and an expiry.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table credit_entry drop constraint credit_entry_kind_check`.execute(db);
  await sql`alter table credit_entry add constraint credit_entry_kind_check
    check (kind in ('purchase', 'grant', 'spend', 'refund', 'expiry', 'reversal'))`.execute(db);
  await sql`alter table credit_entry drop constraint credit_entry_amount_check`.execute(db);
  await sql`alter table credit_entry add constraint credit_entry_amount_check
    check (amount <> 0 and (case when kind in ('spend', 'expiry', 'reversal') then amount < 0 else amount > 0 end))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from credit_entry where kind = 'reversal'`.execute(db);
  await sql`alter table credit_entry drop constraint credit_entry_kind_check`.execute(db);
  await sql`alter table credit_entry add constraint credit_entry_kind_check
    check (kind in ('purchase', 'grant', 'spend', 'refund', 'expiry'))`.execute(db);
  await sql`alter table credit_entry drop constraint credit_entry_amount_check`.execute(db);
  await sql`alter table credit_entry add constraint credit_entry_amount_check
    check (amount <> 0 and (case when kind in ('spend', 'expiry') then amount < 0 else amount > 0 end))`.execute(db);
}
