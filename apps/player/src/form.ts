/**
 * The inquiry form over the player. The server renders it hidden inside the player with its
 * moment; this shows it then (before play, at a second, on pause or at the end), sends it to
 * /api/public/lead, shows the server's refusal under the field in the viewer's language, and thanks the
 * viewer or takes them to the owner's page. A viewer who already sent a form of this account is not asked
 * again when the owner chose so.
 */

import { type AnswerRule, checkAnswers, type RawAnswers } from '@leadreel/shared/contracts/answers';
import { viewerApiPath } from '@leadreel/shared/routes/viewer';
import { PLAYER_FORM_TEXT } from '@leadreel/shared/viewer-text/player-form';
import { type Challenge, mountChallenge } from './challenge.ts';

const TEXTS = PLAYER_FORM_TEXT;

const submittedKey = (scope: string) => `lr-lead-${scope}`;
/** A little more than the server's MIN_FILL_MS. */
const MIN_FILL_MS = 2600;

/** The accounts whose form was sent on this page load: all a player that may keep nothing remembers. */
const sentHere = new Set<string>();

function alreadySent(scope: string, remember: boolean): boolean {
  if (sentHere.has(scope)) return true;
  if (!remember) return false;
  try {
    return localStorage.getItem(submittedKey(scope)) === '1';
  } catch {
    return false;
  }
}

/** Notes that this viewer sent the account's form, in the browser too where the owner allows it. */
function noteSent(scope: string, remember: boolean) {
  sentHere.add(scope);
  if (!remember) return;
  try {
    localStorage.setItem(submittedKey(scope), '1');
  } catch {
    // Private windows may refuse storage: the viewer is then asked again next time.
  }
}

/** The answers as the server takes them: text, a list for multiple choice, true/false for a checkbox. */
function answersOf(form: HTMLFormElement): RawAnswers {
  const answers: RawAnswers = {};
  for (const element of form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(
    '[data-field]',
  )) {
    const id = element.dataset.field as string;
    if (element instanceof HTMLInputElement && element.type === 'checkbox') {
      if (element.dataset.multi !== undefined) {
        const list = (answers[id] as string[] | undefined) ?? [];
        if (element.checked) list.push(element.value);
        answers[id] = list;
      } else {
        answers[id] = element.checked;
      }
    } else if (element instanceof HTMLInputElement && element.type === 'radio') {
      if (element.checked) answers[id] = element.value;
      else answers[id] ??= '';
    } else {
      answers[id] = element.value;
    }
  }
  return answers;
}

/** Shows the form at its moment; for a form before play, the promise the start of playback waits for. */
export function mountForm(options: {
  root: HTMLElement;
  video: HTMLVideoElement;
  lang: string;
  /** Whether the browser may keep that the form was sent (not in the owner's privacy mode). */
  remember: boolean;
  /** Where the form is, who sends it, and the viewing it is sent from (the lead counts in that viewing). */
  record: () => { page: string; referrer: string; viewerId: string; sessionId?: string | undefined };
  /** Tells the player's analytics that the form was shown (a sent one is counted from the stored lead). */
  track: (kind: 'form_shown') => void;
}): Promise<void> | null {
  const { root, video } = options;
  const form = root.querySelector<HTMLFormElement>('form.lr-form');
  if (!form) return null;
  const t = options.lang.toLowerCase().startsWith('zh') ? TEXTS.zh : TEXTS.en;
  const { moment = 'end', second = '0', scope = '', once, skippable, redirect, videoId = '' } = form.dataset;
  if (once !== undefined && alreadySent(scope, options.remember)) return null;
  let shownAt = 0;
  let done = false;
  let challenge: Challenge | null = null;
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });

  /**
   * A form taller than the player becomes a sheet over the whole frame (an embed) or the whole page (the
   * watch page), with its own scroll; its buttons stay in view at the bottom either way (sticky, in the CSS).
   */
  const fit = () => {
    if (form.hidden) return;
    form.classList.remove('lr-form-sheet');
    form.classList.toggle('lr-form-sheet', form.scrollHeight > form.clientHeight + 1);
  };
  window.addEventListener('resize', fit);
  const show = () => {
    if (done || !form.hidden) return;
    if (!video.paused) video.pause();
    form.hidden = false;
    challenge ??= mountChallenge(form);
    fit();
    shownAt = performance.now();
    form.querySelector<HTMLElement>('input, textarea, select')?.focus();
    options.track('form_shown');
  };
  const close = () => {
    form.hidden = true;
    done = true;
    window.removeEventListener('resize', fit);
    release();
  };
  const skip = form.querySelector<HTMLButtonElement>('.lr-form-skip');
  skip?.addEventListener('click', () => {
    close();
    void video.play().catch(() => undefined);
  });
  // The way back from a sheet that covers the page, as from any dialog.
  form.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && skip) skip.click();
  });

  let rules: AnswerRule[] = [];
  try {
    rules = JSON.parse(form.dataset.rules ?? '[]') as AnswerRule[];
  } catch {
    // Without its rules the form is still sent; the server checks it and names the first problem.
  }
  /** Marks a field's problem under it in the viewer's words (or clears it, for ''). */
  const mark = (field: string, text: string) => {
    const slot = form.querySelector<HTMLElement>(`[data-error-for="${CSS.escape(field)}"]`);
    if (slot) slot.textContent = text;
    for (const input of form.querySelectorAll<HTMLElement>(`[data-field="${CSS.escape(field)}"]`)) {
      if (text) input.setAttribute('aria-invalid', 'true');
      else input.removeAttribute('aria-invalid');
    }
    return slot;
  };

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    for (const rule of rules) mark(rule.id, '');
    const status = form.querySelector<HTMLElement>('.lr-form-status');
    if (status) status.textContent = '';
    // The server's own rules, here first: every problem is marked at once and nothing is sent.
    const checked = checkAnswers(rules, answersOf(form));
    if (!checked.ok) {
      const problems = Object.entries(checked.problems);
      for (const [field, problem] of problems) mark(field, t[problem]);
      fit();
      form.querySelector<HTMLElement>(`[data-field="${CSS.escape(problems[0]?.[0] ?? '')}"]`)?.focus();
      return;
    }
    const button = form.querySelector<HTMLButtonElement>('button[type=submit]');
    const label = button?.textContent ?? '';
    if (button) {
      button.disabled = true;
      button.textContent = t.sending;
    }
    const where = options.record();
    // The server takes a form sent within seconds of showing for a script's; a person with autofill can be
    // that fast, so the player waits out the difference instead of losing their lead.
    const early = MIN_FILL_MS - (performance.now() - shownAt);
    if (early > 0) await new Promise((resolve) => setTimeout(resolve, early));
    try {
      const response = await fetch(viewerApiPath('public.lead'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          videoId,
          answers: answersOf(form),
          second: Math.round(video.currentTime * 10) / 10,
          page: where.page,
          referrer: where.referrer,
          language: navigator.language.slice(0, 35),
          elapsedMs: Math.round(performance.now() - shownAt),
          website: (form.querySelector<HTMLInputElement>('.lr-form-trap input')?.value ?? '').slice(0, 500),
          viewerId: where.viewerId,
          ...(where.sessionId ? { sessionId: where.sessionId } : {}),
          ...(challenge?.token() ? { captcha: challenge.token() } : {}),
        }),
      });
      if (!response.ok) {
        // A pass is good for one check: a refused form asks for a fresh one.
        challenge?.reset();
        const body = (await response.json().catch(() => ({}))) as { error?: string; field?: string };
        const field = body.field?.replace(/^answers\./, '') ?? '';
        const text = (t as Record<string, string>)[body.error ?? ''] ?? t.failed;
        if (field && mark(field, text)) form.querySelector<HTMLElement>(`[data-field="${CSS.escape(field)}"]`)?.focus();
        else if (status) status.textContent = text;
        fit();
        return;
      }
      noteSent(scope, options.remember);
      if (redirect) {
        window.open(redirect, '_top', 'noopener');
        return;
      }
      // Sent: the form no longer holds the video. The thanks stay a moment, then the video goes on; pressing
      // Play meanwhile plays at once and takes them away, rather than being paused by the answered form.
      done = true;
      form.querySelector('.lr-form-body')?.setAttribute('hidden', '');
      const thanks = form.querySelector<HTMLElement>('.lr-form-thanks');
      if (thanks) {
        thanks.hidden = false;
        thanks.focus();
      }
      video.addEventListener('play', close, { once: true });
      setTimeout(() => {
        if (form.hidden) return;
        close();
        if (!video.ended) void video.play().catch(() => undefined);
      }, 2500);
    } catch {
      if (status) status.textContent = t.failed;
    } finally {
      if (button) {
        button.disabled = false;
        button.textContent = label;
      }
    }
  });

  // Its moment.
  if (moment === 'at') {
    const at = Number(second);
    video.addEventListener('timeupdate', () => {
      if (video.currentTime >= at) show();
    });
  } else if (moment === 'pause') {
    video.addEventListener('pause', () => {
      if (!video.ended && !video.seeking && form.hidden) show();
    });
  } else if (moment === 'end') {
    video.addEventListener('ended', show);
  } else if (moment === 'before') {
    show();
    // A form that may be skipped or was sent lets the video start; one that must be sent holds it.
    if (skippable === undefined) video.addEventListener('play', () => !done && video.pause());
    return gate;
  }
  return null;
}
