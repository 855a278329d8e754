import type { ClickListQuery, LeadFilter } from '@leadreel/shared';
import { type Insertable, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { afterKeyset, cursorAt, type Keyset, keysetPage } from '../../db/keyset.ts';
import type { ContactClickTable, LeadTable } from '../../db/schema.ts';

/** The start of a `YYYY-MM-DD` day, and of the day after it (a filter's `to` includes its whole day). */
const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);

/** Every query on leads and on viewers' clicks on player buttons, shown beside them. */
export function createLeadRepo(db: Db) {
  /** The account's leads matching the filter. */
  function filtered(accountId: string, filter: LeadFilter) {
    let query = db.selectFrom('lead').where('account_id', '=', accountId);
    if (filter.videoId) query = query.where('video_id', '=', filter.videoId);
    if (filter.from) query = query.where('created_at', '>=', dayStart(filter.from));
    if (filter.to) query = query.where('created_at', '<', dayAfter(filter.to));
    if (filter.unread === '1') query = query.where('read_at', 'is', null);
    if (filter.q) {
      const pattern = `%${filter.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      query = query.where(sql<boolean>`(answers::text ilike ${pattern} or video_name ilike ${pattern})`);
    }
    return query;
  }

  /** The account's clicks with their video's name and the newest lead of the same viewer. */
  function clicks(accountId: string) {
    return db
      .selectFrom('contact_click')
      .innerJoin('video', 'video.id', 'contact_click.video_id')
      .where('contact_click.account_id', '=', accountId)
      .select((eb) => [
        'contact_click.id',
        'contact_click.video_id',
        'video.name as video_name',
        'contact_click.kind',
        'contact_click.second',
        'contact_click.page_url',
        'contact_click.referrer',
        'contact_click.created_at',
        eb
          .selectFrom('lead')
          .select('lead.id')
          .where('lead.account_id', '=', accountId)
          .whereRef('lead.viewer_id', '=', 'contact_click.viewer_id')
          .orderBy('lead.created_at', 'desc')
          .limit(1)
          .as('lead_id'),
      ]);
  }

  return {
    /** Stores a click, in the caller's transaction when given one; answers its id and time. */
    insertClick(click: Insertable<ContactClickTable>, trx: Db = db) {
      return trx.insertInto('contact_click').values(click).returning(['id', 'created_at']).executeTakeFirstOrThrow();
    },

    /** Stores a lead, in the caller's transaction when given one. */
    insert(row: Insertable<LeadTable>, trx: Db = db) {
      return trx.insertInto('lead').values(row).returning(['id', 'created_at']).executeTakeFirstOrThrow();
    },

    /** One page of the filtered leads, newest first, with the filter's total and unread counts. */
    async page(accountId: string, filter: LeadFilter, page: number, pageSize: number) {
      const [rows, counts] = await Promise.all([
        filtered(accountId, filter)
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id')
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute(),
        filtered(accountId, filter)
          .select((eb) => [
            eb.fn.countAll<string>().as('total'),
            eb.fn.count<string>('id').filterWhere('read_at', 'is', null).as('unread'),
          ])
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(counts.total), unread: Number(counts.unread) };
    },

    /** One page of the filtered leads, newest first, after a cursor (the public API's list). */
    async keysetPage(accountId: string, filter: LeadFilter, after: Keyset | undefined, limit: number) {
      let query = filtered(accountId, filter);
      if (after) query = query.where(afterKeyset('lead', after));
      const rows = await query
        .selectAll()
        .select(cursorAt('lead').as('cursor_at'))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit + 1)
        .execute();
      return keysetPage(rows, limit);
    },

    /** The filtered leads for an export, newest first, at most `limit`. */
    exportRows(accountId: string, filter: LeadFilter, limit: number) {
      return filtered(accountId, filter).selectAll().orderBy('created_at', 'desc').limit(limit).execute();
    },

    async markRead(accountId: string, leadIds: string[], read: boolean) {
      await db
        .updateTable('lead')
        .set({ read_at: read ? new Date() : null })
        .where('account_id', '=', accountId)
        .where('id', 'in', leadIds)
        .execute();
    },

    async remove(accountId: string, leadIds: string[]) {
      await db.deleteFrom('lead').where('account_id', '=', accountId).where('id', 'in', leadIds).execute();
    },

    /** The account's lead, or undefined (another account's too). */
    /** A lead as stored, whoever owns it: for work with no session behind it (webhooks). */
    findStored(leadId: string) {
      return db.selectFrom('lead').selectAll().where('id', '=', leadId).executeTakeFirst();
    },

    find(accountId: string, leadId: string) {
      return db
        .selectFrom('lead')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('id', '=', leadId)
        .executeTakeFirst();
    },

    /** A viewer's clicks before (up to and at) or after a moment, nearest first, at most `limit`. */
    viewerClicks(accountId: string, viewerId: string, at: Date, before: boolean, limit: number) {
      return clicks(accountId)
        .where('contact_click.viewer_id', '=', viewerId)
        .where('contact_click.created_at', before ? '<=' : '>', at)
        .orderBy('contact_click.created_at', before ? 'desc' : 'asc')
        .orderBy('contact_click.id')
        .limit(limit)
        .execute();
    },

    /** One page of the account's clicks, newest first, with the filter's total. */
    async clickPage(accountId: string, query: ClickListQuery) {
      let filteredClicks = clicks(accountId);
      if (query.videoId) filteredClicks = filteredClicks.where('contact_click.video_id', '=', query.videoId);
      if (query.kind) filteredClicks = filteredClicks.where('contact_click.kind', '=', query.kind);
      if (query.from) filteredClicks = filteredClicks.where('contact_click.created_at', '>=', dayStart(query.from));
      if (query.to) filteredClicks = filteredClicks.where('contact_click.created_at', '<', dayAfter(query.to));
      const [rows, counts] = await Promise.all([
        filteredClicks
          .orderBy('contact_click.created_at', 'desc')
          .orderBy('contact_click.id')
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize)
          .execute(),
        filteredClicks
          .clearSelect()
          .select((eb) => eb.fn.countAll<string>().as('total'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(counts.total) };
    },

    /** Whose lead it is, whether it is mailed already, and whether its account wants a mail per lead. */
    mailState(leadId: string) {
      return db
        .selectFrom('lead')
        .innerJoin('account', 'account.id', 'lead.account_id')
        .select(['lead.account_id', 'lead.mailed_at', 'account.notify_new_lead'])
        .where('lead.id', '=', leadId)
        .executeTakeFirst();
    },

    /**
     * Opens the account's lead-mail window unless one opened less than `windowMs` ago; one statement, so of
     * two leads at the same moment only one opens it. When it is open, marks its burst mail queued. Answers
     * whether this call opened it, and when the window opened if this call is the one to queue its mail.
     */
    async openMailWindow(accountId: string, windowMs: number) {
      const opened = await sql<{ opened_at: Date }>`
        insert into lead_mail_window (account_id, opened_at) values (${accountId}, now())
        on conflict (account_id) do update set opened_at = excluded.opened_at, burst_queued = false
          where lead_mail_window.opened_at <= now() - ${windowMs} * interval '1 millisecond'
        returning opened_at`.execute(db);
      if (opened.rows[0]) return { opened: true as const };
      const queue = await db
        .updateTable('lead_mail_window')
        .set({ burst_queued: true })
        .where('account_id', '=', accountId)
        .where('burst_queued', '=', false)
        .returning('opened_at')
        .executeTakeFirst();
      return { opened: false as const, queueBurstOf: queue?.opened_at };
    },

    /** Forgets that a window's burst mail is queued (queueing it failed), so the next waiting lead queues it. */
    async unqueueBurst(accountId: string) {
      await db
        .updateTable('lead_mail_window')
        .set({ burst_queued: false })
        .where('account_id', '=', accountId)
        .execute();
    },

    /**
     * Claims every unmailed lead of the account since a window opened, when it still wants a mail per lead:
     * the ones a burst mail carries. Newest first.
     */
    claimSince(accountId: string, since: Date) {
      return db
        .updateTable('lead')
        .from('account')
        .set({ mailed_at: new Date() })
        .whereRef('account.id', '=', 'lead.account_id')
        .where('account.notify_new_lead', '=', true)
        .where('lead.account_id', '=', accountId)
        .where('lead.mailed_at', 'is', null)
        .where('lead.created_at', '>=', since)
        .returning(['lead.id', 'lead.video_name', 'lead.created_at', 'lead.answers'])
        .execute();
    },

    /** Gives claimed mails back (their send failed), so a retry sends them. */
    async releaseMails(leadIds: string[]) {
      if (leadIds.length === 0) return;
      await db.updateTable('lead').set({ mailed_at: null }).where('id', 'in', leadIds).execute();
    },

    /** Claims a lead's mail (sets mailed_at when unset): the lead if this caller won it. */
    claimMail(leadId: string) {
      return db
        .updateTable('lead')
        .set({ mailed_at: new Date() })
        .where('id', '=', leadId)
        .where('mailed_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
    },

    /** Gives a claimed mail back (its send failed), so a retry sends it. */
    async releaseMail(leadId: string) {
      await db.updateTable('lead').set({ mailed_at: null }).where('id', '=', leadId).execute();
    },

    /** An account's leads in a period: how many, and the newest `limit` of them. */
    async inPeriod(accountId: string, since: Date, until: Date, limit: number) {
      const inDay = db
        .selectFrom('lead')
        .where('account_id', '=', accountId)
        .where('created_at', '>', since)
        .where('created_at', '<=', until);
      const { count } = await inDay.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
      if (Number(count) === 0) return { count: 0, leads: [] };
      const leads = await inDay
        .select(['video_name', 'created_at', 'answers'])
        .orderBy('created_at', 'desc')
        .limit(limit)
        .execute();
      return { count: Number(count), leads };
    },
  };
}
export type LeadRepo = ReturnType<typeof createLeadRepo>;
