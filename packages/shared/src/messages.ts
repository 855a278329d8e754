/**
 * Message keys for every validation and error message the API can answer with, and their English text.
 * The server puts the key in `error` and the English text in `message`; the console translates the key
 * (`errors.<key>` in its locale files). Texts in quotes are the spec's own words (console-spec §5, §8).
 */
export const MESSAGES = {
  // spec §5: "please enter your email address"
  email_required: 'please enter your email address',
  // spec §5: "please enter the correct email address"
  email_invalid: 'please enter the correct email address',
  email_too_long: 'the email address cannot exceed 254 characters',
  password_required: 'please enter your password',
  password_too_short: 'the password must be at least 8 characters',
  password_too_long: 'the password cannot exceed 128 characters',
  // spec §5: the new password cannot be empty or all whitespace
  password_blank: 'the new password cannot be empty',
  // spec §5: "the passwords entered do not match"
  password_mismatch: 'the passwords entered do not match',
  // spec §5: "please complete the verification code"
  code_incomplete: 'please complete the verification code',
  scene_invalid: 'unknown verification scene',
  ref_invalid: 'the referral link is not valid',
  token_required: 'a token is required',
  id_token_required: 'a Google ID token is required',
  language_invalid: 'unknown language',
  // spec §5: "please enter folder name", "folder name cannot exceed 50 characters"
  folder_name_required: 'please enter folder name',
  folder_name_too_long: 'folder name cannot exceed 50 characters',
  // spec §5: generic text prompts fall back to "Illegal input"
  illegal_input: 'Illegal input',
  unknown_field: 'unknown field',
  invalid_body: 'invalid JSON structure',
  unsupported_media_type: 'send the request body as JSON (Content-Type: application/json)',
  path_forbidden: 'this path is not allowed',

  // spec §8: "the account or password is incorrect"
  login_incorrect: 'the account or password is incorrect',
  login_locked:
    'too many failed sign-ins to this account from unrecognised devices; try again later, sign in from a device you used before, or reset your password',
  code_incorrect: 'the verification code is incorrect',
  code_expired: 'the verification code has expired, please request a new one',
  code_resend_too_soon: 'please wait before requesting another code',
  email_registered: 'this email address is already registered',
  email_send_failed: 'the email could not be sent, please try again later',
  old_password_incorrect: 'the current password is incorrect',
  password_already_set: 'this account already has a password',
  password_not_set: 'this account has no password yet, set one first',
  google_token_invalid: 'the Google sign-in could not be verified',
  referrer_self: 'you cannot refer yourself',
  referrer_already_bound: 'a referrer is already bound to this account',
  referrer_is_referrer: 'referrers cannot be referred',
  referrer_not_found: 'the referrer does not exist',
  referrer_loop: 'this account was referred by you, directly or through others',

  // Videos, folders and uploads (issue 4)
  folder_invalid: 'the folder does not exist',
  folder_default: 'the default folder cannot be deleted',
  video_invalid: 'the video does not exist',
  // spec §5: common.uploader.mimeMsg, "Unsupported file type"
  upload_type: 'Unsupported file type',
  // spec §5: no empty files
  upload_empty: 'the file is empty',
  // spec §5: common.uploader.limitMsg
  upload_too_large: 'the file is larger than the upload limit',
  // spec §8: "insufficient remaining space"
  storage_limit: 'insufficient remaining space',
  upload_state: 'the upload is not in a state that allows this',
  upload_incomplete: 'some parts of the file have not been uploaded yet',
  upload_size_mismatch: 'the uploaded bytes do not match the size of the file',
  upload_credential_invalid: 'the upload credential is not valid',
  upload_credential_expired: 'the upload credential has expired',
  video_processing: 'the video is still being processed',
  upload_url_expired: 'the upload link has expired, please retry',
  upload_url_invalid: 'the upload link is not valid',
  // Why a video failed (VIDEO_FAIL_CODES, issue 13 §11); {{types}} is VIDEO_TYPES_TEXT
  media_not_video: 'the file is not a video that can be read (supported: {{types}})',
  media_no_video: 'the file has no video picture',
  media_too_large: 'the picture is larger than 8K (8192 pixels on a side)',
  media_too_long: 'the video is longer than 4 hours',
  media_damaged: 'the file is damaged or incomplete',
  media_failed: 'the video could not be processed, please retry',
  video_not_retryable: 'retrying cannot fix this video: the file itself is not a video that can be processed',
  // Video settings (issue 5)
  seo_title_too_long: 'the title cannot exceed 100 characters',
  seo_description_too_long: 'the description cannot exceed 5000 characters',
  seo_keyword_too_long: 'a keyword cannot exceed 50 characters',
  seo_keywords_too_many: 'at most 20 keywords',
  slug_invalid: 'the link name takes 3 to 80 lower-case letters, digits and single hyphens',
  slug_taken: 'this link name is already in use',
  phone_invalid: 'enter the number in international form, such as +44 20 7946 0958',
  contact_label_too_long: 'the button text cannot exceed 30 characters',
  whatsapp_message_too_long: 'the message cannot exceed 500 characters',
  email_subject_too_long: 'the subject cannot exceed 200 characters',
  contact_times: 'the button must hide after it shows',
  embed_domain_invalid: 'enter a website such as example.com or *.example.com',
  embed_domains_too_many: 'at most 50 websites',
  url_invalid: 'enter a link that starts with http:// or https://',
  color_invalid: 'enter a colour such as #1677ff',
  logo_invalid: 'upload the logo again',
  logo_file_invalid: 'the logo must be a JPG or PNG image',
  logo_too_large: 'the logo cannot exceed 2 MB',
  link_name_not_allowed: 'Custom link names are part of the paid plans.',
  cover_file_invalid: 'the cover must be a JPG or PNG image',
  cover_too_large: 'the cover cannot exceed 2 MB',
  branding_not_allowed: 'Branding is part of the paid plans. Upgrade to use your own logo and colours.',
  action_text_required: 'enter the text of the call to action',
  action_text_too_long: 'the text cannot exceed 60 characters',
  widget_title_too_long: 'the title cannot exceed 40 characters',
  widget_message_too_long: 'the message cannot exceed 200 characters',
  widget_channels_required: 'choose at least one way to contact you',
  widget_channel_unset: 'fill in the number or address of each chosen channel in its own settings first',
  clone_targets_required: 'choose at least one video to copy to',
  clone_targets_too_many: 'at most 100 videos at a time',
  clone_parts_required: 'choose at least one setting to copy',
  subtitle_lang_invalid: 'choose a language',
  subtitle_label_required: 'enter a name for the subtitles',
  subtitle_label_too_long: 'the name cannot exceed 40 characters',
  subtitle_file_invalid: 'the file is not SRT or WebVTT',
  subtitle_file_too_large: 'the subtitle file cannot exceed 2 MB',
  subtitle_empty: 'the subtitles have no lines',
  subtitle_too_many_cues: 'at most 5000 lines of subtitles',
  subtitle_cue_empty: 'a line of subtitles cannot be empty',
  subtitle_cue_too_long: 'a line of subtitles cannot exceed 500 characters',
  subtitle_cue_times: 'a line must end after it starts',
  subtitle_lang_taken: 'this video already has subtitles in that language',
  subtitle_tracks_too_many: 'at most 20 subtitle languages per video',
  subtitle_not_found: 'these subtitles no longer exist',
  form_field_label_required: 'every field needs a label',
  form_field_label_too_long: 'a label cannot exceed 60 characters',
  form_placeholder_too_long: 'a placeholder cannot exceed 100 characters',
  form_option_empty: 'a choice cannot be empty',
  form_option_too_long: 'a choice cannot exceed 60 characters',
  form_options_too_many: 'at most 20 choices',
  form_options_required: 'a choice field needs at least two choices',
  form_title_too_long: 'the title cannot exceed 100 characters',
  form_description_too_long: 'the description cannot exceed 500 characters',
  form_fields_required: 'the form needs at least one field',
  form_fields_too_many: 'at most 20 fields',
  form_submit_too_long: 'the button text cannot exceed 30 characters',
  form_thanks_too_long: 'the thank-you message cannot exceed 500 characters',
  form_field_duplicate: 'each field can appear only once',
  form_contact_required: 'the form needs an email or phone field to reach the viewer',
  form_required: 'this field is required',
  form_answer_too_long: 'the answer is too long',
  form_choice_invalid: 'choose one of the options',
  form_not_found: 'this form is not available',
  lead_not_found: 'this submission no longer exists',
  lead_details_paid: 'Lead details and exports are part of the paid plans.',
  notice_email_same: 'lead notifications already go to this address',
  // Webhooks (issue 6 part 5)
  webhook_url_invalid: 'enter the address of your endpoint, starting with https:// or http://',
  webhook_url_too_long: 'the address cannot exceed 2048 characters',
  webhook_url_credentials: 'the address cannot contain a user name or password',
  webhook_url_blocked: 'this address is on a private or local network, which webhooks cannot reach',
  webhook_events_required: 'choose at least one event',
  webhook_event_invalid: 'unknown event',
  webhooks_too_many: 'at most 10 webhook endpoints',
  webhook_not_found: 'this webhook endpoint no longer exists',
  webhooks_not_allowed: 'Webhooks are part of the paid plans.',
  webhook_delivery_not_found: 'this delivery is no longer in the log',
  // spec §8: "Video playback unavailable."
  bandwidth_limit: 'Video playback unavailable. Elevate your subscription plan for more bandwidth.',

  unauthorized: 'please sign in again',
  forbidden: 'you are not allowed to do this',
  // spec §5: "Your plan has expired. Renew now to create more content."
  plan_period: 'Your plan has expired. Renew now to create more content.',
  // spec §8: "Cannot purchase the current package"
  package_current: 'Cannot purchase the current package',
  package_free: 'The Free plan is not for sale',
  currency_invalid: 'this currency is not offered',
  billing_plan_invalid: 'billing is monthly or yearly',
  credits_insufficient: 'Not enough credits. Buy credits to continue.',
  product_invalid: 'this product is not for sale',
  payment_method_invalid: 'choose credit card, WeChat Pay or Alipay',
  payment_method_unavailable: 'this payment method is not available',
  order_not_found: 'this order does not exist',
  order_not_refundable: 'only a paid order can be refunded',
  // spec §8: "Payment failed, payment canceled."
  payment_failed: 'Payment failed',
  payment_canceled: 'Payment canceled',
  not_found: 'not found',
  rate_limited: 'too many requests, please try again later',
  payload_too_large: 'the request is too large',
  internal_error: 'Unknown error',
  // 503 with Retry-After while the database is down or restarting (issue 13 §16)
  service_unavailable: 'the service is briefly unavailable, please try again in a moment',
} as const;

export type MessageKey = keyof typeof MESSAGES;

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(MESSAGES, value);
}
