import {
  checkAnswers,
  DEFAULT_FORM,
  type FormField,
  type InquiryForm,
  type LeadField,
  type SubmitLead,
} from '@leadreel/shared';
import type { Db } from '../../db/database.ts';
import { AppError, badRequest, conflict } from '../../errors.ts';
import type { AccountService } from '../account/account.service.ts';
import type { VideoRepo, VideoRow } from '../videos/videos.repo.ts';

/** People take seconds to fill a form; a submission faster than this came from a script. */
export const MIN_FILL_MS = 2500;

/**
 * Leads (issue 6): each video's inquiry form (spec §7 "vod form: config, save, add-field") and the
 * submissions viewers leave through it. The form is written by the owner before the Frozen period; a
 * submission comes from anyone watching a playable video whose form is on, is held to that form's fields,
 * and is stored as text.
 */
export function createLeadService(deps: {
  db: Db;
  videos: VideoRepo;
  accounts: AccountService;
  /** Tells the account of a new lead (mail now; webhooks later): queued, so a submission never waits on SMTP. */
  notify: (leadId: string) => Promise<void>;
}) {
  const { db, videos, accounts, notify } = deps;

  async function ownVideo(accountId: string, videoId: string, feature: 'getData' | 'videoSettings'): Promise<VideoRow> {
    await accounts.assertFeatureAllowed(accountId, feature);
    const video = await videos.findById(videoId);
    if (!video || video.account_id !== accountId) throw new AppError(404, 'video_invalid', { field: 'videoId' });
    return video;
  }

  async function formOf(videoId: string): Promise<InquiryForm> {
    const row = await db.selectFrom('video_setting').select('form').where('video_id', '=', videoId).executeTakeFirst();
    return { ...DEFAULT_FORM, ...row?.form };
  }

  async function saveForm(videoId: string, form: InquiryForm) {
    await db
      .insertInto('video_setting')
      .values({ video_id: videoId, form: JSON.stringify(form) as never })
      .onConflict((oc) =>
        oc.column('video_id').doUpdateSet({ form: JSON.stringify(form) as never, updated_at: new Date() }),
      )
      .execute();
  }

  return {
    formOf,

    async getForm(accountId: string, videoId: string): Promise<InquiryForm> {
      await ownVideo(accountId, videoId, 'getData');
      return formOf(videoId);
    },

    async saveForm(accountId: string, videoId: string, form: InquiryForm): Promise<InquiryForm> {
      await ownVideo(accountId, videoId, 'videoSettings');
      await saveForm(videoId, form);
      return form;
    },

    /** Appends one field (spec §7 "add-field"); a field already on the form is a conflict. */
    async addField(accountId: string, videoId: string, field: FormField): Promise<InquiryForm> {
      await ownVideo(accountId, videoId, 'videoSettings');
      const form = await formOf(videoId);
      if (form.fields.some((existing) => existing.id === field.id)) throw conflict('form_field_duplicate');
      if (form.fields.length >= 20) throw badRequest('form_fields_too_many', 'field');
      const next = { ...form, fields: [...form.fields, field] };
      await saveForm(videoId, next);
      return next;
    },

    /**
     * A viewer's submission. A filled honeypot or a form sent faster than a person can is answered like a
     * success (the script learns nothing) and kept nowhere. Anything else is checked against the form.
     */
    async submit(input: SubmitLead): Promise<{ leadId: string | null }> {
      const video = await videos.findById(input.videoId);
      if (!video?.playable || !['processing', 'ready'].includes(video.status)) {
        throw new AppError(404, 'form_not_found', { field: 'videoId' });
      }
      const form = await formOf(video.id);
      if (!form.enabled) throw new AppError(404, 'form_not_found', { field: 'videoId' });
      if (input.website !== '' || input.elapsedMs < MIN_FILL_MS) return { leadId: null };
      const checked = checkAnswers(form.fields, input.answers);
      if (!checked.ok) throw badRequest(checked.error, `answers.${checked.field}`);
      const fields: LeadField[] = form.fields.map(({ id, kind, label }) => ({ id, kind, label }));
      const lead = await db
        .insertInto('lead')
        .values({
          account_id: video.account_id,
          video_id: video.id,
          video_name: video.name,
          fields: JSON.stringify(fields) as never,
          answers: JSON.stringify(checked.answers) as never,
          second: input.second,
          page_url: input.page,
          referrer: input.referrer,
          language: input.language.replace(/[^A-Za-z0-9-]/g, '').slice(0, 35),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await notify(lead.id);
      return { leadId: lead.id };
    },
  };
}
export type LeadService = ReturnType<typeof createLeadService>;
