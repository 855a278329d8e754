// @vitest-environment jsdom
import { ENCODING_LENGTH, ENCODING_MARK } from '@leadreel/shared/encoding-mark';
import { describe, expect, it, vi } from 'vitest';
import { followLadder, type GrowingHls, variantCount } from './ladder-growth.ts';

// A video still encoding: its master gains renditions. jsdom plays nothing and has no hls.js, so hls.js is a
// stand-in that parses whatever master the server answers when it loads the source, as hls.js does.

const master = (rungs: string[], encoding: boolean, lengthSec?: number) =>
  [
    '#EXTM3U',
    ...rungs.flatMap((rung) => [`#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=${rung}`, `${rung}/index.m3u8`]),
    ...(encoding ? [ENCODING_MARK] : []),
    ...(encoding && lengthSec ? [`${ENCODING_LENGTH} ${lengthSec.toFixed(3)}`] : []),
    '',
  ].join('\n');

/** The server: each request answers the next master of `answers`, the last one for ever after. */
function server(answers: string[]) {
  const asked: string[] = [];
  return {
    asked,
    fetchText: async (url: string) => {
      asked.push(url);
      return (answers.length > 1 ? answers.shift() : answers[0]) as string;
    },
    current: () => answers[0] as string,
  };
}

class FakeHls implements GrowingHls {
  levels: unknown[] = [];
  config = { startPosition: -1 };
  loads: { url: string; startPosition: number }[] = [];
  private listeners: [string, () => void, boolean][] = [];
  private readonly source: () => string;
  constructor(source: () => string) {
    this.source = source;
  }
  on(event: string, listener: () => void) {
    this.listeners.push([event, listener, false]);
  }
  once(event: string, listener: () => void) {
    this.listeners.push([event, listener, true]);
  }
  loadSource(url: string) {
    this.loads.push({ url, startPosition: this.config.startPosition });
    setTimeout(() => this.parse(), 0);
  }
  /** hls.js has read the master: its levels are the master's variants. */
  parse() {
    this.levels = Array.from({ length: variantCount(this.source()) });
    const listeners = this.listeners.filter(([name]) => name === 'hlsManifestParsed');
    this.listeners = this.listeners.filter(([name, , once]) => name !== 'hlsManifestParsed' || !once);
    for (const [, listener] of listeners) listener();
  }
}

function playing(video: HTMLVideoElement, value: boolean) {
  Object.defineProperty(video, 'paused', { configurable: true, get: () => !value });
  Object.defineProperty(video, 'readyState', { configurable: true, get: () => (value ? 4 : 1) });
}

describe('followLadder', () => {
  /** Follows a video whose server answers `masters` in turn until one says it is ready: the lengths told. */
  async function lengthsTold(masters: string[]) {
    const answers = server(masters);
    const hls = new FakeHls(answers.current);
    const lengths: (number | null)[] = [];
    followLadder(hls, document.createElement('video'), '/media/v/master.m3u8', {
      pollMs: 5,
      fetchText: answers.fetchText,
      onLength: (seconds) => lengths.push(seconds),
    });
    hls.loadSource('/media/v/master.m3u8');
    await vi.waitFor(() => expect(lengths.at(-1)).toBeNull());
    return { lengths, asked: answers.asked };
  }

  it('tells the whole length while the master announces it, then none once the video is ready', async () => {
    const { lengths } = await lengthsTold([
      master(['640x360'], true, 600),
      master(['640x360'], true, 600),
      master(['640x360'], false),
    ]);
    expect(lengths).toEqual([600, 600, null]);
  });

  it('keeps the length it knew when asking for the master fails once, and asks again', async () => {
    const { lengths, asked } = await lengthsTold([master(['640x360'], true, 90), '', master(['640x360'], false)]);
    expect(lengths).toEqual([90, null]);
    expect(asked).toHaveLength(3);
  });

  it('loads the master again where the viewer is once it offers more renditions, and stops asking when it is whole', async () => {
    const answers = server([
      master(['640x360'], true),
      master(['640x360'], true),
      master(['1280x720', '640x360'], true),
      master(['1280x720', '640x360'], false),
    ]);
    const hls = new FakeHls(answers.current);
    const video = document.createElement('video');
    video.currentTime = 12;
    followLadder(hls, video, '/media/v/master.m3u8', { pollMs: 5, fetchText: answers.fetchText });
    hls.loadSource('/media/v/master.m3u8');
    await vi.waitFor(() => expect(hls.levels).toHaveLength(2));
    // Paused: it reloaded as soon as it saw the second rendition, from the viewer's place.
    expect(hls.loads.at(-1)).toEqual({ url: '/media/v/master.m3u8', startPosition: 12 });
    await vi.waitFor(() => expect(answers.asked.length).toBeGreaterThanOrEqual(4));
    const asked = answers.asked.length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answers.asked).toHaveLength(asked);
  });

  it('never interrupts smooth playback: it waits for a pause, a seek, a stall or the quality menu', async () => {
    const answers = server([master(['640x360'], true), master(['1280x720', '640x360'], true)]);
    const hls = new FakeHls(answers.current);
    const video = document.createElement('video');
    playing(video, true);
    const growth = followLadder(hls, video, '/m.m3u8', { pollMs: 5, fetchText: answers.fetchText });
    hls.loadSource('/m.m3u8');
    await vi.waitFor(() => expect(answers.asked.length).toBeGreaterThanOrEqual(3));
    expect(hls.loads).toHaveLength(1);
    expect(hls.levels).toHaveLength(1);
    // The viewer opens the quality menu: the renditions come, and playback goes on.
    const play = vi.spyOn(video, 'play').mockResolvedValue(undefined);
    expect(await growth.refresh()).toBe(true);
    expect(hls.levels).toHaveLength(2);
    expect(play).toHaveBeenCalled();
    // Nothing more to offer: nothing is loaded again.
    expect(await growth.refresh()).toBe(false);
    expect(hls.loads).toHaveLength(2);
  });

  it('asks once for a finished video’s master', async () => {
    const answers = server([master(['1280x720', '640x360'], false)]);
    const hls = new FakeHls(answers.current);
    followLadder(hls, document.createElement('video'), '/m.m3u8', { pollMs: 5, fetchText: answers.fetchText });
    hls.loadSource('/m.m3u8');
    await vi.waitFor(() => expect(answers.asked).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(answers.asked).toHaveLength(1);
    expect(hls.loads).toHaveLength(1);
  });
});
