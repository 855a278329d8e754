// @vitest-environment jsdom
import {
  ANALYTICS_BATCH_MAX_BYTES,
  ANALYTICS_BATCH_MAX_EVENTS,
  type AnalyticsBatch,
  analyticsBatchBody,
  HEARTBEAT_INTERVALS_MAX,
  type PlayEvent,
} from '@leadreel/shared/contracts/analytics';
import { MAX_VIDEO_SECONDS, VIEWER_ID } from '@leadreel/shared/contracts/player';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  asksNotToBeTracked,
  BATCH_BYTES,
  BATCH_EVENTS,
  batches,
  createCollector,
  createPlayed,
  FLUSH_MS,
  HEARTBEAT_MS,
  INTERVALS_PER_BEAT,
  MAX_SECONDS,
  send,
  sessionToken,
  uuid,
  watchPlayback,
} from './analytics.ts';
import type { HlsLike } from './controls.ts';

const VIDEO_ID = '11111111-1111-4111-8111-111111111111';
const HEAD = {
  videoId: VIDEO_ID,
  sessionId: 'abcdefghijklmnopqrstuv',
  page: 'http://192.168.1.20:8080/v/tour',
  referrer: '',
};

const event = (kind: PlayEvent['kind'], extra: Partial<PlayEvent> = {}): PlayEvent => ({
  id: uuid(),
  kind,
  at: Date.now(),
  position: 0,
  ...extra,
});

describe('the limits the player keeps', () => {
  it('are the contract’s, restated without its zod', () => {
    expect(BATCH_EVENTS).toBe(ANALYTICS_BATCH_MAX_EVENTS);
    expect(BATCH_BYTES).toBeLessThan(ANALYTICS_BATCH_MAX_BYTES);
    expect(INTERVALS_PER_BEAT).toBe(HEARTBEAT_INTERVALS_MAX);
    expect(MAX_SECONDS).toBe(MAX_VIDEO_SECONDS);
  });
});

describe('ids', () => {
  it('are UUIDs version 7: the time first, so ids made later sort later, and random after it', () => {
    // As on an http:// origin: getRandomValues only.
    const insecure = { getRandomValues: (array: Uint8Array<ArrayBuffer>) => crypto.getRandomValues(array) };
    const start = Date.parse('2026-11-25T12:00:00Z');
    const made = Array.from({ length: 200 }, (_, i) => uuid(insecure as unknown as Crypto, start + i));
    for (const id of made) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      // The server's own check of an event id.
      expect(analyticsBatchBody.safeParse({ ...HEAD, events: [event('load', { id })] }).success).toBe(true);
    }
    expect(new Set(made).size).toBe(made.length);
    expect([...made].sort()).toEqual(made);
    // The first 48 bits are the time in milliseconds.
    expect(Number.parseInt((made[0] ?? '').replace('-', '').slice(0, 12), 16)).toBe(start);
    // All zero bytes still come out as version 7, variant 10, with the time.
    const zeros = { getRandomValues: (array: Uint8Array) => array };
    expect(uuid(zeros as unknown as Crypto, 1)).toBe('00000000-0001-7000-8000-000000000000');
  });

  it('make a session id of 22 base64url characters, as the contract takes it', () => {
    const ids = Array.from({ length: 200 }, () => sessionToken());
    for (const id of ids) {
      expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(id).toMatch(VIEWER_ID);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('do not track', () => {
  it('is DNT: 1 or Global Privacy Control', () => {
    const nav = (fields: Record<string, unknown>) => fields as unknown as Navigator;
    expect(asksNotToBeTracked(nav({ doNotTrack: '1' }))).toBe(true);
    expect(asksNotToBeTracked(nav({ doNotTrack: null, globalPrivacyControl: true }))).toBe(true);
    expect(asksNotToBeTracked(nav({ doNotTrack: '0', globalPrivacyControl: false }))).toBe(false);
    expect(asksNotToBeTracked(nav({ doNotTrack: null }))).toBe(false);
  });
});

/** Feeds a tracker times as timeupdate would, every 0.25 s from `from` to `to`. */
function playThrough(played: ReturnType<typeof createPlayed>, from: number, to: number) {
  for (let time = from; time <= to + 1e-9; time += 0.25) played.at(time);
}

describe('the seconds played', () => {
  it('are one range while the time moves on by small steps, rounded to 0.1 s', () => {
    const played = createPlayed();
    playThrough(played, 0.03, 4.28);
    expect(played.take()).toEqual([[0, 4.3]]);
  });

  it('open another range at a jump, a step back or after a seek, so a part watched again counts twice', () => {
    const played = createPlayed();
    playThrough(played, 0, 4);
    played.at(6); // a jump without a seek event (a stall skipped over)
    played.at(6.5);
    played.at(1); // back, as a loop does
    played.at(2);
    played.moved(); // a seek a little forward
    played.at(2.2);
    played.at(3);
    played.stop();
    played.at(5); // resumed after a pause, but further on than playing moves
    played.at(5.5);
    expect(played.take()).toEqual([
      [0, 4],
      [6, 6.5],
      [1, 2],
      [2.2, 3],
      [5, 5.5],
    ]);
  });

  it('go on from where a pause stopped when playing resumes a little past it, leaving no hole', () => {
    const played = createPlayed();
    playThrough(played, 0, 4.04);
    played.stop();
    // Chromium's time settles after a pause: playing resumes a frame or more past where the pause read it.
    played.at(4.12);
    played.at(4.37);
    expect(played.take()).toEqual([
      [0, 4],
      [4, 4.4],
    ]);
    // Also once the stretch before the pause was reported (a pause takes a heartbeat).
    played.stop();
    expect(played.take()).toEqual([]);
    played.at(4.6);
    played.at(5);
    expect(played.take()).toEqual([[4.4, 5]]);
  });

  it('go on from the last heartbeat where playing goes on, and report nothing twice', () => {
    const played = createPlayed();
    playThrough(played, 10, 20);
    expect(played.take()).toEqual([[10, 20]]);
    expect(played.take()).toEqual([]);
    playThrough(played, 20.25, 25);
    expect(played.take()).toEqual([[20, 25]]);
  });

  it('leave out ranges that are empty once rounded', () => {
    const played = createPlayed();
    played.at(3.01);
    played.at(3.04);
    played.stop();
    played.at(7);
    expect(played.take()).toEqual([]);
  });

  it('take a longer step as playing on when the caller allows it (faster playback)', () => {
    const played = createPlayed();
    played.at(0);
    played.at(2);
    played.at(4, 3);
    expect(played.take()).toEqual([[2, 4]]);
  });
});

describe('batches', () => {
  const parse = (body: string) => analyticsBatchBody.parse(JSON.parse(body)) as AnalyticsBatch;

  it('carry everything in one body when it fits, as the server checks it', () => {
    const events = [event('load'), event('play'), event('heartbeat', { intervals: [[0, 9.9]], position: 9.9 })];
    const bodies = batches(HEAD, events);
    expect(bodies).toHaveLength(1);
    expect(parse(bodies[0] as string)).toEqual({ ...HEAD, events });
  });

  it('split at the contract’s count of events, keeping their order', () => {
    const events = Array.from({ length: 450 }, (_, i) => event('seek', { position: i, from: 0 }));
    const bodies = batches(HEAD, events).map(parse);
    expect(bodies.map((body) => body.events.length)).toEqual([200, 200, 50]);
    expect(bodies.flatMap((body) => body.events)).toEqual(events);
  });

  it('split under the byte limit, whatever the page address weighs', () => {
    const head = { ...HEAD, page: `https://example.test/${'页'.repeat(600)}`, referrer: 'x'.repeat(2000) };
    const intervals = Array.from({ length: 50 }, (_, i): [number, number] => [i * 100 + 0.1, i * 100 + 99.9]);
    const events = Array.from({ length: 190 }, () => event('heartbeat', { intervals, position: 5000 }));
    const bodies = batches(head, events);
    expect(bodies.length).toBeGreaterThan(1);
    for (const body of bodies) {
      expect(new TextEncoder().encode(body).length).toBeLessThanOrEqual(BATCH_BYTES);
      expect(parse(body).events.length).toBeGreaterThan(0);
    }
    expect(bodies.flatMap((body) => parse(body).events)).toEqual(events);
    // Tight: the first body could not have taken the next event.
    const first = parse(bodies[0] as string);
    const more = JSON.stringify({ ...first, events: [...first.events, events[first.events.length]] });
    expect(new TextEncoder().encode(more).length).toBeGreaterThan(BATCH_BYTES);
  });

  it('are none for no events', () => {
    expect(batches(HEAD, [])).toEqual([]);
  });
});

describe('sending', () => {
  const beacon = vi.fn<(url: string, body: string) => boolean>();
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: beacon });
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
  });
  afterEach(() => {
    beacon.mockReset();
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('is a beacon when the browser takes it', () => {
    beacon.mockReturnValue(true);
    send('/api/public/events', '{}');
    expect(beacon).toHaveBeenCalledWith('/api/public/events', '{}');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is a fetch with keepalive, as text/plain, when the beacon is refused, throws or is missing', () => {
    beacon.mockReturnValueOnce(false);
    send('/api/public/events', '{"a":1}');
    beacon.mockImplementationOnce(() => {
      throw new TypeError('no');
    });
    send('/api/public/events', '{"a":2}');
    Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: undefined });
    send('/api/public/events', '{"a":3}');
    expect(fetchMock.mock.calls).toEqual(
      ['{"a":1}', '{"a":2}', '{"a":3}'].map((body) => [
        '/api/public/events',
        { method: 'POST', body, keepalive: true, headers: { 'content-type': 'text/plain' } },
      ]),
    );
  });

  it('never throws into the page, even without fetch', async () => {
    beacon.mockReturnValue(false);
    fetchMock.mockRejectedValue(new TypeError('offline'));
    expect(() => send('/api/public/events', '{}')).not.toThrow();
    vi.stubGlobal('fetch', undefined);
    expect(() => send('/api/public/events', '{}')).not.toThrow();
    await Promise.resolve();
  });
});

/** A <video> as far as the collector reads it, moved by the test. */
function fakeVideo() {
  const video = Object.assign(new EventTarget(), {
    currentTime: 0,
    paused: true,
    seeking: false,
    ended: false,
    playbackRate: 1,
    videoHeight: 0,
  });
  const fire = (name: string) => video.dispatchEvent(new Event(name));
  return {
    video,
    element: video as unknown as HTMLVideoElement,
    play() {
      video.paused = false;
      fire('play');
    },
    /** Plays on to `to`, a timeupdate every 0.25 s. */
    advance(to: number) {
      while (video.currentTime + 0.25 <= to + 1e-9) {
        video.currentTime += 0.25;
        fire('timeupdate');
      }
    },
    pause() {
      video.paused = true;
      fire('pause');
    },
    seek(to: number) {
      video.seeking = true;
      video.currentTime = to;
      fire('seeking');
      fire('timeupdate');
      video.seeking = false;
      fire('seeked');
      fire('timeupdate');
    },
    end() {
      video.paused = true;
      video.ended = true;
      fire('pause');
      fire('ended');
    },
    fire,
  };
}

describe('the collector', () => {
  let sent: AnalyticsBatch[];
  const collector = (viewerId?: string) => {
    // This test's list: the collectors of earlier tests still listen to the page.
    const into = sent;
    const made = createCollector({
      videoId: VIDEO_ID,
      viewerId,
      page: HEAD.page,
      referrer: '',
      send: (url, body) => {
        expect(url).toBe('/api/public/events');
        into.push(analyticsBatchBody.parse(JSON.parse(body)) as AnalyticsBatch);
      },
    });
    // The facade makes the collector; the rest of the player follows the playback into it.
    return { ...made, watch: (video: HTMLVideoElement, hls: HlsLike | null) => watchPlayback(made, video, hls) };
  };
  const kinds = () => sent.flatMap((batch) => batch.events.map((e) => e.kind));
  const events = () => sent.flatMap((batch) => batch.events);

  beforeEach(() => {
    sent = [];
    vi.useFakeTimers({ now: new Date('2025-06-01T10:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
  });

  it('sends the facade’s load after a few seconds, once, with the viewing’s head', () => {
    const { track } = collector('viewer-0123456789abcdef');
    track('load', 0);
    vi.advanceTimersByTime(FLUSH_MS - 1);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ videoId: VIDEO_ID, viewerId: 'viewer-0123456789abcdef', page: HEAD.page });
    expect(sent[0]?.sessionId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(sent[0]?.events).toEqual([
      { id: expect.any(String), kind: 'load', at: new Date('2025-06-01T10:00:00Z').getTime(), position: 0 },
    ]);
    // Nothing more for a facade that is never played.
    vi.advanceTimersByTime(10 * 60_000);
    expect(sent).toHaveLength(1);
  });

  it('sends no viewer id when it has none (Do Not Track), and a session id of its own per player', () => {
    const first = collector();
    const second = collector();
    first.track('load', 0);
    second.track('load', 0);
    vi.advanceTimersByTime(FLUSH_MS);
    expect(sent).toHaveLength(2);
    expect(sent.map((batch) => 'viewerId' in batch)).toEqual([false, false]);
    expect(sent[0]?.sessionId).not.toBe(sent[1]?.sessionId);
  });

  it('gathers what happens within a few seconds into one batch, and sends at once when the page is hidden', () => {
    const { track } = collector();
    track('load', 0);
    vi.advanceTimersByTime(2000);
    track('click', 0, { click: 'whatsapp' });
    vi.advanceTimersByTime(FLUSH_MS - 2000);
    expect(sent.map((batch) => batch.events.map((e) => e.kind))).toEqual([['load', 'click']]);

    track('form_shown', 3);
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(sent).toHaveLength(2);
    track('form_submitted', 3);
    window.dispatchEvent(new Event('pagehide'));
    expect(kinds()).toEqual(['load', 'click', 'form_shown', 'form_submitted']);
    // The timers of those batches are gone with them.
    vi.advanceTimersByTime(FLUSH_MS);
    expect(sent).toHaveLength(3);
  });

  it('reports play, pause, seek and end, and heartbeats with the seconds played, a part watched again twice', () => {
    const { watch } = collector();
    const player = fakeVideo();
    watch(player.element, null);
    player.play();
    player.advance(4);
    player.seek(1); // back, to watch 1 s to 3 s again
    player.advance(3);
    player.pause();
    player.play();
    player.advance(6);
    player.end();
    window.dispatchEvent(new Event('pagehide'));
    expect(events().map(({ kind, position, intervals, from }) => ({ kind, position, intervals, from }))).toEqual([
      { kind: 'play', position: 0 },
      { kind: 'heartbeat', position: 4, intervals: [[0, 4]] },
      { kind: 'seek', position: 1, from: 4 },
      { kind: 'heartbeat', position: 3, intervals: [[1, 3]] },
      { kind: 'pause', position: 3 },
      { kind: 'play', position: 3 },
      { kind: 'heartbeat', position: 6, intervals: [[3, 6]] },
      { kind: 'end', position: 6 },
    ]);
  });

  it('beats every ten seconds while playing, and not while paused', () => {
    const { watch } = collector();
    const player = fakeVideo();
    watch(player.element, null);
    player.play();
    for (let second = 1; second <= 25; second += 1) {
      player.advance(second);
      vi.advanceTimersByTime(1000);
    }
    player.pause();
    vi.advanceTimersByTime(60_000);
    const beats = events().filter((e) => e.kind === 'heartbeat');
    expect(beats.map((e) => e.intervals)).toEqual([[[0, 10]], [[10, 20]], [[20, 25]]]);
    expect(beats.map((e) => e.at - Date.parse('2025-06-01T10:00:00Z'))).toEqual([
      HEARTBEAT_MS,
      2 * HEARTBEAT_MS,
      25_000,
    ]);
    // One batch each five seconds at most.
    expect(sent.length).toBeLessThanOrEqual(Math.ceil(85_000 / FLUSH_MS));
  });

  it('reports a page hidden while playing with what was played until then, and goes on from there', () => {
    const { watch } = collector();
    const player = fakeVideo();
    watch(player.element, null);
    player.play();
    player.advance(3);
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(kinds()).toEqual(['play', 'heartbeat']);
    player.advance(5);
    player.pause();
    window.dispatchEvent(new Event('pagehide'));
    expect(
      events()
        .filter((e) => e.kind === 'heartbeat')
        .map((e) => e.intervals),
    ).toEqual([[[0, 3]], [[3, 5]]]);
  });

  it('leaves no hole where a pause (the inquiry form’s) stopped and playing resumed', () => {
    const { watch } = collector();
    const player = fakeVideo();
    watch(player.element, null);
    player.play();
    player.advance(4);
    player.video.currentTime = 4.04;
    player.fire('timeupdate');
    player.pause();
    // The form is sent; Chromium resumes a little past the time it read at the pause.
    player.video.currentTime = 4.25;
    player.play();
    player.advance(6);
    player.end();
    const intervals = events().flatMap((e) => e.intervals ?? []);
    expect(intervals).toEqual([
      [0, 4],
      [4, 6],
    ]);
  });

  it('sends each heartbeat at once with what waits, and the end without waiting for the timer', () => {
    const { watch, track } = collector();
    const player = fakeVideo();
    watch(player.element, null);
    track('load', 0);
    player.play();
    vi.advanceTimersByTime(FLUSH_MS);
    expect(kinds()).toEqual(['load', 'play']);
    player.advance(6);
    vi.advanceTimersByTime(HEARTBEAT_MS - FLUSH_MS - 1);
    player.advance(7);
    track('rendition', 7, { rendition: 720 });
    vi.advanceTimersByTime(1);
    expect(kinds()).toEqual(['load', 'play', 'rendition', 'heartbeat']);
    expect(events().at(-1)?.intervals).toEqual([[0, 7]]);
    player.advance(9);
    player.end();
    expect(kinds().slice(-2)).toEqual(['heartbeat', 'end']);
  });

  it('takes in the seconds since the last timeupdate when the page goes, or is frozen', () => {
    const { watch } = collector();
    const player = fakeVideo();
    watch(player.element, null);
    player.play();
    player.advance(3);
    player.video.currentTime = 3.2;
    window.dispatchEvent(new Event('pagehide'));
    expect(events().at(-1)?.intervals).toEqual([[0, 3.2]]);
    player.advance(5);
    document.dispatchEvent(new Event('freeze'));
    expect(events().at(-1)?.intervals).toEqual([[3.2, 5]]);
  });

  it('reports the height played when hls.js switches level, once per change', () => {
    const { watch } = collector();
    const player = fakeVideo();
    const listeners: Record<string, (event: string, data?: { level?: number }) => void> = {};
    const hls: HlsLike = {
      levels: [
        { height: 360, bitrate: 800_000 },
        { height: 720, bitrate: 2_500_000 },
      ],
      currentLevel: -1,
      autoLevelEnabled: true,
      on: (name, listener) => {
        listeners[name] = listener;
      },
    };
    watch(player.element, hls);
    const switched = (level: number) => listeners.hlsLevelSwitched?.('hlsLevelSwitched', { level });
    switched(0);
    switched(0);
    switched(1);
    switched(7); // a level it does not know: nothing
    window.dispatchEvent(new Event('pagehide'));
    expect(events().map((e) => e.rendition)).toEqual([360, 720]);
  });

  it('reports the height from the video itself where the browser plays HLS', () => {
    const { watch } = collector();
    const player = fakeVideo();
    watch(player.element, null);
    player.video.videoHeight = 1080;
    player.fire('resize');
    player.fire('resize');
    window.dispatchEvent(new Event('pagehide'));
    expect(events()).toMatchObject([{ kind: 'rendition', rendition: 1080 }]);
  });

  it('never throws into the page when sending does', () => {
    const failing = createCollector({
      videoId: VIDEO_ID,
      page: '',
      referrer: '',
      send: () => {
        throw new Error('broken');
      },
    });
    failing.track('load', 0);
    expect(() => window.dispatchEvent(new Event('pagehide'))).not.toThrow();
    expect(() => failing.flush()).not.toThrow();
  });
});

describe('the player', () => {
  const PAGE = `<div class="lr-player" data-lr-player data-video-id="${VIDEO_ID}" data-scope="abcd1234abcd1234">
    <div class="lr-contacts"><a data-lr-contact="whatsapp" href="#">WhatsApp</a></div>
  </div>
  <div data-lr-player data-video-id="22222222-2222-4222-8222-222222222222" data-scope="ffff0000ffff0000"></div>`;

  async function loadPlayer() {
    document.body.innerHTML = PAGE;
    const beacons: { url: string; body: Record<string, unknown> }[] = [];
    Object.defineProperty(navigator, 'sendBeacon', {
      configurable: true,
      value: (url: string, body: string) => beacons.push({ url, body: JSON.parse(body) }) > 0,
    });
    vi.resetModules();
    // A new page load, with the facade the server inlines in it.
    Reflect.deleteProperty(window, 'LeadReelFacade');
    await import('./facade-entry.ts');
    return beacons;
  }
  const batchesIn = (beacons: { url: string; body: Record<string, unknown> }[]) =>
    beacons.filter(({ url }) => url === '/api/public/events').map(({ body }) => analyticsBatchBody.parse(body));

  afterEach(() => {
    localStorage.clear();
    Reflect.deleteProperty(navigator, 'doNotTrack');
  });

  it('sends each facade’s load with the viewer id, and a contact click once, naming its viewing', async () => {
    const beacons = await loadPlayer();
    document.querySelector<HTMLElement>('[data-lr-contact="whatsapp"]')?.dispatchEvent(new Event('click'));
    expect(beacons.map(({ url }) => url)).toEqual(['/api/public/click']);
    window.dispatchEvent(new Event('pagehide'));
    const sent = batchesIn(beacons);
    // The click is counted from its own beacon, which the server stores: the events do not claim it again.
    expect(sent.map((batch) => [batch.videoId, batch.events.map((e) => e.kind)])).toEqual([
      [VIDEO_ID, ['load']],
      ['22222222-2222-4222-8222-222222222222', ['load']],
    ]);
    expect(beacons[0]?.body).toMatchObject({ kind: 'whatsapp', second: 0, sessionId: sent[0]?.sessionId });
    expect(sent[0]?.viewerId).toBe(localStorage.getItem('lr-viewer-abcd1234abcd1234'));
    expect(sent[0]?.viewerId).toBe(beacons[0]?.body.viewerId);
    expect(sent[0]?.sessionId).not.toBe(sent[1]?.sessionId);
  });

  it('sends no viewer id with the events of a viewer who asks not to be tracked', async () => {
    Object.defineProperty(navigator, 'doNotTrack', { configurable: true, value: '1' });
    const beacons = await loadPlayer();
    window.dispatchEvent(new Event('pagehide'));
    const sent = batchesIn(beacons);
    expect(sent).toHaveLength(2);
    for (const batch of sent) expect(batch.viewerId).toBeUndefined();
  });
});
