/** A cue time for the editor: m:ss.mmm, or h:mm:ss.mmm from an hour on. */
export function formatCueTime(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const rest = `${String(s).padStart(2, '0')}.${String(ms % 1000).padStart(3, '0')}`;
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}

/**
 * Seconds from what the owner typed: h:mm:ss.mmm, m:ss.mmm or plain seconds (a comma works as the decimal
 * point, as in SRT). Null when it is not a time.
 */
export function parseCueTime(text: string): number | null {
  const parts = text.trim().split(':');
  if (parts.length > 3) return null;
  const last = (parts.pop() ?? '').replace(',', '.');
  if (!/^\d+(\.\d{1,3})?$/.test(last)) return null;
  if (!parts.every((part) => /^\d+$/.test(part))) return null;
  const seconds = Number(last);
  const [first, second] = parts.map(Number);
  if (parts.length > 0 && seconds >= 60) return null;
  if (parts.length === 2 && (second as number) >= 60) return null;
  const total =
    parts.length === 2
      ? (first as number) * 3600 + (second as number) * 60 + seconds
      : parts.length === 1
        ? (first as number) * 60 + seconds
        : seconds;
  return Math.round(total * 1000) / 1000;
}
