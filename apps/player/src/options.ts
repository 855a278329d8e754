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
