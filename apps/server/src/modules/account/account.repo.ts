import type { Language, Period, PlanType } from '@leadreel/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export function createAccountRepo(db: Db) {
  return {
    findById(id: string) {
      return db.selectFrom('account').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The account with whether it is scheduled for deletion (locked: gone to everyone but its holder). */
    findStanding(id: string) {
      return db
        .selectFrom('account')
        .leftJoin('account_deletion', 'account_deletion.account_id', 'account.id')
        .selectAll('account')
        .select((eb) => eb('account_deletion.account_id', 'is not', null).$castTo<boolean>().as('locked'))
        .where('account.id', '=', id)
        .executeTakeFirst();
    },

    /** Deletes the account; every table holding its data cascades from it (account-deletion's job). */
    async remove(trx: Db, id: string) {
      await trx.deleteFrom('account').where('id', '=', id).execute();
    },

    /**
     * Adds `delta` bytes to the account's used storage (never below 0) in the caller's transaction. A
     * positive delta is refused (false) when it would exceed `quota`.
     */
    async addUsedStorage(trx: Db, accountId: string, delta: number, quota?: number) {
      let query = trx
        .updateTable('account')
        .set({ used_storage: sql`greatest(0, used_storage + ${delta})` })
        .where('id', '=', accountId);
      if (quota !== undefined && delta > 0) query = query.where(sql<boolean>`used_storage + ${delta} <= ${quota}`);
      return (await query.executeTakeFirst()).numUpdatedRows > 0n;
    },

    /**
     * Starts a new traffic period at `periodStart` for every account whose period began before it: its
     * used traffic back to zero. Answers how many accounts it reset.
     */
    async startTrafficPeriod(periodStart: Date) {
      const result = await db
        .updateTable('account')
        .set({ used_traffic: '0', traffic_period_start: periodStart })
        .where('traffic_period_start', '<', periodStart)
        // A running paid plan's periods, with an end date or without, are billing's job: each starts with the
        // plan's credits as well as its traffic.
        .where((eb) => eb.or([eb('plan_type', '=', 'Free'), eb('vip_period', '!=', 'normal-period')]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Adds each account's served bytes to its used traffic, in one transaction. */
    async addUsedTraffic(bytes: Map<string, number>) {
      await db.transaction().execute(async (trx) => {
        for (const [accountId, served] of bytes) {
          await trx
            .updateTable('account')
            .set({ used_traffic: sql`used_traffic + ${served}` })
            .where('id', '=', accountId)
            .execute();
        }
      });
    },

    /**
     * Claims today's digest of every account that wants one and had none in the last `gapMs` (its digest
     * time moved to `now`), so a second run the same day claims nothing. Answers where each goes.
     */
    claimDigests(now: Date, gapMs: number) {
      return db
        .updateTable('account')
        .set({ digest_sent_at: now })
        .where('notify_digest', '=', true)
        .where((eb) =>
          eb.or([eb('digest_sent_at', 'is', null), eb('digest_sent_at', '<=', new Date(now.getTime() - gapMs))]),
        )
        .returning([
          'id',
          'email',
          'notice_email',
          'language',
          'plan_type',
          'vip_period',
          'period_end_at',
          'used_storage',
          'used_traffic',
        ])
        .execute();
    },

    /** Gives a claimed digest back (its send failed), so the next run tries again. */
    async releaseDigest(id: string) {
      await db.updateTable('account').set({ digest_sent_at: null }).where('id', '=', id).execute();
    },

    findByEmail(email: string) {
      return db.selectFrom('account').selectAll().where('email', '=', email).executeTakeFirst();
    },

    findByGoogleSub(sub: string) {
      return db.selectFrom('account').selectAll().where('google_sub', '=', sub).executeTakeFirst();
    },

    /**
     * Creates the account in the caller's transaction; undefined when the email is taken (a concurrent
     * signup may win the race).
     */
    async create(
      trx: Db,
      values: {
        email: string;
        passwordHash: string | null;
        googleSub?: string;
        language: Language;
        referrerId?: string;
        /** The plan it starts on, with no end (DEFAULT_PLAN); Free when not given. */
        planType?: PlanType;
      },
    ) {
      const account = await trx
        .insertInto('account')
        .values({
          plan_type: values.planType ?? 'Free',
          plan_by_admin: (values.planType ?? 'Free') !== 'Free',
          email: values.email,
          password_hash: values.passwordHash,
          google_sub: values.googleSub ?? null,
          language: values.language,
          referrer_id: values.referrerId ?? null,
        })
        .onConflict((oc) => oc.constraint('account_email_key').doNothing())
        .returning('id')
        .executeTakeFirst();
      return account?.id;
    },

    async setDefaultFolder(id: string, folderId: string, trx: Db = db) {
      await trx.updateTable('account').set({ default_folder_id: folderId }).where('id', '=', id).execute();
    },

    /** The account, held for the caller's transaction: plan changes to it happen one after another. */
    lockById(trx: Db, id: string) {
      return trx.selectFrom('account').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    },

    /** Paid accounts whose plan has ended and which have a period left to enter (the lifecycle job's). */
    lapsed(now: Date) {
      return db
        .selectFrom('account')
        .select(['id', 'vip_period', 'period_end_at'])
        .where('plan_type', '!=', 'Free')
        .where('period_end_at', '<=', now)
        .where('vip_period', '!=', 'real-clear-period')
        .orderBy('period_end_at')
        .limit(500)
        .execute();
    },

    /** Paid accounts in Normal whose plan ends after `now` and by `until` (the reminders'). */
    ending(now: Date, until: Date) {
      return db
        .selectFrom('account')
        .select(['id', 'plan_type', 'period_end_at'])
        .where('plan_type', '!=', 'Free')
        .where('vip_period', '=', 'normal-period')
        .where('period_end_at', '>', now)
        .where('period_end_at', '<=', until)
        .limit(2000)
        .execute();
    },

    /**
     * Moves the account from one period to the next in the caller's transaction, only if it is still where
     * the caller saw it (same period, same plan end): a renewal meanwhile wins. False when it was not moved.
     */
    async movePeriod(trx: Db, id: string, from: Period, to: Period, planEnd: Date) {
      const result = await trx
        .updateTable('account')
        .set({ vip_period: to, updated_at: new Date() })
        .where('id', '=', id)
        .where('vip_period', '=', from)
        .where('period_end_at', '=', planEnd)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * Starts a new traffic period for one account at `periodStart` (its used traffic back to zero) unless
     * it began one there or later already; false then.
     */
    async startTrafficPeriodOf(trx: Db, id: string, periodStart: Date) {
      const result = await trx
        .updateTable('account')
        .set({ used_traffic: '0', traffic_period_start: periodStart })
        .where('id', '=', id)
        .where('traffic_period_start', '<', periodStart)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * Paid accounts whose plan runs (the billing periods' job), with where their traffic period began: plans
     * whose end is still ahead, and plans with no end (opened by an operator, or DEFAULT_PLAN).
     */
    running(now: Date) {
      return db
        .selectFrom('account')
        .select(['id', 'plan_type', 'period_end_at', 'traffic_period_start'])
        .where('plan_type', '!=', 'Free')
        .where('vip_period', '=', 'normal-period')
        .where((eb) => eb.or([eb('period_end_at', '>', now), eb('period_end_at', 'is', null)]))
        .execute();
    },

    /** Puts the account on a plan in its Normal period, ending at `periodEnd` (null: no end). */
    async openPlan(id: string, plan: PlanType, periodEnd: Date | null, trx: Db = db, byAdmin = false) {
      await trx
        .updateTable('account')
        .set({
          plan_type: plan,
          vip_period: 'normal-period',
          period_end_at: periodEnd,
          plan_by_admin: byAdmin && plan !== 'Free',
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .execute();
    },

    async setPasswordHash(id: string, passwordHash: string, trx: Db = db) {
      await trx
        .updateTable('account')
        .set({ password_hash: passwordHash, updated_at: new Date() })
        .where('id', '=', id)
        .execute();
    },

    /** Sets the first password only; false when one was set meanwhile. */
    async setFirstPasswordHash(id: string, passwordHash: string) {
      const result = await db
        .updateTable('account')
        .set({ password_hash: passwordHash, updated_at: new Date() })
        .where('id', '=', id)
        .where('password_hash', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    linkGoogle(id: string, sub: string) {
      return db.updateTable('account').set({ google_sub: sub }).where('id', '=', id).execute();
    },

    setLanguage(id: string, language: Language) {
      return db.updateTable('account').set({ language }).where('id', '=', id).execute();
    },

    /** The address notices go to; null sends them to the sign-in email. */
    async setNoticeEmail(id: string, email: string | null, trx: Db = db) {
      await trx.updateTable('account').set({ notice_email: email }).where('id', '=', id).execute();
    },

    async setNotifications(id: string, settings: { newLead: boolean; dailyDigest: boolean }) {
      await db
        .updateTable('account')
        .set({ notify_new_lead: settings.newLead, notify_digest: settings.dailyDigest })
        .where('id', '=', id)
        .execute();
    },

    async setPrivacyMode(id: string, on: boolean) {
      await db.updateTable('account').set({ privacy_mode: on }).where('id', '=', id).execute();
    },

    /**
     * Binds once, before the account's first payment: 'taken' when a referrer was bound meanwhile, 'paid'
     * when it paid meanwhile (the payment holds the account's row, so the two cannot cross), 'loop' when `id` is already among the
     * referrers of `referrerId` (A refers B refers ... A). Bindings are serialised by one advisory lock, so
     * two opposite binds at once cannot both pass the check.
     */
    async bindReferrer(id: string, referrerId: string): Promise<'bound' | 'taken' | 'loop' | 'paid'> {
      return db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtext('account-referrer-bind'))`.execute(trx);
        const { rows } = await sql<{ loop: boolean }>`
          with recursive chain (id) as (
            select ${referrerId}::uuid
            union
            select account.referrer_id from account join chain on account.id = chain.id
            where account.referrer_id is not null
          )
          select exists (select 1 from chain where id = ${id}::uuid) as loop`.execute(trx);
        if (rows[0]?.loop) return 'loop';
        const result = await trx
          .updateTable('account')
          .set({ referrer_id: referrerId })
          .where('id', '=', id)
          .where('referrer_id', 'is', null)
          .where('is_referrer', '=', false)
          .where('first_paid_at', 'is', null)
          .executeTakeFirst();
        if (result.numUpdatedRows > 0n) return 'bound';
        const now = await trx.selectFrom('account').select('first_paid_at').where('id', '=', id).executeTakeFirst();
        return now?.first_paid_at ? 'paid' : 'taken';
      });
    },

    /**
     * The account's email and the referrer it is bound to, when that account is a referrer now; read in
     * the caller's transaction (a payment's), so it needs no second connection while that one is held.
     */
    referralOf(trx: Db, id: string) {
      return trx
        .selectFrom('account as payer')
        .innerJoin('account as referrer', 'referrer.id', 'payer.referrer_id')
        .select(['payer.id as id', 'payer.email as email', 'referrer.id as referrerId'])
        .where('payer.id', '=', id)
        .where('referrer.is_referrer', '=', true)
        .executeTakeFirst();
    },

    /** Records the account's first payment, in the paying transaction; a later one changes nothing. */
    async markPaid(trx: Db, id: string, at: Date) {
      await trx
        .updateTable('account')
        .set({ first_paid_at: at })
        .where('id', '=', id)
        .where('first_paid_at', 'is', null)
        .execute();
    },

    /** The accounts bound to the referrer, newest sign-up first, a page at a time, and how many there are. */
    async referredBy(referrerId: string, limit: number, offset: number) {
      const bound = db.selectFrom('account').where('referrer_id', '=', referrerId);
      const [rows, count] = await Promise.all([
        bound
          .select(['id', 'email', 'created_at', 'first_paid_at'])
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        bound.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    /** Makes the account a referrer in the affiliate program, or no longer one (an operator's choice). */
    async setReferrer(id: string, on: boolean, trx: Db = db) {
      await trx.updateTable('account').set({ is_referrer: on }).where('id', '=', id).execute();
    },
  };
}
export type AccountRepo = ReturnType<typeof createAccountRepo>;
