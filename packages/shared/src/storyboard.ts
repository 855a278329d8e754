/** The scrubbing storyboard (WebVTT of sprite tiles): the player's preview and the analytics graph's frames. No zod: the player's bundle carries it. */
/** One tile of a scrubbing storyboard: from `start` to `end` seconds, a region of the sprite image. */
export type StoryboardCue = { start: number; end: number; image: string; x: number; y: number; w: number; h: number };

const TIME = /^(?:(\d+):)?(\d{1,2}):(\d{2}(?:\.\d+)?)$/;

function seconds(text: string): number | null {
  const match = TIME.exec(text.trim());
  if (!match) return null;
  return Number(match[1] ?? 0) * 3600 + Number(match[2]) * 60 + Number(match[3]);
}

/**
 * The cues of a storyboard WebVTT (`start --> end` then `sprite.jpg#xywh=x,y,w,h`), images resolved against
 * the VTT's own URL. Anything malformed is skipped.
 */
export function parseStoryboard(vtt: string, base: string): StoryboardCue[] {
  const cues: StoryboardCue[] = [];
  for (const block of vtt.replace(/\r/g, '').split(/\n\n+/)) {
    const lines = block.split('\n').filter(Boolean);
    const timing = lines.findIndex((line) => line.includes('-->'));
    if (timing < 0) continue;
    const [from, to] = (lines[timing] as string).split('-->');
    const target = lines[timing + 1];
    const start = seconds(from ?? '');
    const end = seconds((to ?? '').trim().split(/\s+/)[0] ?? '');
    const region = target ? /^(.+)#xywh=(\d+),(\d+),(\d+),(\d+)$/.exec(target.trim()) : null;
    if (start === null || end === null || !region) continue;
    cues.push({
      start,
      end,
      image: new URL(region[1] as string, base).toString(),
      x: Number(region[2]),
      y: Number(region[3]),
      w: Number(region[4]),
      h: Number(region[5]),
    });
  }
  return cues;
}

/** The cue showing `time`, or the nearest one. */
export function cueAt(cues: StoryboardCue[], time: number): StoryboardCue | null {
  if (cues.length === 0) return null;
  return (
    cues.find((cue) => time >= cue.start && time < cue.end) ??
    (time < (cues[0] as StoryboardCue).start ? (cues[0] as StoryboardCue) : (cues.at(-1) as StoryboardCue))
  );
}

/** m:ss or h:mm:ss, as players show time. */
export function clock(total: number): string {
  const whole = Number.isFinite(total) && total > 0 ? Math.floor(total) : 0;
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
