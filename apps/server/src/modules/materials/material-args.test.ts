import { describe, expect, it } from 'vitest';
import type { Probe } from '../videos/probe.ts';
import { checkMaterialProbe, imageRenderArgs, looksLikeSvg, materialDemuxers, svgRenderArgs } from './material-args.ts';
import { pickVideoFile } from './stock/pexels.ts';

const probe = (over: Partial<Probe>): Probe => ({
  format: '',
  durationSec: 0,
  bitRateKbps: null,
  video: null,
  audio: null,
  ...over,
});
const picture = (codec: string, width = 800, height = 600) => ({
  codec,
  width,
  height,
  fps: 25,
  pixFmt: 'yuv420p',
  rotation: 0,
  bitRateKbps: null,
  profile: '',
  level: 0,
  interlaced: false,
});
const sound = { codec: 'mp3', bitRateKbps: 128, profile: '' };

describe('materialDemuxers', () => {
  it.each([
    ['image', 'a.svg', ['png_pipe', 'jpeg_pipe', 'gif', 'bmp_pipe', 'webp_pipe', 'tiff_pipe']],
    ['material-video', 'a.mp4', ['mov']],
    ['material-audio', 'a.MP3', ['mp3']],
    ['material-audio', 'a.wav', ['wav']],
    ['material-audio', 'a.m4a', ['mov']],
    ['tts-subtitle', 'a.mp3', ['mp3']],
    ['tts-scene', 'a.mp3', ['mp3']],
  ] as const)('%s named %s opens only %j', (kind, name, demuxers) => {
    expect(materialDemuxers(kind, name)).toEqual(demuxers);
  });
});

describe('checkMaterialProbe', () => {
  it.each([
    ['image', 'a.png', probe({ format: 'png_pipe', video: picture('png') }), null],
    ['image', 'a.gif', probe({ format: 'gif', video: picture('gif') }), null],
    ['image', 'a.png', probe({ format: 'png_pipe', video: picture('h264') }), 'not a picture'],
    ['image', 'a.png', probe({ format: 'png_pipe', video: picture('png', 0, 10) }), 'the picture has no size'],
    ['image', 'a.png', probe({ format: 'png_pipe', video: picture('png', 20_000, 10) }), /larger/],
    ['image', 'a.png', probe({ format: 'png_pipe', video: picture('png', 12_000, 12_000) }), /larger/],
    ['material-audio', 'a.mp3', probe({ format: 'mp3', audio: sound, durationSec: 2 }), null],
    ['material-audio', 'a.m4a', probe({ format: 'mov,mp4,m4a,3gp,3g2,mj2', audio: sound, durationSec: 2 }), null],
    ['material-audio', 'a.wav', probe({ format: 'mp3', audio: sound, durationSec: 2 }), /not wav/],
    ['material-audio', 'a.mp3', probe({ format: 'mp3', durationSec: 2 }), 'the file has no sound'],
    ['tts-scene', 'a.mp3', probe({ format: 'mp3', audio: sound, durationSec: 0 }), 'the sound has no duration'],
    [
      'material-video',
      'a.mp4',
      probe({ format: 'mov,mp4,m4a,3gp,3g2,mj2', video: picture('h264'), durationSec: 2 }),
      null,
    ],
    ['material-video', 'a.mp4', probe({ format: 'mov,mp4,m4a,3gp,3g2,mj2', audio: sound, durationSec: 2 }), /no video/],
    [
      'material-video',
      'a.mp4',
      probe({ format: 'matroska,webm', video: picture('h264'), durationSec: 2 }),
      /not an MP4/,
    ],
  ] as const)('%s %s: %s', (kind, name, answer, expected) => {
    const refusal = checkMaterialProbe(kind, name, answer);
    if (expected === null) expect(refusal).toBeNull();
    else expect(refusal).toMatch(expected);
  });
});

describe('command lines', () => {
  it('renders a picture from the file protocol and its own demuxers only, never enlarged', () => {
    const args = imageRenderArgs('/w/source', ['png_pipe'], '/w/out/render.png', '/w/out/cover.jpg');
    expect(args.slice(args.indexOf('-protocol_whitelist'), args.indexOf('-i') + 2)).toEqual([
      '-protocol_whitelist',
      'file',
      '-format_whitelist',
      'png_pipe',
      '-i',
      '/w/source',
    ]);
    const graph = args[args.indexOf('-filter_complex') + 1];
    expect(graph).toContain("scale='min(3840,iw)':'min(3840,ih)':force_original_aspect_ratio=decrease");
    expect(graph).toContain('scale=320:-2');
    expect(args.filter((arg) => arg === '-frames:v')).toHaveLength(2);
    expect(args.at(-1)).toBe('/w/out/cover.jpg');
  });

  it('draws an SVG fitted in a 3840-px square', () => {
    expect(svgRenderArgs('/w/source', '/w/d.png')).toEqual([
      '--format',
      'png',
      '--keep-aspect-ratio',
      '--width',
      '3840',
      '--height',
      '3840',
      '--output',
      '/w/d.png',
      '/w/source',
    ]);
  });
});

describe('looksLikeSvg', () => {
  it.each([
    ['<svg xmlns="http://www.w3.org/2000/svg"></svg>', true],
    ['\uFEFF<?xml version="1.0"?>\n<!-- made by hand -->\n<!DOCTYPE svg>\n<svg>', true],
    ['  <SVG width="1">', true],
    ['<html><svg></svg></html>', false],
    ['<svgfoo>', false],
    ['\x89PNG\r\n', false],
    ['', false],
  ])('%j: %s', (text, expected) => {
    expect(looksLikeSvg(Buffer.from(text))).toBe(expected);
  });
});

describe('pickVideoFile (Pexels)', () => {
  const file = (quality: string, width: number | null, height: number | null, type = 'video/mp4') => ({
    quality,
    file_type: type,
    width,
    height,
    link: `https://videos.pexels.test/${quality}-${width}`,
  });
  it('takes the widest MP4 that is at most Full HD, else the smallest MP4', () => {
    expect(pickVideoFile([file('uhd', 3840, 2160), file('hd', 1920, 1080), file('sd', 960, 540)])?.width).toBe(1920);
    expect(pickVideoFile([file('hd', 1080, 1920), file('sd', 540, 960)])?.height).toBe(1920);
    expect(pickVideoFile([file('uhd', 4096, 2160), file('uhd', 3840, 2160)])?.width).toBe(3840);
    expect(pickVideoFile([file('hls', null, null, 'video/hls')])).toBeUndefined();
  });
});
