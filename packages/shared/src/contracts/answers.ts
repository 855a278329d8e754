import type { FieldKind } from './forms.ts';

// A viewer's answers held to their inquiry form: one definition, run by the server on every
// submission and by the player before anything is sent. No zod here: the player's bundle imports this file.

/** What a viewer may type into one answer: short fields, and the message / long text. */
export const ANSWER_SHORT_MAX = 200;
export const ANSWER_LONG_MAX = 5000;

/** What the check needs of a field (the form's own fields carry more: label, placeholder). */
export type AnswerRule = { id: string; kind: FieldKind; required: boolean; options: string[] };
/** The answers as the player sends them: text, a list for multiple choice, true/false for a checkbox. */
export type RawAnswers = Record<string, string | string[] | boolean>;
/** Each is a message key (messages.ts) the console and the player translate. */
export type AnswerProblem =
  | 'form_required'
  | 'email_invalid'
  | 'phone_invalid'
  | 'form_answer_too_long'
  | 'form_choice_invalid';
export type AnswerCheck =
  | { ok: true; answers: Record<string, string> }
  | { ok: false; problems: Record<string, AnswerProblem> };

/** Characters that end or start a mail header line, or hide text: never in a one-line answer. */
const LINE_BREAKS = /[\p{Cc}\u2028\u2029]+/gu;
const E164 = /^\+[1-9]\d{6,14}$/;
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/** One answer as stored (text), or the problem with it. */
function checkOne(field: AnswerRule, value: RawAnswers[string] | undefined): string | { problem: AnswerProblem } {
  if (field.kind === 'checkbox') {
    if (field.required && value !== true) return { problem: 'form_required' };
    return value === true ? 'yes' : 'no';
  }
  if (field.kind === 'multi') {
    const chosen = Array.isArray(value) ? value : [];
    if (chosen.some((option) => !field.options.includes(option))) return { problem: 'form_choice_invalid' };
    if (field.required && chosen.length === 0) return { problem: 'form_required' };
    return [...new Set(chosen)].join('; ');
  }
  if (typeof value !== 'string' && value !== undefined) return { problem: 'form_choice_invalid' };
  const long = field.kind === 'message' || field.kind === 'textarea';
  let text = (value ?? '').replace(/\r\n?/g, '\n');
  text = (long ? text.replace(/(?!\n)[\p{Cc}\u2028\u2029]/gu, ' ') : text.replace(LINE_BREAKS, ' ')).trim();
  if (text === '') return field.required ? { problem: 'form_required' } : '';
  if (text.length > (long ? ANSWER_LONG_MAX : ANSWER_SHORT_MAX)) return { problem: 'form_answer_too_long' };
  if (field.kind === 'email' && (text.length > 254 || !EMAIL.test(text))) return { problem: 'email_invalid' };
  if (field.kind === 'phone') {
    text = text.replace(/[\s().-]/g, '');
    if (!E164.test(text)) return { problem: 'phone_invalid' };
  }
  if (field.kind === 'choice' && !field.options.includes(text)) return { problem: 'form_choice_invalid' };
  return text;
}

/**
 * A submission's answers held to its form's own fields: required ones filled, emails and phone numbers in
 * their form, lengths, choices among the options. Every problem comes back at once, field id -> message key,
 * in the form's order. Good answers come back as one string each (one line, except the message and long
 * text), so they are stored, mailed and exported as text. Unknown keys are dropped.
 */
export function checkAnswers(fields: readonly AnswerRule[], raw: RawAnswers): AnswerCheck {
  const answers: Record<string, string> = {};
  const problems: Record<string, AnswerProblem> = {};
  for (const field of fields) {
    const checked = checkOne(field, raw[field.id]);
    if (typeof checked === 'string') answers[field.id] = checked;
    else problems[field.id] = checked.problem;
  }
  return Object.keys(problems).length > 0 ? { ok: false, problems } : { ok: true, answers };
}
