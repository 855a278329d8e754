/**
 * A site's email gate (docs/product.md "Sites"): before a video of a site whose gate is on, the viewer gives
 * an email, kept as a lead of that video. "once": the first video of the site plays freely, the second asks,
 * and a viewer who answered is not asked again on that site. "every": every video asks. The server renders
 * the gate hidden in the player (form.lr-gate) with data-gate and data-site on the player; this shows it
 * when play is pressed and plays once the server took the email.
 */

import { viewerApiPath } from '@leadreel/shared/routes/viewer';

/** A little more than the server's MIN_FILL_MS. */
const MIN_FILL_MS = 2600;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type GateMode = 'once' | 'every';
/** What a site's gate remembers of a viewer, per site. */
export type GateMemory = { seen: string[]; answered: boolean };

/** Whether the viewer must give an email before `videoId` plays, from what the site remembers of them. */
export function mustAsk(mode: GateMode, memory: GateMemory, videoId: string): boolean {
  if (mode === 'every') return true;
  if (memory.answered) return false;
  return memory.seen.some((seen) => seen !== videoId);
}

/** Each site's memory in this page load, where the browser keeps none (storage refused, privacy mode). */
const inMemory = new Map<string, GateMemory>();
const memoryKey = (siteId: string) => `lr-site-${siteId}`;

function recall(siteId: string, keep: boolean): GateMemory {
  const held = inMemory.get(siteId);
  if (held || !keep) return held ?? { seen: [], answered: false };
  try {
    const kept = JSON.parse(localStorage.getItem(memoryKey(siteId)) ?? 'null') as Partial<GateMemory> | null;
    if (kept && Array.isArray(kept.seen)) {
      return { seen: kept.seen.filter((id) => typeof id === 'string').slice(-50), answered: kept.answered === true };
    }
  } catch {
    // Unreadable or refused: the viewer starts afresh.
  }
  return { seen: [], answered: false };
}

function remember(siteId: string, memory: GateMemory, keep: boolean) {
  inMemory.set(siteId, memory);
  if (!keep) return;
  try {
    localStorage.setItem(memoryKey(siteId), JSON.stringify(memory));
  } catch {
    // Refused: this page load remembers.
  }
}

/**
 * Runs `play` once the gate lets the viewer through: at once when it does not ask, else after the email
 * was taken. `where` is the page and referrer the lead records; `keep` is false in privacy mode.
 */
export function throughGate(
  root: HTMLElement,
  play: () => void,
  context: { keep: boolean; viewerId: () => string; where: () => { page: string; referrer: string } },
) {
  const mode = root.dataset.gate as GateMode | undefined;
  const siteId = root.dataset.site ?? '';
  const videoId = root.dataset.videoId ?? '';
  const form = root.querySelector<HTMLFormElement>('form.lr-gate');
  if ((mode !== 'once' && mode !== 'every') || !siteId || !videoId || !form) {
    play();
    return;
  }
  const memory = recall(siteId, context.keep);
  const watched = () =>
    remember(siteId, { ...memory, seen: [...memory.seen.filter((id) => id !== videoId), videoId] }, context.keep);
  if (!mustAsk(mode, memory, videoId)) {
    watched();
    play();
    return;
  }
  const shownAt = Date.now();
  const status = form.querySelector<HTMLElement>('.lr-gate-status');
  const email = form.querySelector<HTMLInputElement>('input[name="email"]');
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  form.hidden = false;
  email?.focus();
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const value = email?.value.trim() ?? '';
    if (!EMAIL.test(value) || value.length > 254) {
      if (status) status.textContent = form.dataset.invalid ?? '';
      email?.setAttribute('aria-invalid', 'true');
      return;
    }
    email?.removeAttribute('aria-invalid');
    if (status) status.textContent = '';
    // A person takes seconds; the server drops what comes faster, so wait out the rest of them.
    const wait = MIN_FILL_MS - (Date.now() - shownAt);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (submit) submit.disabled = true;
    const trap = form.querySelector<HTMLInputElement>('input[name="website"]')?.value ?? '';
    try {
      const answer = await fetch(viewerApiPath('public.siteGate'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          siteId,
          videoId,
          email: value,
          ...context.where(),
          language: navigator.language.slice(0, 35),
          elapsedMs: Date.now() - shownAt,
          website: trap,
          viewerId: context.viewerId(),
        }),
      });
      if (!answer.ok) throw new Error(String(answer.status));
    } catch {
      if (status) status.textContent = form.dataset.failed ?? '';
      if (submit) submit.disabled = false;
      return;
    }
    form.hidden = true;
    remember(siteId, { seen: [...memory.seen, videoId], answered: true }, context.keep);
    play();
  });
}
