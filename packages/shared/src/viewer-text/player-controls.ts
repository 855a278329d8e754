import type { Translation } from './translation.ts';

/** The player controls' labels, for screen readers and tooltips. */
const en = {
  play: 'Play',
  pause: 'Pause',
  mute: 'Mute',
  unmute: 'Unmute',
  volume: 'Volume',
  seek: 'Seek',
  speed: 'Speed',
  quality: 'Quality',
  auto: 'Auto',
  subtitles: 'Subtitles',
  audio: 'Audio language',
  off: 'Off',
  pip: 'Picture in picture',
  fullscreen: 'Full screen',
  exitFullscreen: 'Exit full screen',
  normal: 'Normal',
};

const zh: Translation<typeof en> = {
  play: '播放',
  pause: '暂停',
  mute: '静音',
  unmute: '取消静音',
  volume: '音量',
  seek: '进度',
  speed: '倍速',
  quality: '清晰度',
  auto: '自动',
  subtitles: '字幕',
  audio: '音频语言',
  off: '关闭',
  pip: '画中画',
  fullscreen: '全屏',
  exitFullscreen: '退出全屏',
  normal: '正常',
};

/** Keyed by the player's language (any zh tag speaks Chinese). */
export const PLAYER_CONTROLS_TEXT = { en, zh };
