import {
  type AnswerProblem,
  type CLICK_KINDS,
  type ClickListQuery,
  type ContactClick,
  checkAnswers,
  DEFAULT_FORM,
  type FormField,
  type InquiryForm,
  type Lead,
  type LeadExportFormat,
  type LeadField,
  type LeadFilter,
  type SubmitLead,
} from '@leadreel/shared';
import { LEAD_EXPORT_COLUMNS } from '@leadreel/shared/viewer-text/lead-export';
import type { Selectable } from 'kysely';
import { decodeCursor } from '../../db/keyset.ts';
import type { LeadTable } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import type { AccountService } from '../account/account.service.ts';
import type { EntitlementsService } from '../entitlements/entitlements.ts';
import type { EventBus } from '../events/events.ts';
import type { SettingsService } from '../video-settings/settings.service.ts';
import type { VideoService } from '../videos/videos.service.ts';
import type { CaptchaCheck } from './captcha.ts';
import { type ExportFile, exportFile } from './lead-export.ts';
import type { LeadRepo } from './leads.repo.ts';

const MASK = '•••';
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

function toLead(row: Selectable<LeadTable>, masked: boolean): Lead {
  return {
    leadId: row.id,
    videoId: row.video_id,
    videoName: row.video_name,
    createdAt: seconds(row.created_at),
    read: row.read_at !== null,
    second: row.second,
    pageUrl: masked ? MASK : row.page_url,
    referrer: masked ? MASK : row.referrer,
    language: row.language,
    siteName: row.site_name,
    fields: row.fields,
    answers: masked
      ? Object.fromEntries(Object.entries(row.answers).map(([id, value]) => [id, value ? MASK : '']))
      : row.answers,
  };
}

/** A contact click as the console shows it; on Free the page and referrer are masked, as a lead's are. */
function toClick(
  row: {
    id: string;
    video_id: string;
    video_name: string;
    kind: ContactClick['kind'];
    second: number;
    page_url: string;
    referrer: string;
    created_at: Date;
    lead_id: string | null;
  },
  masked: boolean,
): ContactClick {
  return {
    clickId: row.id,
    videoId: row.video_id,
    videoName: row.video_name,
    kind: row.kind,
    second: row.second,
    pageUrl: masked ? MASK : row.page_url,
    referrer: masked ? MASK : row.referrer,
    createdAt: seconds(row.created_at),
    leadId: row.lead_id,
  };
}

/** The timeline shows at most this many of a viewer's clicks on each side of their lead. */
export const TIMELINE_SIDE_MAX = 50;

/** The columns every export starts with, in the account's language (the fields follow, by their labels). */

/** People take seconds to fill a form; a submission faster than this came from a script. */
export const MIN_FILL_MS = 2500;

/**
 * Leads: each video's inquiry form (the console contract "vod form: config, save, add-field") and the
 * submissions viewers leave through it. The form is written by the owner before the Frozen period; a
 * submission comes from anyone watching a playable video whose form is on, is held to that form's fields,
 * and is stored as text.
 */
export function createLeadService(deps: {
  repo: LeadRepo;
  /** Where forms are stored: with the video's other settings. */
  forms: Pick<SettingsService, 'savedForm' | 'saveForm'>;
  videos: Pick<VideoService, 'ownVideo' | 'findById' | 'stillShown'>;
  accounts: AccountService;
  entitlements: EntitlementsService;
  /**
   * Announces a new lead (its mail and webhooks react) in the lead's own transaction: queued, so a
   * submission never waits on SMTP or a receiver, and never lost between the insert and the queue.
   */
  events: EventBus;
  /** The installation's challenge a viewer passes before an inquiry is taken; null when it asks for none. */
  captcha: CaptchaCheck | null;
  /** The account's site whose page `pageUrl` is, if any (docs/product.md "Sites"): what a lead says it came from. */
  siteOfPage?: (accountId: string, pageUrl: string) => Promise<{ id: string; name: string } | null>;
}) {
  const { repo, forms, videos, accounts, entitlements, events, captcha } = deps;

  const ownVideo: VideoService['ownVideo'] = (...args) => videos.ownVideo(...args);

  /**
   * The video a viewer's post is for, when its public page is shown: the pages' own rule (playable, not
   * failed or deleted, its account not scheduled for deletion), so a form or button left open on a page
   * loaded before the account was locked stores nothing.
   */
  async function shownVideo(videoId: string) {
    const video = await videos.findById(videoId);
    return video && (await videos.stillShown([video.id])).has(video.id) ? video : undefined;
  }

  async function formOf(videoId: string): Promise<InquiryForm> {
    return { ...DEFAULT_FORM, ...(await forms.savedForm(videoId)) };
  }

  /** Detailed data is a paid plan's: on Free the server masks the answers, pages and referrers. */
  async function masked(accountId: string) {
    return (await entitlements.of(accountId)).leadDetailsMasked;
  }

  /** The filtered leads as CSV or Excel: where and when, then one column per field. */
  async function leadsFile(accountId: string, filter: LeadFilter & { format: LeadExportFormat }): Promise<ExportFile> {
    const account = await accounts.load(accountId);
    const rows = await repo.exportRows(accountId, filter, 50_000);
    const columns = new Map<string, string>();
    for (const row of rows)
      for (const field of row.fields) if (!columns.has(field.id)) columns.set(field.id, field.label);
    const header = [...LEAD_EXPORT_COLUMNS[account.language], ...columns.values()];
    const lines = rows.map((row) => [
      row.created_at,
      row.video_name,
      row.second,
      row.page_url,
      row.referrer,
      row.language,
      ...[...columns.keys()].map((id) => row.answers[id] ?? ''),
    ]);
    return exportFile([header, ...lines], filter.format);
  }

  return {
    /** A lead as stored, whoever owns it: what the lead.created webhook carries. */
    findStored: (leadId: string) => repo.findStored(leadId),

    formOf,

    async list(accountId: string, query: LeadFilter & { page: number; pageSize: number }) {
      await entitlements.assertFeature(accountId, 'submissions');
      const hide = await masked(accountId);
      const { rows, total, unread } = await repo.page(accountId, query, query.page, query.pageSize);
      return {
        list: rows.map((row) => toLead(row, hide)),
        total,
        unread,
        masked: hide,
      };
    },

    /** A page of the filtered leads, newest first, after the cursor a page before gave (the public API). */
    async listAfter(accountId: string, query: LeadFilter & { cursor?: string; limit: number }) {
      await entitlements.assertFeature(accountId, 'submissions');
      const hide = await masked(accountId);
      const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
      const { rows, nextCursor } = await repo.keysetPage(accountId, query, after, query.limit);
      return { data: rows.map((row) => toLead(row, hide)), nextCursor };
    },

    async markRead(accountId: string, leadIds: string[], read: boolean) {
      await entitlements.assertFeature(accountId, 'submissions');
      await repo.markRead(accountId, leadIds, read);
    },

    async remove(accountId: string, leadIds: string[]) {
      await entitlements.assertFeature(accountId, 'submissions');
      await repo.remove(accountId, leadIds);
    },

    /**
     * The filtered leads as CSV or Excel: where and when, then one column per field, labelled as on the
     * newest lead that has it. A paid plan's, like the details.
     */
    async exportLeads(accountId: string, filter: LeadFilter & { format: LeadExportFormat }): Promise<ExportFile> {
      await entitlements.assertFeature(accountId, 'submissions');
      if (await masked(accountId)) throw forbidden('lead_details_paid');
      return leadsFile(accountId, filter);
    },

    /**
     * Every lead as CSV, for the account's export before its lapsed plan clears its data:
     * no gate, since it is the holder's own data they are about to lose.
     */
    archive: (accountId: string) => leadsFile(accountId, { format: 'csv' }),

    /**
     * One lead (the notification mail links to it) with the same viewer's contact clicks around it: those
     * before and after, nearest first on each side, then oldest first. Another account's lead is not found.
     */
    async detail(accountId: string, leadId: string) {
      await entitlements.assertFeature(accountId, 'submissions');
      const row = await repo.find(accountId, leadId);
      if (!row) throw notFound('lead_not_found', 'leadId');
      const hide = await masked(accountId);
      const viewer = row.viewer_id;
      const side = async (before: boolean) =>
        viewer === null ? [] : repo.viewerClicks(accountId, viewer, row.created_at, before, TIMELINE_SIDE_MAX);
      const [before, after] = await Promise.all([side(true), side(false)]);
      return {
        lead: toLead(row, hide),
        clicks: [...before.reverse(), ...after].map((click) => toClick(click, hide)),
        masked: hide,
      };
    },

    /** The account's contact clicks, newest first, each with the lead its viewer left, if any. */
    async listClicks(accountId: string, query: ClickListQuery) {
      await entitlements.assertFeature(accountId, 'submissions');
      const hide = await masked(accountId);
      const { rows, total } = await repo.clickPage(accountId, query);
      return { list: rows.map((row) => toClick(row, hide)), total, masked: hide };
    },

    async getForm(accountId: string, videoId: string): Promise<InquiryForm> {
      await ownVideo(accountId, videoId, 'getData');
      return formOf(videoId);
    },

    async saveForm(accountId: string, videoId: string, form: InquiryForm): Promise<InquiryForm> {
      await ownVideo(accountId, videoId, 'videoSettings');
      await forms.saveForm(videoId, form);
      return form;
    },

    /** Appends one field (the console contract "add-field"); a field already on the form is a conflict. */
    async addField(accountId: string, videoId: string, field: FormField): Promise<InquiryForm> {
      await ownVideo(accountId, videoId, 'videoSettings');
      const form = await formOf(videoId);
      if (form.fields.some((existing) => existing.id === field.id)) throw conflict('form_field_duplicate');
      if (form.fields.length >= 20) throw badRequest('form_fields_too_many', 'field');
      const next = { ...form, fields: [...form.fields, field] };
      await forms.saveForm(videoId, next);
      return next;
    },

    /**
     * A viewer's click on a player button, from any page: recorded against the video's account when the
     * video is one a viewer can see; anything else is the same 404.
     */
    async recordClick(click: {
      videoId: string;
      kind: (typeof CLICK_KINDS)[number];
      second: number;
      page: string;
      referrer: string;
      viewerId?: string | undefined;
      sessionId?: string | undefined;
    }) {
      const video = await shownVideo(click.videoId);
      if (!video) throw notFound('video_invalid');
      await events.transaction(async (trx, publish) => {
        const stored = await repo.insertClick(
          {
            video_id: video.id,
            account_id: video.account_id,
            kind: click.kind,
            second: click.second,
            page_url: click.page,
            referrer: click.referrer,
            viewer_id: click.viewerId ?? null,
          },
          trx,
        );
        publish('contact.clicked', {
          clickId: stored.id,
          videoId: video.id,
          kind: click.kind,
          second: click.second,
          pageUrl: click.page,
          referrer: click.referrer,
          viewerId: click.viewerId ?? null,
          sessionId: click.sessionId ?? null,
          at: Math.floor(stored.created_at.getTime() / 1000),
        });
      });
    },

    /**
     * A viewer's submission, refused without a passed challenge when the installation asks for one. A filled honeypot or a form sent faster than a person can is answered like a
     * success (the script learns nothing) and kept nowhere. Anything else is checked against the form.
     */
    async submit(input: SubmitLead, remoteIp: string): Promise<{ leadId: string | null }> {
      const video = await shownVideo(input.videoId);
      if (!video) throw notFound('form_not_found', 'videoId');
      const form = await formOf(video.id);
      if (!form.enabled) throw notFound('form_not_found', 'videoId');
      await captcha?.(input.captcha, remoteIp);
      if (input.website !== '' || input.elapsedMs < MIN_FILL_MS) return { leadId: null };
      const checked = checkAnswers(form.fields, input.answers);
      if (!checked.ok) {
        // The player marks every problem before sending; a request that still has some is answered with the first.
        const [field, problem] = Object.entries(checked.problems)[0] as [string, AnswerProblem];
        throw badRequest(problem, `answers.${field}`);
      }
      const fields: LeadField[] = form.fields.map(({ id, kind, label }) => ({ id, kind, label }));
      return store(video, input, fields, checked.answers);
    },

    /**
     * A site's email gate (docs/product.md "Sites"): the viewer's email, asked before a video of a site
     * whose gate is on, kept as a lead of that video with the one field. The site is the caller's to check;
     * the same challenge, honeypot and speed rules as an inquiry apply.
     */
    async submitGate(
      input: Omit<SubmitLead, 'answers' | 'second'> & { email: string },
      remoteIp: string,
    ): Promise<{ leadId: string | null }> {
      const video = await shownVideo(input.videoId);
      if (!video) throw notFound('not_found', 'videoId');
      await captcha?.(input.captcha, remoteIp);
      if (input.website !== '' || input.elapsedMs < MIN_FILL_MS) return { leadId: null };
      const fields: LeadField[] = [{ id: 'email', kind: 'email', label: 'Email' }];
      return store(video, { ...input, second: 0 }, fields, { email: input.email });
    },
  };

  /** Keeps a checked lead and announces it, in one transaction; the site it came from is named from its page. */
  async function store(
    video: { id: string; account_id: string; name: string },
    input: Pick<SubmitLead, 'second' | 'page' | 'referrer' | 'language' | 'viewerId' | 'sessionId'>,
    fields: LeadField[],
    answers: Record<string, string>,
  ): Promise<{ leadId: string | null }> {
    const site = (await deps.siteOfPage?.(video.account_id, input.page)) ?? null;
    const lead = await events.transaction(async (trx, publish) => {
      const row = await repo.insert(
        {
          account_id: video.account_id,
          video_id: video.id,
          video_name: video.name,
          fields: JSON.stringify(fields) as never,
          answers: JSON.stringify(answers) as never,
          second: input.second,
          page_url: input.page,
          referrer: input.referrer,
          language: input.language.replace(/[^A-Za-z0-9-]/g, '').slice(0, 35),
          viewer_id: input.viewerId ?? null,
          site_id: site?.id ?? null,
          site_name: site?.name ?? null,
        },
        trx,
      );
      publish('lead.created', {
        leadId: row.id,
        videoId: video.id,
        sessionId: input.sessionId ?? null,
        viewerId: input.viewerId ?? null,
        pageUrl: input.page,
        referrer: input.referrer,
        at: row.created_at.getTime(),
      });
      return row;
    });
    return { leadId: lead.id };
  }
}
export type LeadService = ReturnType<typeof createLeadService>;
