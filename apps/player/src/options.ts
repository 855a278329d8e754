/**
 * Options from the page's own URL, as the embed dialog writes them: autoplay (muted, the only autoplay
 * browsers allow), t (start second), loop, controls=0, muted, color.
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
  };
}

/**
 * hls.js settings: start at `start` seconds, on a rung no larger than the player shows (capLevelToPlayerSize,
 * which follows resizes and fullscreen), as Vimeo and Wistia do. Without the cap, hls.js starts on the
 * best rung its bandwidth estimate (500 kb/s before the first download) affords, and when none does, on the
 * master's first rung, 1080p: a 640-wide embed fetched 1080p segments first and kept them until its
 * bandwidth measurements caught up. A viewer may still pick any rung in the quality menu.
 */
export function hlsConfig(start: number) {
  return { startPosition: start, capLevelToPlayerSize: true };
}
