import type { VideoAnalytics } from '@leadreel/shared/contracts/analytics';
import { cueAt, type StoryboardCue } from '@leadreel/shared/storyboard';
import { escapeHtml } from '@leadreel/shared/text';
import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { formatCount } from '../../format.ts';
import { formatDuration } from '../videos/format.ts';
import type { EngagementPoint } from './figures.ts';
import { dayLabel } from './range.ts';

/** The options of the charts the analytics screens draw (and only those: echarts.ts registers the same parts). */
export type ChartOption = ComposeOption<
  BarSeriesOption | LineSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption
>;

/** antd's primary colour as the console sets it (AntProviders), a warm one for rewatches, a grey for loads. */
const PRIMARY = '#1456f0';
const REWATCH = '#fa8c16';
const LOADS = '#8c8c8c';
const AXIS_TEXT = '#595959';

/** What the tooltip's formatter receives for each series at the hovered point (ECharts' callback params). */
type TooltipParam = { dataIndex: number; marker?: unknown; seriesName?: string; value?: unknown };
const paramsOf = (params: unknown) => (Array.isArray(params) ? params : [params]) as TooltipParam[];

const line = (param: TooltipParam, text: string) =>
  `<div>${typeof param.marker === 'string' ? param.marker : ''}${escapeHtml(param.seriesName ?? '')}: <b>${escapeHtml(text)}</b></div>`;

/** CSS's `background` of a storyboard tile: its region of the sprite, at its own size. */
export const tileBackground = (cue: StoryboardCue) =>
  `url("${cue.image.replace(/["\\\n]/g, (c) => `\\${c}`)}") -${cue.x}px -${cue.y}px no-repeat`;

/** The frame of the storyboard at `cue`, drawn from its sprite as the player's seek preview does. */
function thumbnail(cue: StoryboardCue): string {
  return `<div class="analytics-thumb" style="width:${cue.w}px;height:${cue.h}px;background:${escapeHtml(tileBackground(cue))}"></div>`;
}

/**
 * A step line's points: each percent holds its value until the next one, and the last one until the end of
 * the video (a closing point there, which the tooltip reads as the last percent).
 */
function closed(points: EngagementPoint[], value: (point: EngagementPoint) => number, end: number) {
  const data = points.map((point) => [point.at, value(point)]);
  const last = points.at(-1);
  return last ? [...data, [end, value(last)]] : data;
}

/** Where both charts draw their plot, in px from the chart's box (the engagement graph's frames go there too). */
export const grid = { left: 56, right: 24, top: 48, bottom: 32 };

/**
 * One frame of the filmstrip under the engagement graph: its box's width, and its storyboard tile (drawn at
 * its own size from the sprite, as the tooltip's is) moved and scaled to fill that box.
 */
export type FilmstripFrame = { width: number; cue: StoryboardCue; transform: string };

/**
 * The video's frames along the engagement graph's time axis, `width` by `height` px: as many as fit at the
 * storyboard's shape, each the tile shown at the middle of its stretch of the video, scaled to cover its box
 * (cropped at the edges, never stretched). None without a duration or a storyboard.
 */
export function filmstripFrames(input: {
  cues: StoryboardCue[];
  duration: number;
  width: number;
  height: number;
}): FilmstripFrame[] {
  const { cues, duration, width, height } = input;
  const first = cues[0];
  if (!first || duration <= 0 || width <= 0 || height <= 0) return [];
  const count = Math.max(1, Math.round(width / ((height * first.w) / first.h)));
  const px = (value: number) => `${Number(value.toFixed(2))}px`;
  return Array.from({ length: count }, (_, index) => {
    // Whole pixels, each frame ending where the next starts, so the frames fill the width exactly.
    const left = Math.round((index * width) / count);
    const boxWidth = Math.round(((index + 1) * width) / count) - left;
    const cue = cueAt(cues, ((index + 0.5) * duration) / count) as StoryboardCue;
    const scale = Math.max(boxWidth / cue.w, height / cue.h);
    const shift = `${px((boxWidth - cue.w * scale) / 2)}, ${px((height - cue.h * scale) / 2)}`;
    return { width: boxWidth, cue, transform: `translate(${shift}) scale(${Number(scale.toFixed(6))})` };
  });
}

/**
 * What both charts share: no animation (the figures are read, not watched), their colours, the grid, the
 * legend on top and an axis tooltip drawn by `tooltip` from the hovered series.
 */
function frame(color: string[], tooltip: (list: ReturnType<typeof paramsOf>) => string): ChartOption {
  return {
    animation: false,
    color,
    grid,
    legend: { top: 0, left: 0, icon: 'roundRect', textStyle: { color: AXIS_TEXT } },
    tooltip: { trigger: 'axis', confine: true, formatter: (params: unknown) => tooltip(paramsOf(params)) },
  };
}

/**
 * The engagement graph: across the video (mm:ss), the share of plays still watching at each point, and the
 * share that watched it again, so a part watched twice shows as a bump. It is drawn over the video's frames
 * (filmstripFrames, under its plot), and hovering shows the frame there, when the video has a storyboard.
 */
export function engagementOption(input: {
  points: EngagementPoint[];
  duration: number;
  cues: StoryboardCue[];
  names: { watching: string; rewatched: string };
}): ChartOption {
  const { points, duration, cues, names } = input;
  const known = duration > 0;
  const time = (at: number) => (known ? formatDuration(at) : `${Math.round(at)}%`);
  const end = known ? duration : 100;
  return {
    ...frame([PRIMARY, REWATCH], (list) => {
      const point = points[Math.min(list[0]?.dataIndex ?? 0, points.length - 1)];
      if (!point) return '';
      const cue = known ? cueAt(cues, point.at) : null;
      const rows = list.map((param) => line(param, `${(param.value as [number, number])[1]}%`)).join('');
      return `${cue ? thumbnail(cue) : ''}<div><b>${time(point.at)}</b></div>${rows}`;
    }),
    xAxis: {
      type: 'value',
      min: 0,
      max: end,
      axisLabel: { color: AXIS_TEXT, formatter: (value: number) => time(value), hideOverlap: true },
      splitLine: { show: false },
    },
    yAxis: {
      type: 'value',
      min: 0,
      max: (extent: { max: number }) => Math.max(100, Math.ceil(extent.max / 10) * 10),
      axisLabel: { color: AXIS_TEXT, formatter: '{value}%' },
    },
    series: [
      {
        name: names.watching,
        type: 'line',
        showSymbol: false,
        step: 'end',
        areaStyle: { opacity: 0.15 },
        data: closed(points, (point) => point.watching, end),
      },
      {
        name: names.rewatched,
        type: 'line',
        showSymbol: false,
        step: 'end',
        lineStyle: { width: 2 },
        areaStyle: { opacity: 0.12 },
        z: 3,
        data: closed(points, (point) => point.rewatched, end),
      },
    ],
  };
}

/** Plays (bars) and loads (a line) per day of the range. */
export function playsOption(input: {
  days: VideoAnalytics['days'];
  names: { plays: string; loads: string };
}): ChartOption {
  const { days, names } = input;
  return {
    ...frame([PRIMARY, LOADS], (list) => {
      const day = days[list[0]?.dataIndex ?? 0];
      if (!day) return '';
      const rows = list.map((param) => line(param, formatCount(Number(param.value)))).join('');
      return `<div><b>${dayLabel(day.day)}</b></div>${rows}`;
    }),
    xAxis: {
      type: 'category',
      data: days.map((day) => day.day),
      // Month and day: the year is in the picker and the tooltip.
      axisLabel: { color: AXIS_TEXT, formatter: (day: string) => dayLabel(day.slice(5)), hideOverlap: true },
      axisTick: { alignWithLabel: true },
    },
    yAxis: {
      type: 'value',
      minInterval: 1,
      axisLabel: { color: AXIS_TEXT, formatter: (value: number) => formatCount(value) },
    },
    series: [
      { name: names.plays, type: 'bar', barMaxWidth: 24, data: days.map((day) => day.plays) },
      { name: names.loads, type: 'line', showSymbol: false, data: days.map((day) => day.loads) },
    ],
  };
}
