import type { AnswerProblem } from '../contracts/answers.ts';
import type { Translation } from './translation.ts';

type ChallengeProblem = 'captcha_required' | 'captcha_invalid' | 'captcha_unavailable';

/** The viewer's words for every problem the shared answer check names, and the form's own states. */
const en: Record<AnswerProblem | ChallengeProblem | 'failed' | 'sending', string> = {
  form_required: 'This field is required.',
  email_invalid: 'Enter an email address such as name@example.com.',
  phone_invalid: 'Enter the number with its country code, such as +44 20 7946 0958.',
  form_answer_too_long: 'This answer is too long.',
  form_choice_invalid: 'Choose one of the options.',
  captcha_required: 'Complete the check above the button first.',
  captcha_invalid: 'The check did not pass. Please try it again.',
  captcha_unavailable: 'The check cannot be verified right now. Please try again in a moment.',
  failed: 'The form could not be sent. Please try again.',
  sending: 'Sending…',
};

const zh: Translation<typeof en> = {
  form_required: '此项为必填。',
  email_invalid: '请输入邮箱地址，例如 name@example.com。',
  phone_invalid: '请输入带国家区号的号码，例如 +86 138 0013 8000。',
  form_answer_too_long: '回答过长。',
  form_choice_invalid: '请选择一个选项。',
  captcha_required: '请先完成按钮上方的验证。',
  captcha_invalid: '验证未通过，请重试。',
  captcha_unavailable: '暂时无法完成验证，请稍后再试。',
  failed: '表单未能发送，请重试。',
  sending: '正在发送…',
};

/** Keyed by the player's language (any zh tag speaks Chinese). */
export const PLAYER_FORM_TEXT = { en, zh };
