// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';

// The album feed driving the real player (player.ts and feed.ts as the page loads them). jsdom lays nothing
// out, plays nothing and has no hls.js, so the browser's parts are stand-ins: an IntersectionObserver the test
// moves, media elements that remember whether they play, and an hls.js that keeps what it is told.

/**
 * The feed's page, its videos' ids new for each page: a page left by an earlier test may still be loading
 * or counting, and what it does is not this one's.
 */
const idsOf = (run: number) =>
  [1, 2, 3].map((n) => `${String(n).repeat(8)}-0000-4000-8000-${String(run).padStart(12, '0')}`);
const page = (ids: string[]) =>
  `<main class="album-feed" data-lr-feed>${ids
    .map(
      (id) => `<section class="album-slide" id="v-${id}" data-lr-slide>
  <div class="lr-player" data-lr-player data-src="/media/${id}/master.m3u8" data-video-id="${id}" data-scope="abcd" data-controls="/player/controls.js">
    <img src="/media/${id}/poster.jpg" alt=""><button class="lr-play" type="button" aria-label="Play video: ${id}"></button>
    <div class="lr-contacts"></div>
  </div>
  <div class="album-caption"><h2>${id}</h2><input type="text" aria-label="typing"></div>
</section>`,
    )
    .join('')}</main><button type="button" data-lr-sound hidden>Tap for sound</button>`;

/** What the stand-in hls.js was made with and given. */
class FakeHls {
  static DefaultConfig = { maxBufferLength: 30, maxMaxBufferLength: 600 };
  static made: FakeHls[] = [];
  static isSupported = () => true;
  config: Record<string, unknown>;
  levels = [];
  currentLevel = -1;
  autoLevelEnabled = true;
  source = '';
  /** Where loading started (startLoad), null while only the master playlist is fetched. */
  loading: number | null = null;
  constructor(config: Record<string, unknown>) {
    this.config = { ...config };
    FakeHls.made.push(this);
  }
  loadSource(url: string) {
    this.source = url;
  }
  attachMedia() {}
  startLoad(at: number) {
    this.loading = at;
  }
  on() {}
}

let report: (ratios: number[]) => void = () => undefined;
let runs = 0;
/** The engines this test's page made, in order. */
let made: () => FakeHls[] = () => [];

async function loadFeed({ reducedMotion = false, linkedSlide = -1 } = {}) {
  const ids = idsOf(++runs);
  document.body.innerHTML = page(ids);
  history.replaceState(null, '', `/a/album${linkedSlide >= 0 ? `#v-${ids[linkedSlide]}` : ''}`);
  made = () => FakeHls.made.filter((engine) => ids.some((id) => engine.source.includes(id)));
  const slides = [...document.querySelectorAll<HTMLElement>('[data-lr-slide]')];
  for (const [at, slide] of slides.entries()) Object.defineProperty(slide, 'offsetTop', { value: at * 800 });
  const feed = document.querySelector<HTMLElement>('[data-lr-feed]') as HTMLElement;
  const scrolls: ScrollToOptions[] = [];
  feed.scrollTo = ((options: ScrollToOptions) => scrolls.push(options)) as typeof feed.scrollTo;

  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: IntersectionObserverCallback) {
        report = (ratios) =>
          callback(
            ratios.map(
              (intersectionRatio, at) =>
                ({ target: slides[at], intersectionRatio }) as unknown as IntersectionObserverEntry,
            ),
            this as unknown as IntersectionObserver,
          );
      }
      observe() {}
    },
  );
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: reducedMotion && query.includes('reduce') }));
  vi.stubGlobal('MediaSource', class {});
  vi.stubGlobal('Hls', FakeHls);
  const beacons: { url: string; body: Record<string, unknown> }[] = [];
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string, body: string) => beacons.push({ url, body: JSON.parse(body) }) > 0,
  });
  // Scripts "load" at once (jsdom fetches none): hls.js is the stand-in above.
  const append = document.head.append.bind(document.head);
  vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
    append(...nodes);
    for (const node of nodes) if (node instanceof HTMLScriptElement) setTimeout(() => node.onload?.(new Event('load')));
  });
  // (jsdom's list of text tracks is no EventTarget; the controls listen to it.)
  const tracks = new WeakMap<HTMLMediaElement, EventTarget>();
  vi.spyOn(HTMLMediaElement.prototype, 'textTracks', 'get').mockImplementation(function (this: HTMLMediaElement) {
    if (!tracks.has(this))
      tracks.set(this, Object.assign(new EventTarget(), { length: 0, [Symbol.iterator]: [][Symbol.iterator] }));
    return tracks.get(this) as unknown as TextTrackList;
  });
  const playing = new WeakMap<HTMLMediaElement, boolean>();
  vi.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockImplementation(function (this: HTMLMediaElement) {
    return !playing.get(this);
  });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    playing.set(this, true);
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    if (!playing.get(this)) return;
    playing.set(this, false);
    this.dispatchEvent(new Event('pause'));
  });
  vi.resetModules();
  // A new page: no facade yet (album pages load player.js by itself, which brings it).
  Reflect.deleteProperty(window, 'LeadReelFacade');
  // The real controls, as controls.js defines them when the player fetches it.
  await import('./controls-entry.ts');
  await import('./player.ts');
  await import('./feed.ts');
  const players = [...document.querySelectorAll<HTMLElement>('[data-lr-player]')];
  const hint = document.querySelector<HTMLButtonElement>('[data-lr-sound]') as HTMLButtonElement;
  const videoOf = (at: number) => players[at]?.querySelector('video') ?? null;
  return { ids, players, hint, videoOf, scrolls, beacons };
}

const key = (name: string, target: EventTarget = document.body) =>
  target.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the album feed', () => {
  it('plays the slide in view muted, and readies only the next one, holding it to its first segment', async () => {
    const { ids, videoOf, hint } = await loadFeed();
    report([1, 0, 0]);
    await vi.waitFor(() => expect(videoOf(0)?.paused).toBe(false));
    const first = videoOf(0) as HTMLVideoElement;
    expect(first.muted).toBe(true);
    expect(hint.hidden).toBe(false);
    // Playing the first made the second's engine (not yet on the page), and nothing of the third.
    await vi.waitFor(() => expect(made()).toHaveLength(2));
    const [playing, readied] = made();
    expect(playing?.source).toBe(`/media/${ids[0]}/master.m3u8`);
    expect(playing?.config).toMatchObject({ maxBufferLength: 30, maxMaxBufferLength: 600 });
    expect(playing?.loading).toBe(0);
    expect(readied?.source).toBe(`/media/${ids[1]}/master.m3u8`);
    expect(readied?.config).toMatchObject({ maxBufferLength: 1, maxMaxBufferLength: 1 });
    expect(readied?.loading).toBe(0);
    expect(videoOf(1)).toBeNull();

    // Swiped: the first pauses, the second plays on the engine readied for it, buffering as any other.
    report([0.2, 0.8, 0]);
    await vi.waitFor(() => expect(videoOf(1)?.paused).toBe(false));
    expect(first.paused).toBe(true);
    expect(readied?.config).toMatchObject({ maxBufferLength: 30, maxMaxBufferLength: 600 });
    await vi.waitFor(() => expect(made()).toHaveLength(3));
    expect(location.hash).toBe(`#v-${ids[1]}`);
  });

  it('turns the sound on with a tap on the video, and the next slides start with it', async () => {
    const { videoOf, hint } = await loadFeed();
    report([1, 0, 0]);
    await vi.waitFor(() => expect(videoOf(0)?.paused).toBe(false));
    const first = videoOf(0) as HTMLVideoElement;
    first.click();
    expect(first.muted).toBe(false);
    // The tap was for sound: the video did not pause.
    expect(first.paused).toBe(false);
    expect(hint.hidden).toBe(true);

    report([0, 1, 0]);
    await vi.waitFor(() => expect(videoOf(1)?.paused).toBe(false));
    expect(videoOf(1)?.muted).toBe(false);
    // Back to the first: it plays again, with sound, where it was.
    report([1, 0, 0]);
    expect(first.paused).toBe(false);
    expect(first.muted).toBe(false);

    // The hint turns the sound off and on too.
    first.click();
    expect(hint.hidden).toBe(false);
    hint.click();
    expect(first.muted).toBe(false);
  });

  it('starts muted when the browser refuses sound without a press', async () => {
    const { videoOf } = await loadFeed();
    report([1, 0, 0]);
    await vi.waitFor(() => expect(videoOf(0)?.paused).toBe(false));
    (videoOf(0) as HTMLVideoElement).click();
    vi.mocked(HTMLMediaElement.prototype.play).mockImplementationOnce(() =>
      Promise.reject(new DOMException('no sound without a press', 'NotAllowedError')),
    );
    report([0, 1, 0]);
    await vi.waitFor(() => expect(videoOf(1)?.paused).toBe(false));
    expect(videoOf(1)?.muted).toBe(true);
  });

  it('moves between slides with ArrowDown and ArrowUp, but not while the viewer types', async () => {
    const { scrolls } = await loadFeed();
    report([1, 0, 0]);
    expect(key('ArrowDown')).toBe(false);
    expect(scrolls.at(-1)).toEqual({ top: 800, behavior: 'smooth' });
    report([0, 1, 0]);
    key('ArrowDown');
    expect(scrolls.at(-1)).toEqual({ top: 1600, behavior: 'smooth' });
    key('ArrowUp');
    expect(scrolls.at(-1)).toEqual({ top: 0, behavior: 'smooth' });
    const count = scrolls.length;
    expect(key('ArrowDown', document.querySelector('input') as HTMLInputElement)).toBe(true);
    key('ArrowLeft');
    key('ArrowDown', document.body);
    expect(scrolls).toHaveLength(count + 1);
  });

  it('starts nothing by itself for a viewer who asks for reduced motion', async () => {
    const { videoOf, players, hint, scrolls } = await loadFeed({ reducedMotion: true });
    report([1, 0, 0]);
    // (A start disables the play button at once, before anything loads.)
    expect(players[0]?.querySelector<HTMLButtonElement>('.lr-play')?.disabled).toBe(false);
    expect(videoOf(0)).toBeNull();
    expect(made()).toHaveLength(0);
    expect(hint.hidden).toBe(true);
    // Each slide keeps its play button; a press plays with sound.
    players[0]?.querySelector<HTMLButtonElement>('.lr-play')?.click();
    await vi.waitFor(() => expect(videoOf(0)?.paused).toBe(false));
    expect(videoOf(0)?.muted).toBe(false);
    key('ArrowDown');
    expect(scrolls.at(-1)).toEqual({ top: 800, behavior: 'auto' });
  });

  it('counts a slide as shown when it comes into view, not when the page loads', async () => {
    const { ids, beacons } = await loadFeed({ reducedMotion: true });
    report([1, 0, 0]);
    report([0.3, 0.7, 0]);
    report([1, 0, 0]);
    window.dispatchEvent(new Event('pagehide'));
    const loads = beacons
      .filter(({ url }) => url === '/api/public/events')
      .flatMap(({ body }) =>
        (body.events as { kind: string }[]).filter((event) => event.kind === 'load').map(() => body.videoId),
      )
      .filter((videoId) => ids.includes(videoId as string));
    expect(loads.sort()).toEqual([ids[0], ids[1]]);
  });

  it('opens at the slide its address names, before any slide starts', async () => {
    const { players, scrolls } = await loadFeed({ linkedSlide: 2 });
    expect(scrolls).toEqual([{ top: 1600, behavior: 'instant' }]);
    expect(players.every((player) => !player.querySelector<HTMLButtonElement>('.lr-play')?.disabled)).toBe(true);
  });
});
