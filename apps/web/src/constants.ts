/** Business constants of the console contract, declared once. */
export const TOAST_DURATION_MS = 3000;
export const TOAST_TOP_OFFSET = 60;
export const NOTIFICATION_DURATION_MS = 4500;
export const DIALOG_WIDTH = 680;
export const CONFIRM_DIALOG_WIDTH = 360;
export const COPIED_RESET_MS = 1500;
export const API_TIMEOUT_MS = 60_000;
export const GUIDE_STEPS = ['start-guide', 'whatsapp', 'inquiry-form'] as const;
export const BANDWIDTH_NOTICE_SUPPRESS_MS = 24 * 3600_000;
export const EXPIRY_WARNING_DAYS = 15;
