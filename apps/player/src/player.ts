/**
 * The rest of the LeadReel player, which the facade (facade.ts) fetches on intent, or a page loads by itself
 * (the facade comes with it then). On play each facade becomes a <video> fed by native HLS where the browser
 * has it (Safari) or by hls.js, fetched from /player/hls.light.min.js, or from the build the facade names in
 * data-hls: the light build has no alternate audio, so a dubbed video (an audio track per language in its
 * master) names the full one. data-audio-lang is the audio language the page asks for (the watch page's
 * ?hl=); an embed asks with ?audioLang=, which comes first.
 */

import { watchPlayback } from './analytics.ts';
import type { HlsLike, mountControls } from './controls.ts';
import { hlsScript, mountFacades, privacyMode, showAt, timed, type Wake, wantsControls, where } from './facade.ts';
import type { mountForm } from './form.ts';
import { throughGate } from './gate.ts';
import { followLadder } from './ladder-growth.ts';
import { embedOptions, hlsConfig, languageTag } from './options.ts';

type Controls = { mountControls: typeof mountControls; mountForm?: typeof mountForm };

type HlsConstructor = {
  new (
    config?: Record<string, unknown>,
  ): HlsLike & {
    config: BufferGoals & { startPosition: number };
    loadSource(url: string): void;
    attachMedia(media: HTMLMediaElement): void;
    startLoad(startPosition: number): void;
    once(event: string, listener: () => void): void;
  };
  isSupported(): boolean;
  DefaultConfig: BufferGoals;
};

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

/**
 * A facade's <video> and what feeds it, made before play where the viewer shows intent: `ready` fetches the
 * start of the video (the album feed's next slide), `unleash` plays it as any other.
 */
type Engine = {
  video: HTMLVideoElement;
  hls: HlsLike | null;
  ready: () => void;
  unleash: () => void;
  /** Reads the master anew when a video still encoding offers more renditions (ladder-growth.ts). */
  refreshLevels?: () => Promise<unknown>;
};

/** Each facade's engine, made once: on intent, on play, or for the album feed's next slide. */
const engines = new WeakMap<HTMLElement, Promise<Engine | null>>();

/**
 * What a player readied ahead of play buffers: hls.js fetches whole segments and stops once this much is
 * buffered, so the album feed's next video holds its first segment, enough to start at once, and no more.
 */
const READY_SECONDS = 1;

function engineFor(root: HTMLElement): Promise<Engine | null> {
  let engine = engines.get(root);
  if (!engine) {
    engine = makeEngine(root);
    engines.set(root, engine);
  }
  return engine;
}

/**
 * The <video> of a facade, fed by hls.js wherever Media Source Extensions exist (our own adaptation and
 * quality menu, the same in every browser), by the browser's own HLS where they do not (iPhone Safari
 * before ManagedMediaSource); null where neither plays HLS. Made on intent, it has fetched the master playlist
 * and nothing more until it is readied or plays.
 */
async function makeEngine(root: HTMLElement): Promise<Engine | null> {
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
      // From the start, also for a ladder still encoding (its growing playlists look live to hls.js); held to
      // the first segment until it plays.
      const engine = new Hls({
        ...hlsConfig(options.start),
        autoStartLoad: false,
        maxBufferLength: READY_SECONDS,
        maxMaxBufferLength: READY_SECONDS,
      });
      engine.loadSource(source);
      engine.attachMedia(video);
      engine.on('hlsError', (_event, data) => {
        if (data?.fatal) showUnavailable(root);
      });
      let loading = false;
      const ready = () => {
        if (!loading) engine.startLoad(options.start);
        loading = true;
      };
      // A video still encoding gains renditions: the master is read anew at a moment that costs nothing.
      const growth = followLadder(engine, video, source, {
        restart: (at) => {
          if (loading) engine.startLoad(at);
        },
        // The controls' timeline reads it (controls.ts).
        onLength: (seconds) => {
          if (seconds) root.dataset.encodingLength = String(seconds);
          else delete root.dataset.encodingLength;
        },
      });
      // hls.js reads its goals as it goes (it lowers them itself when the browser's buffer is full).
      const { maxBufferLength, maxMaxBufferLength } = Hls.DefaultConfig;
      const unleash = () => {
        Object.assign(engine.config, { maxBufferLength, maxMaxBufferLength });
        ready();
      };
      return { video, hls: engine, ready, unleash, refreshLevels: growth.refresh };
    }
  }
  if (!video.canPlayType('application/vnd.apple.mpegurl')) return null;
  video.addEventListener('error', () => showUnavailable(root));
  // The browser's own HLS readies what it will of a video not yet playing (an iPhone fetches nothing).
  video.preload = 'metadata';
  video.src = options.start ? `${source}#t=${options.start}` : source;
  return {
    video,
    hls: null,
    ready: () => undefined,
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
  const controls = controlsFor(root);
  const engine = await engineFor(root);
  if (!engine) return;
  const { video, hls } = engine;
  engine.unleash();
  if (how.muted) video.muted = true;
  const collector = facade.collector(root);
  if (collector) watchPlayback(collector, video, hls);
  addTracks(root, video);
  root.replaceChildren(video, ...root.querySelectorAll(':scope > .lr-contacts, :scope > .lr-form'));
  const overlay = timed(root);
  const update = () => showAt(root, overlay, video.currentTime, video.ended);
  for (const event of ['timeupdate', 'ended', 'seeked', 'play']) video.addEventListener(event, update);
  facade.setClock(root, () => video.currentTime);
  const loaded = await controls;
  if (loaded && options.controls) {
    loaded.mountControls({
      root,
      video,
      hls,
      storyboard: root.dataset.storyboard ?? null,
      lang: document.documentElement.lang || navigator.language,
      audioLang: options.audioLang ?? languageTag(root.dataset.audioLang),
      refreshLevels: engine.refreshLevels,
    });
  }
  // The inquiry form: at its moment; one before play holds the start until it is sent (or skipped).
  const gate = loaded?.mountForm?.({
    root,
    video,
    lang: document.documentElement.lang || navigator.language,
    remember: !privacyMode(root),
    record: () => ({ ...where(), viewerId: facade.viewerId(root), sessionId: collector?.sessionId }),
    track: (kind) => collector?.track(kind, video.currentTime),
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

/** The controls bundle of a player that uses it (facade.ts's wantsControls), fetched once; null without. */
function controlsFor(root: HTMLElement): Promise<Controls | null> {
  return wantsControls(root)
    ? loadScript<Controls>(root.dataset.controls as string, 'LeadReelControls').catch(() => null)
    : Promise.resolve(null);
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

/** What each wake of the facade asks of a player. */
function wake(root: HTMLElement, reason: Wake) {
  const button = root.querySelector<HTMLButtonElement>('.lr-play');
  if (!button || !root.dataset.src) return;
  switch (reason.kind) {
    case 'intent':
      // What play needs, fetched and run while the pointer heads for the button: hls.js with the master
      // playlist, and the controls.
      if (!button.disabled) {
        void engineFor(root);
        void controlsFor(root);
      }
      return;
    case 'press':
      // A site's email gate (gate.ts) may ask for the viewer's email before the video starts.
      throughGate(root, () => void start(root, button), {
        keep: !privacyMode(root),
        viewerId: () => facade.viewerId(root),
        where,
      });
      return;
    case 'feed-start':
      void start(root, button, { muted: reason.muted, focus: false });
      return;
    case 'feed-ready':
      void engineFor(root).then((engine) => engine?.ready());
  }
}

// A page that loads this script by itself (an album's, a site's) has no facade yet: it comes with it.
const facade = window.LeadReelFacade ?? mountFacades(null);
facade.arrive(wake);
