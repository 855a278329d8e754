// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type HlsLike, mountControls } from './controls.ts';

// The audio language menu of a dubbed video. jsdom plays nothing and has no hls.js, so the browser's parts are
// stand-ins: an hls.js that lists the master's audio tracks and says so as hls.js does, and a video whose text
// tracks come from its <track>s and turn the default one on when it loads, as browsers do.

type Rendition = { name?: string; lang?: string; default?: boolean };

/** hls.js as the controls meet it: levels, audio tracks, and its events. */
class FakeHls implements HlsLike {
  levels = [];
  currentLevel = -1;
  autoLevelEnabled = true;
  audioTracks: Rendition[] = [];
  audioTrack = -1;
  listeners: [string, (event: string, data?: { id?: number }) => void][] = [];
  on(event: string, listener: (event: string, data?: { id?: number }) => void) {
    this.listeners.push([event, listener]);
  }
  emit(event: string, data?: { id?: number }) {
    for (const [name, listener] of this.listeners) if (name === event) listener(event, data);
  }
  /**
   * The master parsed: hls.js lists the tracks, then starts on the DEFAULT=YES one unless a listener chose
   * one meanwhile (audio-track-controller.ts).
   */
  parse(tracks: Rendition[]) {
    this.audioTracks = tracks;
    this.audioTrack = -1;
    this.emit('hlsAudioTracksUpdated');
    if (this.audioTrack !== -1) return;
    this.audioTrack = Math.max(
      0,
      tracks.findIndex((track) => track.default),
    );
    this.emit('hlsAudioTrackSwitching', { id: this.audioTrack });
  }
}

type Subtitle = { lang: string; label: string; isDefault?: boolean };

/** A <video> with its subtitle <track>s, as player.ts makes it, and the text tracks a browser makes of them. */
function videoWith(subtitles: Subtitle[]) {
  const video = document.createElement('video');
  const list = Object.assign(new EventTarget(), { tracks: [] as TextTrack[] });
  for (const { lang, label, isDefault } of subtitles) {
    const element = document.createElement('track');
    element.kind = 'subtitles';
    element.srclang = lang;
    element.label = label;
    element.default = !!isDefault;
    video.append(element);
    list.tracks.push({ kind: 'subtitles', language: lang, label, mode: 'disabled' } as TextTrack);
  }
  const textTracks = Object.assign(list, { [Symbol.iterator]: () => list.tracks[Symbol.iterator]() });
  Object.defineProperty(video, 'textTracks', { value: textTracks });
  return {
    video,
    /**
     * The video loads: the browser turns the default track on unless one already shows (HTML's automatic text
     * track selection, https://html.spec.whatwg.org/multipage/media.html#honor-user-preferences-for-automatic-text-track-selection).
     */
    load() {
      if (list.tracks.some((track) => track.mode === 'showing')) return;
      const elements = [...video.querySelectorAll('track')];
      const chosen = list.tracks[elements.findIndex((element) => element.default)];
      if (chosen) chosen.mode = 'showing';
      list.dispatchEvent(new Event('change'));
    },
    /** The language of the subtitles showing, or null when they are off. */
    showing: () => list.tracks.find((track) => track.mode === 'showing')?.language ?? null,
  };
}

function mount(
  options: { subtitles?: Subtitle[]; audioLang?: string | null; lang?: string; hls?: FakeHls | null } = {},
) {
  const root = document.createElement('div');
  document.body.append(root);
  const player = videoWith(options.subtitles ?? []);
  root.append(player.video);
  const hls = options.hls === undefined ? new FakeHls() : options.hls;
  mountControls({
    root,
    video: player.video,
    hls,
    storyboard: null,
    lang: options.lang ?? 'en',
    audioLang: options.audioLang ?? null,
  });
  const select = (name: string) => root.querySelector(`select.lr-${name}`) as HTMLSelectElement;
  const audio = select('audio');
  const labels = () => [...audio.options].map((option) => option.textContent);
  /** The viewer picks the option labelled `label`. */
  const pick = (label: string) => {
    audio.value = [...audio.options].find((option) => option.textContent === label)?.value ?? '';
    audio.dispatchEvent(new Event('change'));
  };
  return { ...player, root, hls: hls as FakeHls, audio, subtitles: select('subtitles'), labels, pick };
}

const ENGLISH_AND_SPANISH = [
  { name: 'English', lang: 'en', default: true },
  { name: 'español', lang: 'es-419' },
];
const SUBTITLES: Subtitle[] = [
  { lang: 'en', label: 'English', isDefault: true },
  { lang: 'es', label: 'Español' },
];

afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

describe('the audio language menu', () => {
  it('shows only when the video has two audio languages or more', () => {
    const player = mount();
    expect(player.audio.hidden).toBe(true);
    player.hls.parse([{ name: 'English', lang: 'en', default: true }]);
    expect(player.audio.hidden).toBe(true);
    player.hls.parse(ENGLISH_AND_SPANISH);
    expect(player.audio.hidden).toBe(false);
    expect(player.labels()).toEqual(['English', 'español']);
    expect(player.audio.value).toBe('0');

    // The browser's own HLS (no hls.js) lists no audio tracks here: no menu.
    expect(mount({ hls: null }).audio.hidden).toBe(true);
  });

  it('is labelled in the page language, beside the subtitles', () => {
    for (const [lang, label] of [
      ['en', 'Audio language'],
      ['zh-CN', '音频语言'],
    ]) {
      const { audio } = mount({ lang });
      expect(audio.getAttribute('aria-label')).toBe(label);
      expect(audio.title).toBe(label);
      expect(audio.previousElementSibling?.classList.contains('lr-subtitles')).toBe(true);
    }
  });

  it('names a track without a NAME by its language, in that language, and one without either by its number', () => {
    const player = mount();
    player.hls.parse([{ lang: 'en', default: true }, { lang: 'es' }, { lang: 'zh' }, { name: '' }]);
    expect(player.labels()).toEqual(['English', 'Español', '中文', '4']);
  });

  it('plays the language the viewer picks, and follows the switches hls.js makes', () => {
    const player = mount({ hls: new FakeHls() });
    player.hls.parse(ENGLISH_AND_SPANISH);
    player.pick('español');
    expect(player.hls.audioTrack).toBe(1);
    player.hls.emit('hlsAudioTrackSwitching', { id: 0 });
    expect(player.audio.value).toBe('0');
  });

  it('leaves keys on the menu to the menu, not to the player', () => {
    const player = mount();
    player.hls.parse(ENGLISH_AND_SPANISH);
    player.video.volume = 0.5;
    const key = new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true, cancelable: true });
    player.audio.dispatchEvent(key);
    expect(key.defaultPrevented).toBe(false);
    expect(player.video.volume).toBe(0.5);
  });
});

describe('subtitles and the audio language', () => {
  it('follow the language picked when they are on, a regional dub matching its language', () => {
    const player = mount({ subtitles: SUBTITLES });
    player.load();
    player.hls.parse([...ENGLISH_AND_SPANISH, { name: 'Deutsch', lang: 'de' }]);
    expect(player.showing()).toBe('en');
    player.pick('español');
    expect(player.showing()).toBe('es');
    expect(player.subtitles.value).toBe('1');
    // No German subtitles: the Spanish ones stay rather than none.
    player.pick('Deutsch');
    expect(player.showing()).toBe('es');
    player.pick('English');
    expect(player.showing()).toBe('en');
  });

  it('stay off for a viewer who turned them off', () => {
    const player = mount({ subtitles: SUBTITLES });
    player.load();
    player.hls.parse(ENGLISH_AND_SPANISH);
    player.subtitles.value = '';
    player.subtitles.dispatchEvent(new Event('change'));
    expect(player.showing()).toBeNull();
    player.pick('español');
    expect(player.showing()).toBeNull();
    expect(player.subtitles.value).toBe('');
  });
});

describe('the audio language the page asks for', () => {
  it('plays from the start, before hls.js starts on the default, with its subtitles once the video loads', () => {
    const player = mount({ subtitles: SUBTITLES, audioLang: 'es' });
    player.hls.parse(ENGLISH_AND_SPANISH);
    expect(player.hls.audioTrack).toBe(1);
    expect(player.audio.value).toBe('1');
    // A browser that makes its own choice at load (whatever shows) finds the Spanish track the default.
    const defaults = [...player.video.querySelectorAll('track')].filter((track) => track.default);
    expect(defaults.map((track) => track.srclang)).toEqual(['es']);
    player.load();
    expect(player.showing()).toBe('es');
    expect(player.subtitles.value).toBe('1');
  });

  it('is taken once: the viewer’s later choice stays when hls.js lists the tracks again', () => {
    const player = mount({ audioLang: 'ES-mx' });
    player.hls.parse(ENGLISH_AND_SPANISH);
    expect(player.hls.audioTrack).toBe(1);
    player.pick('English');
    player.hls.audioTracks = [...ENGLISH_AND_SPANISH];
    player.hls.emit('hlsAudioTracksUpdated');
    expect(player.hls.audioTrack).toBe(0);
  });

  it('is taken when hls.js knew the tracks before the controls came', () => {
    const hls = new FakeHls();
    hls.parse(ENGLISH_AND_SPANISH);
    expect(mount({ hls, audioLang: 'es' }).hls.audioTrack).toBe(1);
  });

  it('leaves the default, and subtitles as they were, when the video is not dubbed in it', () => {
    const player = mount({ subtitles: SUBTITLES, audioLang: 'fr' });
    player.hls.parse(ENGLISH_AND_SPANISH);
    player.load();
    expect(player.hls.audioTrack).toBe(0);
    expect(player.showing()).toBe('en');
  });

  it('turns no subtitles on when none are on by default', () => {
    const player = mount({ subtitles: SUBTITLES.map((track) => ({ ...track, isDefault: false })), audioLang: 'es' });
    player.hls.parse(ENGLISH_AND_SPANISH);
    player.load();
    expect(player.hls.audioTrack).toBe(1);
    expect(player.showing()).toBeNull();
  });
});

describe('a dubbed video on its page', () => {
  const made: PageHls[] = [];
  /** hls.js as player.ts makes it, from the script the facade names. */
  class PageHls extends FakeHls {
    static DefaultConfig = { maxBufferLength: 30, maxMaxBufferLength: 600 };
    static isSupported = () => true;
    config: Record<string, unknown>;
    constructor(config: Record<string, unknown>) {
      super();
      this.config = config;
      made.push(this);
    }
    loadSource() {}
    attachMedia() {}
    startLoad() {}
  }

  /** The page's player, its play button pressed; the scripts it fetched, and its hls.js. */
  async function play(attributes: string, search = '') {
    const id = '44444444-4444-4444-8444-444444444444';
    history.replaceState(null, '', `/v/${id}${search}`);
    document.body.innerHTML = `<div class="lr-player" data-lr-player data-src="/media/${id}/master.m3u8" data-video-id="${id}" data-scope="abcd" data-controls="/player/controls.js" ${attributes}>
      <button class="lr-play" type="button" aria-label="Play video: tour"></button>
    </div>`;
    made.length = 0;
    vi.restoreAllMocks();
    vi.stubGlobal('MediaSource', class {});
    vi.stubGlobal('Hls', PageHls);
    Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: () => true });
    const scripts: string[] = [];
    const append = document.head.append.bind(document.head);
    vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
      append(...nodes);
      for (const node of nodes)
        if (node instanceof HTMLScriptElement) {
          scripts.push(node.getAttribute('src') ?? '');
          setTimeout(() => node.onload?.(new Event('load')));
        }
    });
    // (jsdom's list of text tracks is no EventTarget; the controls listen to it.)
    vi.spyOn(HTMLMediaElement.prototype, 'textTracks', 'get').mockReturnValue(
      Object.assign(new EventTarget(), { [Symbol.iterator]: [][Symbol.iterator] }) as unknown as TextTrackList,
    );
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.resetModules();
    Reflect.deleteProperty(window, 'LeadReelFacade');
    await import('./controls-entry.ts');
    await import('./player.ts');
    document.querySelector<HTMLButtonElement>('.lr-play')?.click();
    await vi.waitFor(() => expect(document.querySelector('.lr-controls')).not.toBeNull());
    const hls = made[0] as PageHls;
    hls.parse([...ENGLISH_AND_SPANISH, { name: 'Deutsch', lang: 'de' }]);
    return { scripts, hls };
  }

  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(window, 'LeadReelControls');
  });

  it('fetches the hls.js build the page names (the light one has no alternate audio)', async () => {
    expect((await play('')).scripts).toContain('/player/hls.light.min.js');
    const { scripts } = await play('data-hls="/player/hls.min.js"');
    expect(scripts).toContain('/player/hls.min.js');
    expect(scripts).not.toContain('/player/hls.light.min.js');
  });

  it('starts in the language of data-audio-lang, or of the embed’s ?audioLang=', async () => {
    expect((await play('data-audio-lang="es"')).hls.audioTrack).toBe(1);
    expect((await play('data-audio-lang="es"', '?audioLang=de')).hls.audioTrack).toBe(2);
    for (const bad of ['', 'x'.repeat(10_000), 'de\u0000', 'de-\ud800', '&quot;de'])
      expect((await play(`data-audio-lang="${bad}"`)).hls.audioTrack, bad).toBe(0);
  });
});

describe('the timeline of a video still encoding', () => {
  /** A video that has played to 5 s of the 25 s encoded so far, of a 600 s whole the master announced. */
  function encoding() {
    const player = mount();
    player.root.dataset.encodingLength = '600';
    Object.defineProperty(player.video, 'duration', { configurable: true, get: () => 25 });
    Object.defineProperty(player.video, 'seekable', {
      configurable: true,
      get: () => ({ length: 1, start: () => 0, end: () => 25 }),
    });
    player.video.currentTime = 5;
    player.video.dispatchEvent(new Event('timeupdate'));
    const time = player.root.querySelector('.lr-time') as HTMLElement;
    const seek = player.root.querySelector('input.lr-seek') as HTMLInputElement;
    return { ...player, time, seek };
  }

  it('shows the whole length, not what is encoded so far', () => {
    const { time, seek } = encoding();
    expect(time.textContent).toBe('0:05 / 10:00');
    expect(seek.value).toBe(String(Math.round((5 / 600) * 1000)));
  });

  it('seeks no further than what can play, by the bar and by the keys', () => {
    const { root, video, seek } = encoding();
    seek.value = '500';
    seek.dispatchEvent(new Event('input'));
    expect(video.currentTime).toBe(25);
    video.currentTime = 5;
    root.dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true }));
    expect(video.currentTime).toBe(25);
    root.dispatchEvent(new KeyboardEvent('keydown', { key: '1', bubbles: true }));
    expect(video.currentTime).toBe(25);
    root.dispatchEvent(new KeyboardEvent('keydown', { key: 'Home', bubbles: true }));
    expect(video.currentTime).toBe(0);
  });

  it('shows the video’s own length once it is ready', () => {
    const { root, video, time } = encoding();
    delete root.dataset.encodingLength;
    video.dispatchEvent(new Event('durationchange'));
    expect(time.textContent).toBe('0:05 / 0:25');
  });
});
