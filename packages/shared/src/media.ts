/**
 * Width in CSS pixels of the animated preview in the email embed, and the width the pipeline encodes it at:
 * one number, so the snippet's `<img width>` and the GIF agree and no mail client rescales it. 1x rather than
 * 2x: a 3 s GIF at twice this size is several megabytes, past the 1 MB email guides keep animated GIFs under,
 * and mail clients that do not animate (Outlook for Windows) show only its first frame anyway.
 * Decision record: docs/decisions/0008-email-preview-size.md.
 */
export const EMAIL_PREVIEW_WIDTH = 480;
