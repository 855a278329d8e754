import { ENCODING_MARK, encodingLengthOf } from '@leadreel/shared/encoding-mark';

/**
 * A video plays while it encodes: its master playlist gains rungs as their first segments are stored (see
 * "Playable while it encodes" in docs/product.md). hls.js reads a master once, so while the master says the
 * video is still encoding (ENCODING_MARK), the player asks for it again now and then; when it lists more
 * rungs than hls.js knows, hls.js loads it again, from where the viewer is. It does so only at a
 * moment that already interrupts the picture (paused, seeking, waiting for data) or when the viewer opens the
 * quality menu, never in the middle of smooth playback: loading a master again starts the buffer afresh.
 */

export type GrowingHls = {
  levels: unknown[];
  config: { startPosition: number };
  loadSource(url: string): void;
  on(event: string, listener: () => void): void;
  once(event: string, listener: () => void): void;
};

/** How often a master still growing is asked for again. */
export const MASTER_POLL_MS = 4000;
/** How many failed asks in a row are tried again before the player stops following the ladder. */
const MASTER_POLL_RETRIES = 5;

/** The variants a master playlist lists (RFC 8216 §4.3.4.2: one EXT-X-STREAM-INF each). */
export const variantCount = (master: string) => master.match(/^#EXT-X-STREAM-INF:/gm)?.length ?? 0;

export function followLadder(
  hls: GrowingHls,
  video: HTMLVideoElement,
  masterUrl: string,
  options: {
    pollMs?: number;
    fetchText?: (url: string) => Promise<string>;
    /**
     * Starts loading again from `at` once the master is read anew, where hls.js does not itself
     * (autoStartLoad off: a player readied before play loads only when told).
     */
    restart?: (at: number) => void;
    /** The whole video's length while it encodes (from the master), then null once it is ready. */
    onLength?: (seconds: number | null) => void;
  } = {},
) {
  const pollMs = options.pollMs ?? MASTER_POLL_MS;
  const fetchText =
    options.fetchText ??
    ((url: string) =>
      fetch(url, { cache: 'no-store' }).then(
        (response) => (response.ok ? response.text() : ''),
        () => '',
      ));
  let offered = 0;
  let polling = false;
  let reloading: Promise<boolean> | null = null;

  const growing = () => offered > hls.levels.length;

  /** Loads the master again when it offers more rungs, keeping the viewer's place and play state. */
  const refresh = (): Promise<boolean> => {
    if (!growing()) return Promise.resolve(false);
    reloading ??= new Promise<boolean>((resolve) => {
      const at = video.currentTime;
      const wasPlaying = !video.paused;
      hls.config.startPosition = at;
      hls.once('hlsManifestParsed', () => {
        reloading = null;
        options.restart?.(at);
        if (wasPlaying) void video.play().catch(() => undefined);
        resolve(true);
      });
      hls.loadSource(masterUrl);
    });
    return reloading;
  };

  /** Asks for the master until it no longer says it is encoding. */
  let failures = 0;
  const poll = async () => {
    const master = await fetchText(masterUrl);
    offered = Math.max(offered, variantCount(master));
    // A failed ask (empty: a network blip) changes nothing and is tried again, a few times in a row at most.
    failures = master ? 0 : failures + 1;
    if (master) options.onLength?.(master.includes(ENCODING_MARK) ? encodingLengthOf(master) : null);
    // Nobody is watching the picture move: now costs the viewer nothing.
    if (growing() && (video.paused || video.readyState < 3)) await refresh();
    if (master.includes(ENCODING_MARK) || (!master && failures <= MASTER_POLL_RETRIES)) {
      setTimeout(() => void poll(), pollMs);
    } else polling = false;
  };

  hls.on('hlsManifestParsed', () => {
    if (polling) return;
    polling = true;
    void poll();
  });
  for (const event of ['pause', 'seeking', 'waiting']) video.addEventListener(event, () => void refresh());

  return { refresh, poll };
}
