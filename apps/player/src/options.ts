/**
 * A language tag as subtitle and audio tracks are named (subtitleLangField of contracts/subtitles.ts, restated
 * because that file carries zod, which the facade's bundle must not; options.test.ts holds the two together),
 * or null.
 */
export const languageTag = (value: string | null | undefined) =>
  value && /^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8}){0,2}$/.test(value) ? value : null;

/**
 * Options from the page's own URL, as the embed dialog writes them: autoplay (muted, the only autoplay
 * browsers allow), t (start second), loop, controls=0, muted, color, audioLang (the audio language to start
 * in, when the video is dubbed in it).
 */
export function embedOptions(search: string) {
  const params = new URLSearchParams(search);
  const flag = (name: string) => params.get(name) === '1' || params.get(name) === 'true';
  const start = Number(params.get('t') ?? 0);
  return {
    autoplay: flag('autoplay'),
    muted: flag('muted') || flag('autoplay'),
    loop: flag('loop'),
    controls: params.get('controls') !== '0',
    start: Number.isFinite(start) && start > 0 ? Math.floor(start) : 0,
    /** The player's colour (progress bar, play button) as rrggbb; null for the video's own. */
    color: /^[0-9a-f]{6}$/i.test(params.get('color') ?? '')
      ? `#${(params.get('color') as string).toLowerCase()}`
      : null,
    audioLang: languageTag(params.get('audioLang')),
  };
}

/**
 * hls.js settings: start at `start` seconds, on a rung no larger than the player shows (capLevelToPlayerSize,
 * which follows resizes and fullscreen), as Vimeo and Wistia do. Without the cap, hls.js starts on the
 * best rung its bandwidth estimate (500 kb/s before the first download) affords, and when none does, on the
 * master's first rung, 1080p: a 640-wide embed fetched 1080p segments first and kept them until its
 * bandwidth measurements caught up. The first segment comes from the lowest rung (startLevel 0: hls.js
 * sorts the rungs from the smallest), whose first second arrives at once on any connection, so the first
 * frame shows without waiting for a larger rung (bench:first-frame); from the next segment on, hls.js's
 * bandwidth estimate and the cap pick the rung. A viewer may still pick any rung in the quality menu.
 */
export function hlsConfig(start: number) {
  return { startPosition: start, capLevelToPlayerSize: true, startLevel: 0 };
}
