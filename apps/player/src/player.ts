/**
 * The LeadReel player. Before play each `[data-lr-player]` element is a facade the server rendered (poster,
 * title, play button) and nothing else loads; on play it becomes a <video> fed by native HLS where the
 * browser has it (Safari) or by hls.js, fetched then from /player/hls.light.min.js, or from the build the
 * facade names in data-hls: the light build has no alternate audio, so a dubbed video (an audio track per
 * language in its master) names the full one. data-audio-lang is the audio language the page asks for (the
 * watch page's ?hl=); an embed asks with ?audioLang=, which comes first.
 */

import type { ClickKind } from '@leadreel/shared/contracts/player';
import { DROP_ORDER, SLOT_ORDER } from '@leadreel/shared/contracts/slots';
import { viewerApiPath } from '@leadreel/shared/routes/viewer';
import { asksNotToBeTracked, type Collector, createCollector } from './analytics.ts';
import type { HlsLike, mountControls } from './controls.ts';
import { FEED_READY, FEED_SHOWN, FEED_START, type FeedStart } from './feed-model.ts';
import type { mountForm } from './form.ts';
import { throughGate } from './gate.ts';
import { embedOptions, hlsConfig, languageTag } from './options.ts';

type Controls = { mountControls: typeof mountControls; mountForm?: typeof mountForm };

type HlsConstructor = {
  new (
    config?: Record<string, unknown>,
  ): HlsLike & {
    config: BufferGoals;
    loadSource(url: string): void;
    attachMedia(media: HTMLMediaElement): void;
  };
  isSupported(): boolean;
  DefaultConfig: BufferGoals;
};

const HLS_SCRIPT = '/player/hls.light.min.js';
const hlsScript = (root: HTMLElement) => root.dataset.hls || HLS_SCRIPT;
const loading = new Map<string, Promise<unknown>>();

/** A script of ours, once, resolving to the global it defines. */
function loadScript<T>(src: string, global: string): Promise<T> {
  let promise = loading.get(src) as Promise<T> | undefined;
  if (!promise) {
    promise = new Promise<T>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => {
        const value = (window as unknown as Record<string, T | undefined>)[global];
        if (value) resolve(value);
        else reject(new Error(`${src} did not load`));
      };
      script.onerror = () => reject(new Error(`${src} did not load`));
      document.head.append(script);
    });
    loading.set(src, promise);
  }
  return promise;
}

/** hls.js's buffer goals: how far ahead of the playhead it fetches. */
type BufferGoals = { maxBufferLength: number; maxMaxBufferLength: number };

/** A facade's <video> and what feeds it; `unleash` lets one readied ahead of play buffer as any other. */
type Engine = { video: HTMLVideoElement; hls: HlsLike | null; unleash: () => void };

/** Each facade's engine, made once: on play, or before it for the album feed's next slide. */
const engines = new WeakMap<HTMLElement, Promise<Engine | null>>();

/**
 * What a player readied ahead of play buffers: hls.js fetches whole segments and stops once this much is
 * buffered, so the album feed's next video holds its first segment, enough to start at once, and no more.
 */
const READY_SECONDS = 1;

function engineFor(root: HTMLElement, ahead: boolean): Promise<Engine | null> {
  let engine = engines.get(root);
  if (!engine) {
    engine = makeEngine(root, ahead);
    engines.set(root, engine);
  }
  return engine;
}

/**
 * The <video> of a facade, fed by hls.js wherever Media Source Extensions exist (our own adaptation and
 * quality menu, the same in every browser), by the browser's own HLS where they do not (iPhone Safari
 * before ManagedMediaSource); null where neither plays HLS. `ahead`: made before play, so it fetches only
 * the start of the video until it plays.
 */
async function makeEngine(root: HTMLElement, ahead: boolean): Promise<Engine | null> {
  const source = root.dataset.src ?? '';
  const options = embedOptions(location.search);
  const video = document.createElement('video');
  video.controls = options.controls;
  video.loop = options.loop;
  video.muted = options.muted;
  video.playsInline = true;
  if (!options.controls) video.addEventListener('click', () => (video.paused ? void video.play() : video.pause()));
  video.preload = 'auto';
  video.setAttribute('aria-label', root.querySelector('.lr-play')?.getAttribute('aria-label') ?? '');
  const poster = root.querySelector('img');
  // The poster the facade chose from its srcset, already in the cache, not the largest one.
  if (poster) video.poster = poster.currentSrc || poster.src;
  // hls.js picks its rendition by the player's size; a video not yet on the page measures by these.
  video.width = root.clientWidth;
  video.height = root.clientHeight;
  if ('MediaSource' in window || 'ManagedMediaSource' in window) {
    const Hls = await loadScript<HlsConstructor>(hlsScript(root), 'Hls').catch(() => null);
    if (Hls?.isSupported()) {
      const held: Partial<BufferGoals> = ahead
        ? { maxBufferLength: READY_SECONDS, maxMaxBufferLength: READY_SECONDS }
        : {};
      // From the start, also for a ladder still encoding (its growing playlists look live to hls.js).
      const engine = new Hls({ ...hlsConfig(options.start), ...held });
      engine.loadSource(source);
      engine.attachMedia(video);
      engine.on('hlsError', (_event, data) => {
        if (data?.fatal) showUnavailable(root);
      });
      // hls.js reads its goals as it goes (it lowers them itself when the browser's buffer is full).
      const { maxBufferLength, maxMaxBufferLength } = Hls.DefaultConfig;
      const unleash = () => {
        if (ahead) Object.assign(engine.config, { maxBufferLength, maxMaxBufferLength });
      };
      return { video, hls: engine, unleash };
    }
  }
  if (!video.canPlayType('application/vnd.apple.mpegurl')) return null;
  video.addEventListener('error', () => showUnavailable(root));
  // The browser's own HLS readies what it will of a video not yet playing (an iPhone fetches nothing).
  if (ahead) video.preload = 'metadata';
  video.src = options.start ? `${source}#t=${options.start}` : source;
  return {
    video,
    hls: null,
    unleash: () => {
      video.preload = 'auto';
    },
  };
}

/** How a player starts: pressed by the viewer (focus moves into it), or by the album feed (muted, focus stays). */
type Start = { muted: boolean; focus: boolean };
const PRESSED: Start = { muted: false, focus: true };

async function start(root: HTMLElement, button: HTMLButtonElement, how: Start = PRESSED) {
  // Once: the feed may ask for a player the viewer already started.
  if (!root.dataset.src || button.disabled) return;
  const options = embedOptions(location.search);
  button.disabled = true;
  // Our controls come with the engine; if they cannot load, the browser's own controls stand in.
  // (The bundle also carries the inquiry form, so an embed without controls still loads it for one.)
  const controls =
    (options.controls || root.querySelector('form.lr-form')) && root.dataset.controls
      ? loadScript<Controls>(root.dataset.controls, 'LeadReelControls').catch(() => null)
      : Promise.resolve(null);
  const engine = await engineFor(root, false);
  if (!engine) return;
  const { video, hls } = engine;
  engine.unleash();
  if (how.muted) video.muted = true;
  collectors.get(root)?.watch(video, hls);
  addTracks(root, video);
  root.replaceChildren(video, ...root.querySelectorAll(':scope > .lr-contacts, :scope > .lr-form'));
  const overlay = timed(root);
  const update = () => showAt(root, overlay, video.currentTime, video.ended);
  for (const event of ['timeupdate', 'ended', 'seeked', 'play']) video.addEventListener(event, update);
  contactClocks.set(root, () => video.currentTime);
  const loaded = await controls;
  if (loaded && options.controls) {
    loaded.mountControls({
      root,
      video,
      hls,
      storyboard: root.dataset.storyboard ?? null,
      lang: document.documentElement.lang || navigator.language,
      audioLang: options.audioLang ?? languageTag(root.dataset.audioLang),
    });
  }
  // The inquiry form: at its moment; one before play holds the start until it is sent (or skipped).
  const gate = loaded?.mountForm?.({
    root,
    video,
    lang: document.documentElement.lang || navigator.language,
    remember: !privacyMode(root),
    record: () => ({ ...where(), viewerId: viewerId(root), sessionId: collectors.get(root)?.sessionId }),
    track: (kind) => collectors.get(root)?.track(kind, video.currentTime),
  });
  if (gate) await gate;
  const played = await video.play().then(
    () => true,
    () => false,
  );
  // Sound without a press is the browser's to refuse (https://developer.chrome.com/blog/autoplay): muted, then.
  if (!played && !how.focus && !video.muted) {
    video.muted = true;
    await video.play().catch(() => undefined);
  }
  if (!gate && how.focus) (loaded ? root : video).focus();
}

/**
 * A video that cannot play (its account's playback has stopped, or it was removed since the page was made):
 * the player says so over the poster instead of waiting for ever.
 */
function showUnavailable(root: HTMLElement) {
  if (root.querySelector('.lr-unavailable')) return;
  const note = document.createElement('p');
  note.className = 'lr-unavailable';
  note.setAttribute('role', 'alert');
  note.textContent = root.dataset.unavailable ?? 'This video cannot be played right now.';
  root.append(note);
}

/**
 * Each button over the player shows from its second until its end second (or the video's end); a call to
 * action set for the end shows once the video has ended.
 */
function showAt(root: HTMLElement, buttons: HTMLElement[], time: number, ended = false) {
  let changed = false;
  for (const button of buttons) {
    const from = Number(button.dataset.from ?? 0);
    const until = button.dataset.until ? Number(button.dataset.until) : Number.POSITIVE_INFINITY;
    const hidden = 'atEnd' in button.dataset ? !ended : !(time >= from && time < until);
    changed ||= button.hidden !== hidden;
    button.hidden = hidden;
  }
  if (changed) fitSlots(root);
}

/** The timed buttons over the player: contact buttons and the call to action (in a corner or a banner). */
const timed = (root: HTMLElement) => [
  ...root.querySelectorAll<HTMLElement>('.lr-slot > [data-lr-contact], .lr-contacts > [data-lr-contact]'),
];

/**
 * The corners' slots are cells of a grid above the controls (shared/contracts/slots.ts), so they never cover
 * one another; a player too short for all of them gives up things of its tallest corner, least needed first
 * (DROP_ORDER), until the rest fit, rather than letting the grid run under the controls.
 */
function fitSlots(root: HTMLElement) {
  const layer = root.querySelector<HTMLElement>('.lr-contacts');
  if (!layer) return;
  for (const item of layer.querySelectorAll('.lr-unfit')) item.classList.remove('lr-unfit');
  const slots = [...layer.querySelectorAll<HTMLElement>('.lr-slot')];
  // Each thing is known by its class, lr-<item> (a call to action in a corner is also an lr-contact).
  const rank = (item: Element) =>
    DROP_ORDER.indexOf(SLOT_ORDER.find((kind) => item.classList.contains(`lr-${kind}`)) ?? 'logo');
  while (layer.scrollHeight > layer.clientHeight + 1) {
    const tallest = slots.sort((a, b) => b.offsetHeight - a.offsetHeight)[0];
    const shown = [...(tallest?.children ?? [])].filter(
      (item): item is HTMLElement => (item as HTMLElement).offsetHeight > 0,
    );
    const drop = shown.sort((a, b) => rank(a) - rank(b))[0];
    if (!drop) return;
    drop.classList.add('lr-unfit');
  }
}

type Track = { src: string; lang: string; label: string; isDefault: boolean };

/** The video's subtitle tracks (WebVTT), the default one showing. */
function addTracks(root: HTMLElement, video: HTMLVideoElement) {
  let tracks: Track[] = [];
  try {
    tracks = JSON.parse(root.dataset.tracks ?? '[]') as Track[];
  } catch {
    tracks = [];
  }
  for (const { src, lang, label, isDefault } of tracks) {
    const track = document.createElement('track');
    track.kind = 'subtitles';
    track.src = src;
    track.srclang = lang;
    track.label = label;
    track.default = isDefault;
    video.append(track);
  }
}

/** Where the viewer is: the customer's page that holds an embed (the frame's referrer), or this page. */
function where() {
  const embedded = window.top !== window;
  return {
    page: (embedded ? document.referrer : location.href).slice(0, 2000),
    referrer: (embedded ? '' : document.referrer).slice(0, 2000),
  };
}

const pageViewers: Record<string, string> = {};

/**
 * The account owner's privacy mode (the server renders data-privacy): the player keeps nothing in the
 * viewer's browser, no viewer id included, as with Wistia's privacy mode.
 */
const privacyMode = (root: HTMLElement) => 'privacy' in root.dataset;

/**
 * The viewer's anonymous id for this account (the scope): random, kept in the browser so their clicks and
 * their lead meet in the owner's lead timeline. Where storage is refused, or the owner keeps nothing in the
 * browser (privacy mode, where what was kept before is not read either), one per page load.
 */
function viewerId(root: HTMLElement): string {
  const scope = root.dataset.scope ?? '';
  if (privacyMode(root)) return pageViewer(scope);
  const key = `lr-viewer-${scope}`;
  try {
    const kept = localStorage.getItem(key);
    if (kept && /^[\w-]{16,64}$/.test(kept)) return kept;
  } catch {
    // Storage refused (some private windows, blocked third-party storage): this page load's id below.
  }
  const id = pageViewer(scope);
  try {
    localStorage.setItem(key, id);
  } catch {
    // As above: the id lives as long as the page.
  }
  return id;
}

/** This page load's id for the scope, in memory only. */
function pageViewer(scope: string): string {
  pageViewers[scope] ??= Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
  return pageViewers[scope];
}

/** The video time of each started player, for the clicks it records. */
const contactClocks = new WeakMap<HTMLElement, () => number>();
/** What each player tells the server about its viewing (analytics.ts). */
const collectors = new WeakMap<HTMLElement, Collector>();

/**
 * Records a click on a contact button (the lead timeline and the analytics count it, once, from this) without
 * holding the viewer up: sendBeacon survives the page being left for WhatsApp or the mail app. In an embed,
 * the page is the customer's page that holds the frame.
 */
function recordClick(root: HTMLElement, kind: ClickKind) {
  const videoId = root.dataset.videoId;
  const second = Math.round((contactClocks.get(root)?.() ?? 0) * 10) / 10;
  if (!videoId || !navigator.sendBeacon) return;
  const sessionId = collectors.get(root)?.sessionId;
  const body = { videoId, kind, second, viewerId: viewerId(root), ...(sessionId ? { sessionId } : {}), ...where() };
  navigator.sendBeacon(viewerApiPath('public.click'), JSON.stringify(body));
}

function mount(root: HTMLElement) {
  const { color } = embedOptions(location.search);
  if (color) root.style.setProperty('--lr-accent', color);
  showAt(root, timed(root), 0);
  const videoId = root.dataset.videoId;
  if (videoId) {
    const collector = createCollector({
      videoId,
      // Privacy mode counts the viewing as Do Not Track does: without a viewer id.
      viewerId: asksNotToBeTracked() || privacyMode(root) ? undefined : viewerId(root),
      ...where(),
    });
    // A slide of the album feed counts as shown when it comes into view, not when the page loads.
    if (root.closest('[data-lr-feed]'))
      root.addEventListener(FEED_SHOWN, () => collector.track('load', 0), { once: true });
    else collector.track('load', 0);
    collectors.set(root, collector);
  }
  // The layer shrinks when the controls come (and with the player): each time, the corners fit again.
  const layer = root.querySelector('.lr-contacts');
  // (Browsers without ResizeObserver, and jsdom, keep the corners as laid out.)
  if (layer && 'ResizeObserver' in window) new ResizeObserver(() => fitSlots(root)).observe(layer);
  const ratio = root.dataset.ratio;
  if (ratio && /^\d+\/\d+$/.test(ratio)) root.style.setProperty('--ratio', ratio);
  const button = root.querySelector<HTMLButtonElement>('.lr-play');
  if (!button) return;
  // The album feed (feed.ts) starts the slide in view without a press and readies the next one.
  root.addEventListener(FEED_START, (event) => {
    const muted = (event as CustomEvent<FeedStart | null>).detail?.muted !== false;
    void start(root, button, { muted, focus: false });
  });
  root.addEventListener(FEED_READY, () => void engineFor(root, true));
  // A site's email gate (gate.ts) may ask for the viewer's email before the video starts.
  const play = () =>
    throughGate(root, () => void start(root, button), {
      keep: !privacyMode(root),
      viewerId: () => viewerId(root),
      where,
    });
  button.addEventListener('click', play, { once: true });
  if (embedOptions(location.search).autoplay) {
    play();
    return;
  }
  // Warm the connection while the pointer heads for the button.
  button.addEventListener(
    'pointerenter',
    () => {
      const link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'script';
      link.href = hlsScript(root);
      document.head.append(link);
    },
    { once: true },
  );
}

for (const root of document.querySelectorAll<HTMLElement>('[data-lr-player]')) mount(root);

// "Copy link" among the share buttons needs script, so it shows only with it.
for (const button of document.querySelectorAll<HTMLButtonElement>('[data-lr-copy]')) {
  button.hidden = false;
  const label = button.textContent ?? '';
  button.addEventListener('click', () => {
    void navigator.clipboard?.writeText(button.dataset.lrCopy ?? '').then(() => {
      button.textContent = '✓';
      setTimeout(() => {
        button.textContent = label;
      }, 1500);
    });
  });
}

// Clicks on every contact button, over the player or on the watch page below it; the server renders each
// button's kind from CLICK_KINDS.
const firstPlayer = document.querySelector<HTMLElement>('[data-lr-player]');
for (const link of document.querySelectorAll<HTMLElement>('[data-lr-contact]')) {
  const root = link.closest<HTMLElement>('[data-lr-player]') ?? firstPlayer;
  link.addEventListener('click', () => root && recordClick(root, (link.dataset.lrContact ?? '') as ClickKind));
}
