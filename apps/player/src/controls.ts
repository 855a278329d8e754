import { nativeLanguageName } from '@leadreel/shared/languages';
import { clock, cueAt, parseStoryboard, type StoryboardCue } from '@leadreel/shared/storyboard';
import { PLAYER_CONTROLS_TEXT } from '@leadreel/shared/viewer-text/player-controls';

/**
 * The player's controls, loaded with hls.js when the viewer presses play: play/pause, seek with storyboard
 * thumbnails, volume, speed, quality, subtitles, audio language, picture-in-picture, fullscreen, keyboard
 * control, and a label on every control for screen readers, in the page's language (English or Chinese).
 */

type Level = { height: number; bitrate: number };
/** An audio rendition of the master (EXT-X-MEDIA TYPE=AUDIO): the original and each dubbed language. */
type AudioTrack = { name?: string; lang?: string };
/** The part of hls.js the controls use (quality levels, audio tracks), and the analytics (the level playing). */
export type HlsLike = {
  levels: Level[];
  currentLevel: number;
  autoLevelEnabled: boolean;
  /** hls.js's light build has no alternate audio: it lists none. */
  audioTracks?: AudioTrack[];
  audioTrack?: number;
  on(event: string, listener: (event: string, data?: { fatal?: boolean; level?: number; id?: number }) => void): void;
};

const TEXTS = PLAYER_CONTROLS_TEXT;
export type PlayerTexts = (typeof TEXTS)['en'];

export const textsFor = (lang: string): PlayerTexts => (lang.toLowerCase().startsWith('zh') ? TEXTS.zh : TEXTS.en);

const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 2];
const ICONS = {
  play: 'M8 5v14l11-7z',
  pause: 'M6 5h4v14H6zm8 0h4v14h-4z',
  volume: 'M3 9v6h4l5 5V4L7 9H3zm13.5 3A4.5 4.5 0 0 0 14 8v8a4.5 4.5 0 0 0 2.5-4z',
  muted:
    'M3 9v6h4l5 5V4L7 9H3zm13.6 3 2.9-2.9-1.4-1.4-2.9 2.9-2.9-2.9-1.4 1.4 2.9 2.9-2.9 2.9 1.4 1.4 2.9-2.9 2.9 2.9 1.4-1.4z',
  pip: 'M19 11h-8v6h8v-6zm4 8V5a2 2 0 0 0-2-2H3a2 2 0 0 0-2 2v14c0 1.1.9 2 2 2h18a2 2 0 0 0 2-2zm-2 0H3V5h18v14z',
  fullscreen: 'M7 14H5v5h5v-2H7v-3zm-2-4h2V7h3V5H5v5zm12 7h-3v2h5v-5h-2v3zM14 5v2h3v3h2V5h-5z',
};

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  attributes: Record<string, string> = {},
) {
  const node = document.createElement(tag);
  node.className = className;
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

function iconButton(className: string, label: string, icon: string) {
  const button = element('button', `lr-button ${className}`, { type: 'button', 'aria-label': label, title: label });
  setIcon(button, icon);
  return button;
}

function setIcon(button: HTMLButtonElement, path: string) {
  button.innerHTML = `<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="${path}"/></svg>`;
}

/** A select's options, as [value, text], in place of the ones it had. */
function setOptions(node: HTMLSelectElement, options: string[][]) {
  node.replaceChildren(
    ...options.map(([value = '', text = '']) => {
      const option = element('option', '', { value });
      option.textContent = text;
      return option;
    }),
  );
}

function select(className: string, label: string, options: string[][], value: string) {
  const node = element('select', `lr-select ${className}`, { 'aria-label': label, title: label });
  setOptions(node, options);
  node.value = value;
  return node;
}

/** The primary language subtag (es of es-419): a Latin American dub and a Spanish subtitle track speak alike. */
const sameLanguage = (a = '', b = '') => !!a && a.split('-')[0]?.toLowerCase() === b.split('-')[0]?.toLowerCase();

export function mountControls(options: {
  root: HTMLElement;
  video: HTMLVideoElement;
  hls: HlsLike | null;
  storyboard: string | null;
  lang: string;
  /** The audio language the page asks for (a language tag), played from the start when the video has it. */
  audioLang?: string | null;
  /**
   * Loads the master again when a video still encoding offers more renditions (ladder-growth.ts): asked as
   * the viewer opens the quality menu, which then lists them.
   */
  refreshLevels?: () => Promise<unknown>;
}) {
  const { root, video, hls } = options;
  const t = textsFor(options.lang);
  video.controls = false;
  const bar = element('div', 'lr-controls');
  const play = iconButton('lr-toggle', t.play, ICONS.play);
  const time = element('span', 'lr-time', { 'aria-live': 'off' });
  const seek = element('input', 'lr-seek', {
    type: 'range',
    min: '0',
    max: '1000',
    step: '1',
    value: '0',
    'aria-label': t.seek,
  });
  const preview = element('div', 'lr-preview', { 'aria-hidden': 'true' });
  const previewTime = element('span', 'lr-preview-time');
  preview.append(previewTime);
  const seekWrap = element('div', 'lr-seek-wrap');
  seekWrap.append(seek, preview);
  const mute = iconButton('lr-mute', video.muted ? t.unmute : t.mute, video.muted ? ICONS.muted : ICONS.volume);
  const volume = element('input', 'lr-volume', {
    type: 'range',
    min: '0',
    max: '1',
    step: '0.05',
    'aria-label': t.volume,
  });
  volume.value = String(video.muted ? 0 : video.volume);
  const speed = select(
    'lr-speed',
    t.speed,
    SPEEDS.map((rate) => [String(rate), rate === 1 ? t.normal : `${rate}×`]),
    '1',
  );
  const quality = select('lr-quality', t.quality, [['-1', t.auto]], '-1');
  quality.hidden = true;
  const subtitles = select('lr-subtitles', t.subtitles, [['', t.off]], '');
  subtitles.hidden = true;
  const audio = select('lr-audio', t.audio, [], '');
  audio.hidden = true;
  const pip = iconButton('lr-pip', t.pip, ICONS.pip);
  pip.hidden = !document.pictureInPictureEnabled;
  const fullscreen = iconButton('lr-fullscreen', t.fullscreen, ICONS.fullscreen);
  fullscreen.hidden = !document.fullscreenEnabled;
  bar.append(play, time, seekWrap, mute, volume, speed, quality, subtitles, audio, pip, fullscreen);
  root.append(bar);
  root.classList.add('lr-has-controls');
  root.tabIndex = -1;

  // While the video encodes, its playlists hold only what is encoded so far: the timeline shows the whole
  // length the master announces (ladder-growth.ts), and a seek goes no further than what can play.
  const duration = () =>
    Math.max(Number.isFinite(video.duration) ? video.duration : 0, Number(root.dataset.encodingLength) || 0);
  const seekTo = (seconds: number) => {
    const { seekable } = video;
    const end = seekable.length > 0 ? seekable.end(seekable.length - 1) : duration();
    video.currentTime = Math.max(0, Math.min(seconds, end));
  };
  const render = () => {
    const playing = !video.paused;
    setIcon(play, playing ? ICONS.pause : ICONS.play);
    play.setAttribute('aria-label', playing ? t.pause : t.play);
    play.title = playing ? t.pause : t.play;
    time.textContent = `${clock(video.currentTime)} / ${clock(duration())}`;
    if (!seeking) seek.value = String(duration() ? Math.round((video.currentTime / duration()) * 1000) : 0);
    seek.setAttribute('aria-valuetext', `${clock(video.currentTime)} / ${clock(duration())}`);
    const silent = video.muted || video.volume === 0;
    setIcon(mute, silent ? ICONS.muted : ICONS.volume);
    mute.setAttribute('aria-label', silent ? t.unmute : t.mute);
    volume.value = String(silent ? 0 : video.volume);
    const full = document.fullscreenElement === root;
    fullscreen.setAttribute('aria-label', full ? t.exitFullscreen : t.fullscreen);
    root.classList.toggle('lr-paused', video.paused);
  };
  let seeking = false;
  for (const event of ['play', 'pause', 'timeupdate', 'durationchange', 'volumechange', 'loadedmetadata']) {
    video.addEventListener(event, render);
  }
  document.addEventListener('fullscreenchange', render);

  const toggle = () => (video.paused ? void video.play().catch(() => undefined) : video.pause());
  play.addEventListener('click', toggle);
  video.addEventListener('click', toggle);
  seek.addEventListener('input', () => {
    seeking = true;
    seekTo((Number(seek.value) / 1000) * duration());
  });
  seek.addEventListener('change', () => {
    seeking = false;
  });
  mute.addEventListener('click', () => {
    if (video.muted || video.volume === 0) {
      video.muted = false;
      if (video.volume === 0) video.volume = 0.5;
    } else video.muted = true;
  });
  volume.addEventListener('input', () => {
    video.volume = Number(volume.value);
    video.muted = video.volume === 0;
  });
  speed.addEventListener('change', () => {
    video.playbackRate = Number(speed.value);
  });
  pip.addEventListener('click', () => {
    if (document.pictureInPictureElement) void document.exitPictureInPicture();
    else void video.requestPictureInPicture().catch(() => undefined);
  });
  fullscreen.addEventListener('click', () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void root.requestFullscreen().catch(() => undefined);
  });

  // Quality: the renditions hls.js found, highest first, and Auto (adaptive, the default).
  if (hls) {
    const fill = () => {
      const levels = hls.levels
        .map((level, index) => ({ level, index }))
        .sort((a, b) => b.level.height - a.level.height);
      setOptions(quality, [['-1', t.auto], ...levels.map(({ level, index }) => [String(index), `${level.height}p`])]);
      quality.value = hls.autoLevelEnabled ? '-1' : String(hls.currentLevel);
      quality.hidden = levels.length === 0;
    };
    hls.on('hlsManifestParsed', fill);
    if (hls.levels.length > 0) fill();
    quality.addEventListener('change', () => {
      hls.currentLevel = Number(quality.value);
    });
    const { refreshLevels } = options;
    if (refreshLevels) {
      for (const event of ['pointerdown', 'focus']) quality.addEventListener(event, () => void refreshLevels());
    }
  }

  // Subtitles: the <track>s of the video, and Off.
  const subtitleTracks = () =>
    [...video.textTracks].filter((track) => track.kind === 'subtitles' || track.kind === 'captions');
  const showSubtitles = (value: string) => {
    subtitleTracks().forEach((track, index) => {
      track.mode = String(index) === value ? 'showing' : 'disabled';
    });
    subtitles.value = value;
  };
  const fillSubtitles = () => {
    const tracks = subtitleTracks();
    setOptions(subtitles, [
      ['', t.off],
      ...tracks.map((track, index) => [String(index), track.label || track.language]),
    ]);
    const showing = tracks.findIndex((track) => track.mode === 'showing');
    subtitles.value = showing >= 0 ? String(showing) : '';
    subtitles.hidden = tracks.length === 0;
  };
  subtitles.addEventListener('change', () => showSubtitles(subtitles.value));
  video.textTracks.addEventListener('addtrack', fillSubtitles);
  // The default track turns itself on once the video loads.
  video.textTracks.addEventListener('change', () => {
    const showing = subtitleTracks().findIndex((track) => track.mode === 'showing');
    subtitles.value = showing >= 0 ? String(showing) : '';
  });
  fillSubtitles();

  // Audio language: the original and its dubs, when there are two or more (docs/product.md "Speech tasks").
  if (hls) {
    let asked = options.audioLang;
    const choose = (index: number, starting = false) => {
      hls.audioTrack = index;
      audio.value = String(index);
      const lang = hls.audioTracks?.[index]?.lang;
      const match = subtitleTracks().findIndex((track) => sameLanguage(track.language, lang));
      const defaults = [...video.querySelectorAll('track')];
      // At the start the default <track> may not show yet, but is about to: it makes way for the language's.
      const on =
        subtitleTracks().some((track) => track.mode === 'showing') || (starting && defaults.some((d) => d.default));
      if (match < 0 || !on) return;
      if (starting) for (const track of defaults) track.default = sameLanguage(track.srclang, lang);
      showSubtitles(String(match));
    };
    const fillAudio = () => {
      const tracks = hls.audioTracks ?? [];
      setOptions(
        audio,
        tracks.map((track, index) => [
          String(index),
          track.name || nativeLanguageName(track.lang ?? '') || String(index + 1),
        ]),
      );
      audio.value = String(hls.audioTrack);
      audio.hidden = tracks.length < 2;
      // The language the page asks for, once, as soon as the tracks are known (before any audio is fetched).
      const start = tracks.findIndex((track) => sameLanguage(track.lang, asked ?? ''));
      if (tracks.length > 0) asked = null;
      if (start >= 0) choose(start, true);
    };
    hls.on('hlsAudioTracksUpdated', fillAudio);
    // hls.js's own choice (the DEFAULT=YES track) is known as it starts switching to it.
    hls.on('hlsAudioTrackSwitching', (_event, data) => {
      audio.value = String(data?.id ?? hls.audioTrack);
    });
    fillAudio();
    audio.addEventListener('change', () => choose(Number(audio.value)));
  }

  // Storyboard thumbnails over the seek bar.
  let cues: StoryboardCue[] = [];
  if (options.storyboard) {
    const url = new URL(options.storyboard, location.href).toString();
    void fetch(url)
      .then((response) => (response.ok ? response.text() : ''))
      .then((text) => {
        cues = parseStoryboard(text, url);
      })
      .catch(() => undefined);
  }
  seekWrap.addEventListener('pointermove', (event) => {
    const box = seek.getBoundingClientRect();
    const fraction = Math.min(1, Math.max(0, (event.clientX - box.left) / box.width));
    const at = fraction * duration();
    previewTime.textContent = clock(at);
    const cue = cueAt(cues, at);
    if (cue) {
      preview.style.width = `${cue.w}px`;
      preview.style.height = `${cue.h}px`;
      preview.style.backgroundImage = `url("${cue.image}")`;
      preview.style.backgroundPosition = `-${cue.x}px -${cue.y}px`;
    }
    preview.style.left = `${Math.min(Math.max(0, event.clientX - box.left - (cue?.w ?? 40) / 2), box.width - (cue?.w ?? 80))}px`;
    preview.classList.add('lr-visible');
  });
  seekWrap.addEventListener('pointerleave', () => preview.classList.remove('lr-visible'));

  // Keyboard, when the player has focus: space/k play, arrows seek and volume, Home/End and 0-9 jump,
  // m mute, f full screen. Each key it handles stays in the player: Home does not scroll the page away.
  root.addEventListener('keydown', (event) => {
    const target = event.target as HTMLElement;
    if (target.tagName === 'SELECT' || (target.tagName === 'INPUT' && event.key !== ' ' && event.key !== 'k')) return;
    const key = event.key.toLowerCase();
    let handled = true;
    if (key === ' ' || key === 'k') toggle();
    else if (key === 'arrowleft') seekTo(video.currentTime - 5);
    else if (key === 'arrowright') seekTo(video.currentTime + 5);
    else if (key === 'arrowup') video.volume = Math.min(1, video.volume + 0.1);
    else if (key === 'arrowdown') video.volume = Math.max(0, video.volume - 0.1);
    else if (key === 'm') mute.click();
    else if (key === 'f') fullscreen.click();
    else if (key === 'home') seekTo(0);
    else if (key === 'end') seekTo(duration());
    else if (/^[0-9]$/.test(key)) seekTo((Number(key) / 10) * duration());
    else handled = false;
    if (handled) event.preventDefault();
  });

  // The controls fade while playing and the viewer is away; any movement or key brings them back.
  let idle: ReturnType<typeof setTimeout> | undefined;
  const wake = () => {
    root.classList.remove('lr-idle');
    clearTimeout(idle);
    idle = setTimeout(() => {
      if (!video.paused && !root.contains(document.activeElement === root ? null : document.activeElement))
        root.classList.add('lr-idle');
    }, 2500);
  };
  for (const event of ['pointermove', 'keydown', 'focusin']) root.addEventListener(event, wake);
  render();
  wake();
}
