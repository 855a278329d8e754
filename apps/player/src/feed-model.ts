/**
 * What the album feed (feed.ts) decides, apart from the page: which slide plays, where a key moves, which
 * slide is readied next. And the events it sends a slide's player (player.ts listens for them), so the two
 * scripts stay separate files that share no code at run time.
 */

/** The slide has come into view: its player counts as shown (the analytics' load) from now, not page load. */
export const FEED_SHOWN = 'lr-feed-shown';
/** Start playing without a press; `detail.muted` false asks for sound (muted if the browser refuses it). */
export const FEED_START = 'lr-feed-start';
/** Get ready to play: fetch the engine and the first segment, and play nothing. */
export const FEED_READY = 'lr-feed-ready';

export type FeedStart = { muted: boolean };

/** How much of a slide must be in view for it to be the one that plays. */
export const SHOWN_RATIO = 0.6;

/**
 * The slide that plays, from how much of each is in view: the most visible one once it is at least
 * SHOWN_RATIO in view; while none is (in the middle of a swipe), the one playing now goes on.
 */
export function pickActive(ratios: readonly number[], current: number): number {
  let best = -1;
  for (const [at, ratio] of ratios.entries()) {
    if (ratio >= SHOWN_RATIO && (best < 0 || ratio > (ratios[best] ?? 0))) best = at;
  }
  return best < 0 ? current : best;
}

/** Which way a key moves through the slides: ArrowDown to the next, ArrowUp to the one before. */
export function stepFor(key: string): -1 | 0 | 1 {
  if (key === 'ArrowDown') return 1;
  if (key === 'ArrowUp') return -1;
  return 0;
}

/** The slide a step leads to, staying within the `count` slides. */
export const moveTo = (current: number, step: number, count: number) =>
  Math.min(count - 1, Math.max(0, current + step));

/** The one slide readied while `at` plays: the next, if there is one. */
export const nextSlide = (at: number, count: number): number | null => (at >= 0 && at + 1 < count ? at + 1 : null);
