import { z } from 'zod';
import { textField } from '../text.ts';
import { ANSWER_LONG_MAX } from './answers.ts';
import { pageFields } from './common.ts';
import { hexColorField, httpUrlField } from './overlays.ts';
import { CLICK_KINDS, MAX_VIDEO_SECONDS, viewerIdField } from './player.ts';
import { videoIdField } from './videos.ts';

export * from './answers.ts';

// ---- The inquiry form (the console contract /video-setting/{videoId}/inquiry-form; "vod form: config, save, add-field") ----

/** The standard fields, each with the check its kind implies, and the custom kinds. */
export const STANDARD_FIELDS = ['name', 'email', 'phone', 'company', 'country', 'message'] as const;
export const CUSTOM_FIELDS = ['text', 'textarea', 'choice', 'multi', 'checkbox'] as const;
export const FIELD_KINDS = [...STANDARD_FIELDS, ...CUSTOM_FIELDS] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];
export const FORM_MOMENTS = ['before', 'at', 'pause', 'end'] as const;
export type FormMoment = (typeof FORM_MOMENTS)[number];

export const FORM_FIELDS_MAX = 20;
export const FIELD_LABEL_MAX = 60;
export const FIELD_PLACEHOLDER_MAX = 100;
export const FIELD_OPTIONS_MAX = 20;
export const FIELD_OPTION_MAX = 60;
export const FORM_TITLE_MAX = 100;
export const FORM_DESCRIPTION_MAX = 500;
export const FORM_SUBMIT_MAX = 30;
export const FORM_THANKS_MAX = 500;

/** Field ids name answers in storage and exports: the standard kinds by their kind, custom ones f1, f2... */
const FIELD_ID = /^(name|email|phone|company|country|message|f[1-9]\d{0,2})$/;

export const formFieldSchema = z
  .strictObject({
    id: textField().regex(FIELD_ID, 'illegal_input'),
    kind: z.enum(FIELD_KINDS, { error: 'illegal_input' }),
    label: textField().trim().min(1, 'form_field_label_required').max(FIELD_LABEL_MAX, 'form_field_label_too_long'),
    placeholder: textField().trim().max(FIELD_PLACEHOLDER_MAX, 'form_placeholder_too_long'),
    required: z.boolean({ error: 'illegal_input' }),
    /** The choices of a single or multiple choice. */
    options: z
      .array(textField().trim().min(1, 'form_option_empty').max(FIELD_OPTION_MAX, 'form_option_too_long'), {
        error: 'illegal_input',
      })
      .max(FIELD_OPTIONS_MAX, 'form_options_too_many'),
  })
  .superRefine((field, context) => {
    const standard = (STANDARD_FIELDS as readonly string[]).includes(field.kind);
    if (standard ? field.id !== field.kind : !/^f\d/.test(field.id)) {
      context.addIssue({ code: 'custom', message: 'illegal_input', path: ['id'] });
    }
    if ((field.kind === 'choice' || field.kind === 'multi') && field.options.length < 2) {
      context.addIssue({ code: 'custom', message: 'form_options_required', path: ['options'] });
    }
  });
export type FormField = z.infer<typeof formFieldSchema>;

export const inquiryFormSchema = z
  .strictObject({
    enabled: z.boolean({ error: 'illegal_input' }),
    title: textField().trim().max(FORM_TITLE_MAX, 'form_title_too_long'),
    description: textField().trim().max(FORM_DESCRIPTION_MAX, 'form_description_too_long'),
    fields: z
      .array(formFieldSchema, { error: 'illegal_input' })
      .min(1, 'form_fields_required')
      .max(FORM_FIELDS_MAX, 'form_fields_too_many'),
    submitText: textField().trim().max(FORM_SUBMIT_MAX, 'form_submit_too_long'),
    submitColor: hexColorField,
    /** After a submission: a message in the player, or another page (http or https). */
    thanksMessage: textField().trim().max(FORM_THANKS_MAX, 'form_thanks_too_long'),
    redirectUrl: httpUrlField,
    moment: z.enum(FORM_MOMENTS, { error: 'illegal_input' }),
    /** With moment "at": the second it shows. */
    second: z
      .number({ error: 'illegal_input' })
      .int('illegal_input')
      .min(0, 'illegal_input')
      .max(MAX_VIDEO_SECONDS, 'illegal_input'),
    /** Whether the viewer may close it and watch on without submitting. */
    skippable: z.boolean({ error: 'illegal_input' }),
    /** A viewer who submitted any form of the account is not asked again. */
    oncePerViewer: z.boolean({ error: 'illegal_input' }),
  })
  .superRefine((form, context) => {
    const ids = form.fields.map((field) => field.id);
    if (new Set(ids).size !== ids.length)
      context.addIssue({ code: 'custom', message: 'form_field_duplicate', path: ['fields'] });
    if (form.enabled && !form.fields.some((field) => field.kind === 'email' || field.kind === 'phone')) {
      context.addIssue({ code: 'custom', message: 'form_contact_required', path: ['fields'] });
    }
  });
export type InquiryForm = z.infer<typeof inquiryFormSchema>;

export const DEFAULT_FORM: InquiryForm = {
  enabled: false,
  title: '',
  description: '',
  fields: [
    { id: 'name', kind: 'name', label: 'Name', placeholder: '', required: true, options: [] },
    { id: 'email', kind: 'email', label: 'Email', placeholder: '', required: true, options: [] },
    { id: 'message', kind: 'message', label: 'Message', placeholder: '', required: false, options: [] },
  ],
  submitText: '',
  submitColor: '#0958d9',
  thanksMessage: '',
  redirectUrl: '',
  moment: 'end',
  second: 0,
  skippable: true,
  oncePerViewer: true,
};

export const formConfigQuery = z.strictObject({ videoId: videoIdField });
export const saveFormBody = z.strictObject({ videoId: videoIdField, form: inquiryFormSchema });
export const addFieldBody = z.strictObject({ videoId: videoIdField, field: formFieldSchema });

// ---- A viewer's submission (public: the player posts it) ----

/** A field as a lead keeps it: enough to label its answer in the table, the mail and exports. */
export type LeadField = { id: string; kind: FieldKind; label: string };

export const submitLeadBody = z.strictObject({
  videoId: videoIdField,
  answers: z.record(
    textField().max(8),
    z.union(
      [
        textField().max(ANSWER_LONG_MAX + 1),
        z.array(textField().max(FIELD_OPTION_MAX + 1)).max(FIELD_OPTIONS_MAX),
        z.boolean(),
      ],
      { error: 'illegal_input' },
    ),
    { error: 'illegal_input' },
  ),
  second: z.number({ error: 'illegal_input' }).min(0, 'illegal_input').max(MAX_VIDEO_SECONDS, 'illegal_input'),
  page: textField().max(2000, 'illegal_input'),
  referrer: textField().max(2000, 'illegal_input'),
  language: textField().max(35, 'illegal_input'),
  /** How long the form was on screen before it was sent; people take seconds, scripts do not. */
  elapsedMs: z.number({ error: 'illegal_input' }).int('illegal_input').min(0, 'illegal_input'),
  /** A field people never see (hidden by the page): anything in it was typed by a script. */
  website: textField().max(500, 'illegal_input'),
  /** The player's anonymous viewer id: links the viewer's contact clicks to this lead. */
  viewerId: viewerIdField,
  /** The player's viewing (its analytics session): the lead counts in it. Dropped when malformed. */
  sessionId: viewerIdField,
  /** The challenge widget's token (Turnstile or hCaptcha), when the installation asks for one. */
  captcha: textField().max(4096, 'illegal_input').optional(),
});
export type SubmitLead = z.infer<typeof submitLeadBody>;

/** What the inquiry-form screen reads (a plain shape: the answer is checked, not transformed again). */
export const inquiryFormData = z.object({
  enabled: z.boolean(),
  title: z.string(),
  description: z.string(),
  fields: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(FIELD_KINDS),
      label: z.string(),
      placeholder: z.string(),
      required: z.boolean(),
      options: z.array(z.string()),
    }),
  ),
  submitText: z.string(),
  submitColor: z.string(),
  thanksMessage: z.string(),
  redirectUrl: z.string(),
  moment: z.enum(FORM_MOMENTS),
  second: z.number(),
  skippable: z.boolean(),
  oncePerViewer: z.boolean(),
});
export const submitLeadData = z.object({ received: z.literal(true) });

// ---- Seeing leads (spec: form-submit-data page, video submissions dialog; "user-form-list: list, export") ----

/** A day, YYYY-MM-DD (UTC). */
export const dayField = textField()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'illegal_input')
  // The round trip refuses days a month does not have (2026-02-30), which Date.parse rolls over.
  .refine((day) => {
    const time = Date.parse(`${day}T00:00:00Z`);
    return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === day;
  }, 'illegal_input');

export const leadFilterQuery = z.strictObject({
  videoId: videoIdField.optional(),
  /** Days (UTC) from and to, both included. */
  from: dayField.optional(),
  to: dayField.optional(),
  /** Text searched in every answer. */
  q: textField().trim().max(100, 'illegal_input').optional(),
  unread: z.enum(['1', '0'], { error: 'illegal_input' }).optional(),
});
export const leadListQuery = leadFilterQuery.extend(pageFields());
/** Export files: CSV (UTF-8 with a byte-order mark) and Excel (.xlsx, every cell text). */
export const LEAD_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type LeadExportFormat = (typeof LEAD_EXPORT_FORMATS)[number];
export const leadExportQuery = leadFilterQuery.extend({
  format: z.enum(LEAD_EXPORT_FORMATS, { error: 'illegal_input' }).default('csv'),
});
export type LeadFilter = z.output<typeof leadFilterQuery>;

export const leadData = z.object({
  leadId: z.string(),
  videoId: z.string().nullable(),
  videoName: z.string(),
  /** Seconds since the epoch. */
  createdAt: z.number(),
  read: z.boolean(),
  second: z.number(),
  pageUrl: z.string(),
  referrer: z.string(),
  language: z.string(),
  /** The name of the site whose page it was sent from, as it was then; null for a page of no site. */
  siteName: z.string().nullable(),
  fields: z.array(z.object({ id: z.string(), kind: z.enum(FIELD_KINDS), label: z.string() })),
  answers: z.record(z.string(), z.string()),
});
export type Lead = z.infer<typeof leadData>;
export const leadListData = z.object({
  list: z.array(leadData),
  total: z.number().int(),
  unread: z.number().int(),
  /** Free plan: the count and dates show; answers, pages and referrers are masked by the server. */
  masked: z.boolean(),
});
export const leadIdsBody = z.strictObject({
  leadIds: z.array(videoIdField, { error: 'illegal_input' }).min(1, 'illegal_input').max(500, 'illegal_input'),
});
export const markLeadsBody = leadIdsBody.extend({ read: z.boolean({ error: 'illegal_input' }) });

// ---- One lead and its timeline; the account's contact clicks (what the contact buttons were clicked for) ----

export const leadDetailQuery = z.strictObject({ leadId: z.uuid({ error: 'illegal_input' }) });

/** A click on a player button (WhatsApp, call, mail, widget, call to action). Masked like leads on Free. */
export const contactClickData = z.object({
  clickId: z.string(),
  /** Clicks go with their video, so the video is always there. */
  videoId: z.string(),
  videoName: z.string(),
  kind: z.enum(CLICK_KINDS),
  second: z.number(),
  pageUrl: z.string(),
  referrer: z.string(),
  /** Seconds since the epoch. */
  createdAt: z.number(),
  /** The newest lead the same viewer left, when the player linked them. */
  leadId: z.string().nullable(),
});
export type ContactClick = z.infer<typeof contactClickData>;

/** A lead and, when the player linked them, the same viewer's clicks around it, oldest first. */
export const leadDetailData = z.object({
  lead: leadData,
  clicks: z.array(contactClickData),
  masked: z.boolean(),
});

export const clickListQuery = z.strictObject({
  videoId: videoIdField.optional(),
  from: dayField.optional(),
  to: dayField.optional(),
  kind: z.enum(CLICK_KINDS, { error: 'illegal_input' }).optional(),
  ...pageFields(),
});
export type ClickListQuery = z.output<typeof clickListQuery>;
export const clickListData = z.object({
  list: z.array(contactClickData),
  total: z.number().int(),
  /** Free plan: pages and referrers are masked, as for leads. */
  masked: z.boolean(),
});
