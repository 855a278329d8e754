import { parseStoryboard } from '@leadreel/shared/storyboard';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { engagementOption, filmstripFrames } from './chartOptions.ts';
import { engagementPoints, trend } from './figures.ts';
import { disabledDay, lastDays } from './range.ts';

describe('the range', () => {
  it('counts days in UTC, today included', () => {
    // 23:30 on 31 May in UTC is already 1 June in Shanghai: the server's day is still 31 May.
    expect(lastDays(30, new Date('2026-05-31T23:30:00Z'))).toEqual({ from: '2026-05-02', to: '2026-05-31' });
    expect(lastDays(7, new Date('2026-03-02T00:00:00Z'))).toEqual({ from: '2026-02-24', to: '2026-03-02' });
  });

  it('refuses days after today and ranges longer than the server answers', () => {
    const now = new Date('2026-05-31T12:00:00Z');
    expect(disabledDay(dayjs('2026-06-01'), undefined, now)).toBe(true);
    expect(disabledDay(dayjs('2026-05-31'), undefined, now)).toBe(false);
    // 400 days at most, both ends included (the contract's ANALYTICS_RANGE_MAX_DAYS).
    const from = dayjs('2025-01-01');
    expect(disabledDay(from.add(399, 'day'), from, now)).toBe(false);
    expect(disabledDay(from.add(400, 'day'), from, now)).toBe(true);
  });
});

const VTT = `WEBVTT

00:00:00.000 --> 00:00:02.000
storyboard.jpg#xywh=0,0,160,90

00:00:02.000 --> 00:00:04.000
storyboard.jpg#xywh=160,0,160,90
`;

describe('the engagement graph', () => {
  const data = {
    totals: { plays: 4 } as never,
    duration: 4,
    engagement: {
      reached: Array.from({ length: 100 }, (_, i) => (i < 50 ? 4 : 2)),
      watched: Array.from({ length: 100 }, (_, i) => (i < 50 ? 4 : 2) + (i >= 60 && i < 70 ? 2 : 0)),
    },
  };

  it('plots the share of plays still watching and the share watching again, across the video', () => {
    const points = engagementPoints(data);
    expect(points).toHaveLength(100);
    expect(points[0]).toEqual({ at: 0, watching: 100, rewatched: 0 });
    expect(points[50]).toEqual({ at: 2, watching: 50, rewatched: 0 });
    expect(points[65]).toEqual({ at: 2.6, watching: 50, rewatched: 50 });
  });

  it('shows the frame of the storyboard at the hovered time', () => {
    const cues = parseStoryboard(VTT, 'https://console.test/media/v/1/storyboard.vtt');
    const option = engagementOption({
      points: engagementPoints(data),
      duration: 4,
      cues,
      names: { watching: 'Still watching', rewatched: 'Rewatched' },
    });
    const formatter = (option.tooltip as { formatter: (params: unknown) => string }).formatter;
    const html = formatter([
      { dataIndex: 65, seriesName: 'Still watching', value: [2.6, 50], marker: '' },
      { dataIndex: 65, seriesName: 'Rewatched', value: [2.6, 50], marker: '' },
    ]);
    expect(html).toContain('width:160px;height:90px');
    expect(html).toContain('url(&quot;https://console.test/media/v/1/storyboard.jpg&quot;) -160px -0px');
    expect(html).toContain('<b>00:03</b>');
    expect(html).toContain('Rewatched: <b>50%</b>');
  });
});

describe('the frames under the engagement graph', () => {
  const cues = parseStoryboard(VTT, 'https://console.test/media/v/1/storyboard.vtt');

  it('shows as many frames as fit along the axis, each the one at the middle of its stretch of the video', () => {
    // 160 × 90 tiles at 45 px high are 80 px wide: five in 400 px, at 0.4 s, 1.2 s, 2 s, 2.8 s and 3.6 s.
    const frames = filmstripFrames({ cues, duration: 4, width: 400, height: 45 });
    expect(frames.map((frame) => frame.width)).toEqual([80, 80, 80, 80, 80]);
    expect(frames.map((frame) => frame.cue.x)).toEqual([0, 0, 160, 160, 160]);
    expect(frames[0]?.transform).toBe('translate(0px, 0px) scale(0.5)');
  });

  it('fills the width exactly, each frame covering its box without being stretched', () => {
    const frames = filmstripFrames({ cues, duration: 4, width: 403, height: 45 });
    expect(frames.map((frame) => frame.width)).toEqual([81, 80, 81, 80, 81]);
    // 81 px wide needs a little more than half: the tile is a little taller than the box, centred on it.
    expect(frames[0]?.transform).toBe('translate(0px, -0.28px) scale(0.50625)');
  });

  it('shows none without a storyboard, a duration or room', () => {
    expect(filmstripFrames({ cues: [], duration: 4, width: 400, height: 45 })).toEqual([]);
    expect(filmstripFrames({ cues, duration: 0, width: 400, height: 45 })).toEqual([]);
    expect(filmstripFrames({ cues, duration: 4, width: 0, height: 45 })).toEqual([]);
  });
});

describe('a figure against the range before', () => {
  it.each([
    { now: 120, before: 100, trend: { direction: 'up', percent: 20 } },
    { now: 95, before: 100, trend: { direction: 'down', percent: 5 } },
    { now: 0, before: 4, trend: { direction: 'down', percent: 100 } },
    { now: 100.2, before: 100, trend: { direction: 'flat', percent: 0 } },
    { now: 3, before: 0, trend: { direction: 'new' } },
    // A share of plays there were none of (the conversion rate of no plays) counts as nothing before.
    { now: 50, before: null, trend: { direction: 'new' } },
    { now: 0, before: 0, trend: null },
    { now: null, before: 40, trend: null },
  ])('$before → $now', ({ now, before, trend: expected }) => {
    expect(trend(now, before)).toEqual(expected);
  });
});
