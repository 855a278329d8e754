/**
 * The LeadReel player. Before play each `[data-lr-player]` element is a facade the server rendered (poster,
 * title, play button) and nothing else loads; on play it becomes a <video> fed by native HLS where the
 * browser has it (Safari) or by hls.js, fetched then from /player/hls.light.min.js.
 */
import { embedOptions } from './options.ts';

type HlsConstructor = {
  new (
    config?: Record<string, unknown>,
  ): {
    loadSource(url: string): void;
    attachMedia(media: HTMLMediaElement): void;
  };
  isSupported(): boolean;
};

const HLS_SCRIPT = '/player/hls.light.min.js';
let hlsLoading: Promise<HlsConstructor> | null = null;

function loadHls(): Promise<HlsConstructor> {
  hlsLoading ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = HLS_SCRIPT;
    script.async = true;
    script.onload = () => {
      const Hls = (window as unknown as { Hls?: HlsConstructor }).Hls;
      if (Hls) resolve(Hls);
      else reject(new Error('hls.js did not load'));
    };
    script.onerror = () => reject(new Error('hls.js did not load'));
    document.head.append(script);
  });
  return hlsLoading;
}

async function start(root: HTMLElement, button: HTMLButtonElement) {
  const source = root.dataset.src;
  if (!source) return;
  const options = embedOptions(location.search);
  button.disabled = true;
  const video = document.createElement('video');
  video.controls = options.controls;
  video.loop = options.loop;
  video.muted = options.muted;
  video.playsInline = true;
  if (!options.controls) video.addEventListener('click', () => (video.paused ? void video.play() : video.pause()));
  video.preload = 'auto';
  video.setAttribute('aria-label', button.getAttribute('aria-label') ?? '');
  const poster = root.querySelector('img');
  // The poster the facade chose from its srcset, already in the cache, not the largest one.
  if (poster) video.poster = poster.currentSrc || poster.src;
  if (video.canPlayType('application/vnd.apple.mpegurl')) {
    video.src = options.start ? `${source}#t=${options.start}` : source;
  } else {
    const Hls = await loadHls();
    if (!Hls.isSupported()) return;
    // From the start, also for a ladder still encoding (its growing playlists look live to hls.js).
    const hls = new Hls({ startPosition: options.start });
    hls.loadSource(source);
    hls.attachMedia(video);
  }
  root.replaceChildren(video, ...[...root.querySelectorAll('.lr-mark')]);
  // The mark moves to the top, clear of the controls.
  root.classList.add('lr-playing');
  await video.play().catch(() => undefined);
  video.focus();
}

function mount(root: HTMLElement) {
  const ratio = root.dataset.ratio;
  if (ratio && /^\d+\/\d+$/.test(ratio)) root.style.setProperty('--ratio', ratio);
  const button = root.querySelector<HTMLButtonElement>('.lr-play');
  if (!button) return;
  button.addEventListener('click', () => void start(root, button), { once: true });
  if (embedOptions(location.search).autoplay) {
    void start(root, button);
    return;
  }
  // Warm the connection while the pointer heads for the button.
  button.addEventListener(
    'pointerenter',
    () => {
      const link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'script';
      link.href = HLS_SCRIPT;
      document.head.append(link);
    },
    { once: true },
  );
}

for (const root of document.querySelectorAll<HTMLElement>('[data-lr-player]')) mount(root);
