import { describe, expect, it } from 'vitest';
import {
  DUB_RATE,
  DUCK_GAIN,
  duckEnvelope,
  ENVELOPE_RATE,
  fitLineArgs,
  fitPlan,
  layOut,
  mixArgs,
  packageArgs,
  parseStreams,
  pieceFilters,
  splitArgs,
  trackPieces,
} from './dub-media-args.ts';

const s = (seconds: number) => seconds * DUB_RATE;
const arg = (args: string[], name: string) => args[args.indexOf(name) + 1];

describe('fitPlan', () => {
  it.each([
    // A line shorter than its slot, or exactly as long: left alone.
    [1, 4, { tempo: 1, durationSec: 1, trimmed: false }],
    [2, 2, { tempo: 1, durationSec: 2, trimmed: false }],
    // Longer: sped up just enough.
    [3, 2.5, { tempo: 1.2, durationSec: 2.5, trimmed: false }],
    [3.2, 2, { tempo: 1.6, durationSec: 2, trimmed: false }],
    // Longer than 1.6x can fix: sped up 1.6x and cut at the slot.
    [4, 1.5, { tempo: 1.6, durationSec: 1.5, trimmed: true }],
    [60, 1, { tempo: 1.6, durationSec: 1, trimmed: true }],
    [0, 1, { tempo: 1, durationSec: 0, trimmed: false }],
  ])('fits a %s s line into %s s', (line, slot, plan) => {
    const found = fitPlan(line, slot);
    expect(found.tempo).toBeCloseTo(plan.tempo, 9);
    expect(found).toMatchObject({ durationSec: plan.durationSec, trimmed: plan.trimmed });
  });
});

describe('fitLineArgs', () => {
  it('speeds up, puts a mono voice in both channels, fades and cuts at the slot', () => {
    const args = fitLineArgs('in.wav', 'out.wav', 1.5, 1.6, 1);
    expect(arg(args, '-af')).toBe(
      'atempo=1.6000,aresample=48000,pan=stereo|c0=c0|c1=c0,afade=t=out:ss=70560:ns=1440,atrim=end_sample=72000',
    );
    expect(arg(args, '-format_whitelist')).toBe('wav');
  });

  it('leaves the tempo alone at 1 and takes stereo as it is', () => {
    expect(arg(fitLineArgs('in.wav', 'out.wav', 4, 1, 2), '-af')).toBe(
      'aresample=48000,aformat=channel_layouts=stereo,afade=t=out:ss=190560:ns=1440,atrim=end_sample=192000',
    );
  });
});

describe('layOut', () => {
  const line = (wav: string, start: number, durationSec: number) => ({ wav, start, durationSec });

  it('puts lines that do not overlap on one track, in order of start', () => {
    expect(layOut([line('b', 3, 1), line('a', 1, 2)], s(10))).toEqual([
      [
        { wav: 'a', at: s(1), length: s(2) },
        { wav: 'b', at: s(3), length: s(1) },
      ],
    ]);
  });

  it('puts a line overlapping another on a second track, and back on the first once it is free', () => {
    const tracks = layOut([line('a', 1, 2), line('b', 2, 2), line('c', 3.5, 1)], s(10));
    expect(tracks.map((track) => track.map((placed) => placed.wav))).toEqual([['a', 'c'], ['b']]);
  });

  it('drops lines starting at or after the end, and empty ones', () => {
    expect(layOut([line('a', 10, 1), line('b', 12, 1), line('c', 1, 0)], s(10))).toEqual([]);
  });
});

describe('trackPieces', () => {
  const track = Array.from({ length: 5 }, (_, i) => ({ wav: `l${i}`, at: s(i * 2), length: s(1) }));

  it('cuts a track into runs of lines, end to end from 0 to the end', () => {
    const pieces = trackPieces(track, s(12), 2);
    expect(pieces.map((p) => [p.from, p.to, p.lines.map((l) => l.wav)])).toEqual([
      [0, s(4), ['l0', 'l1']],
      [s(4), s(8), ['l2', 'l3']],
      [s(8), s(12), ['l4']],
    ]);
  });

  it('keeps a track within one run whole', () => {
    expect(trackPieces(track, s(12), 200)).toEqual([{ from: 0, to: s(12), lines: track }]);
  });
});

describe('pieceFilters', () => {
  it('lays lines end to end with silence before, each padded to the next start in exact samples', () => {
    const filters = pieceFilters(
      {
        from: 100,
        to: 1000,
        lines: [
          { wav: 'a', at: 250, length: 100 },
          { wav: 'b', at: 600, length: 50 },
        ],
      },
      3,
      'v',
    );
    expect(filters).toEqual([
      'anullsrc=r=48000:cl=stereo,atrim=end_sample=150[vl]',
      '[3:a]aresample=48000,aformat=sample_fmts=fltp:sample_rates=48000:channel_layouts=stereo,apad=whole_len=350,atrim=end_sample=350[vs0]',
      '[4:a]aresample=48000,aformat=sample_fmts=fltp:sample_rates=48000:channel_layouts=stereo,apad=whole_len=400,atrim=end_sample=400[vs1]',
      '[vl][vs0][vs1]concat=n=3:v=0:a=1,aformat=sample_fmts=fltp:sample_rates=48000:channel_layouts=stereo[v]',
    ]);
  });
});

describe('duckEnvelope', () => {
  const at = (gain: Float32Array, seconds: number) => gain[Math.round(seconds * ENVELOPE_RATE)] as number;

  it('is 1 between lines, DUCK_GAIN under them, with ramps before and after', () => {
    const gain = duckEnvelope([{ start: 2, end: 3 }], 6);
    expect(gain.length).toBe(6 * ENVELOPE_RATE + 2);
    expect(at(gain, 1)).toBe(1);
    expect(at(gain, 1.92)).toBeCloseTo(1 - (1 - DUCK_GAIN) * (0.07 / 0.15), 5);
    expect(at(gain, 2)).toBeCloseTo(DUCK_GAIN, 6);
    expect(at(gain, 2.5)).toBeCloseTo(DUCK_GAIN, 6);
    expect(at(gain, 3.15)).toBeCloseTo(DUCK_GAIN + (1 - DUCK_GAIN) / 2, 5);
    expect(at(gain, 3.3)).toBe(1);
    expect(at(gain, 5)).toBe(1);
  });

  it('stays down between lines less than 0.8 s apart, and comes up between lines further apart', () => {
    const close = duckEnvelope(
      [
        { start: 1, end: 2 },
        { start: 2.5, end: 3 },
      ],
      5,
    );
    expect(at(close, 2.25)).toBeCloseTo(DUCK_GAIN, 6);
    const apart = duckEnvelope(
      [
        { start: 1, end: 2 },
        { start: 4, end: 5 },
      ],
      6,
    );
    expect(at(apart, 3)).toBe(1);
  });

  it('is 1 throughout without lines', () => {
    expect(duckEnvelope([], 2).every((value) => value === 1)).toBe(true);
  });
});

describe('mixArgs', () => {
  const lines = [[{ wav: 'a.wav', at: s(1), length: s(1) }]];

  it('lowers the original by the gain curve and mixes the voice over it, to the exact length', () => {
    const args = mixArgs({
      original: 'source',
      envelope: 'gain.f32',
      voice: { kind: 'lines', tracks: lines },
      totalSamples: s(5),
      outFile: 'out.m4a',
    });
    const graph = arg(args, '-filter_complex') as string;
    expect(graph).toContain('[0:a:0]aresample=48000:async=1:first_pts=0');
    expect(graph).toContain('[1:a]aresample=48000,pan=stereo|c0=c0|c1=c0');
    expect(graph).toContain('[orig][gain]amultiply[under]');
    expect(graph).toContain('[2:a]aresample=48000');
    expect(graph).toContain(
      '[under][voice]amix=inputs=2:normalize=0:duration=longest,apad=whole_len=240000,atrim=end_sample=240000[out]',
    );
    // The gain curve is raw floats, read as nothing else.
    const gain = args.indexOf('gain.f32');
    expect(args.slice(gain - 11, gain + 1)).toEqual([
      ...['-f', 'f32le', '-ar', '100', '-ac', '1', '-protocol_whitelist', 'file', '-format_whitelist', 'f32le'],
      ...['-i', 'gain.f32'],
    ]);
    expect(args.slice(-13)).toEqual([
      ...['-c:a', 'aac', '-aac_coder', 'fast', '-b:a', '128k', '-ar', '48000', '-ac', '2'],
      ...['-f', 'mp4', 'out.m4a'],
    ]);
  });

  it('gives the voice alone without an original, and silence without lines', () => {
    const voiceOnly = arg(
      mixArgs({
        original: null,
        envelope: null,
        voice: { kind: 'lines', tracks: lines },
        totalSamples: s(5),
        outFile: 'o',
      }),
      '-filter_complex',
    );
    expect(voiceOnly).not.toContain('amultiply');
    expect(voiceOnly).toContain('[voice]apad=whole_len=240000,atrim=end_sample=240000[out]');
    const nothing = arg(
      mixArgs({
        original: null,
        envelope: null,
        voice: { kind: 'lines', tracks: [] },
        totalSamples: s(5),
        outFile: 'o',
      }),
      '-filter_complex',
    );
    expect(nothing).toContain('anullsrc=r=48000:cl=stereo,atrim=end_sample=240000[voice]');
  });

  it('concatenates pieces rendered before, one track each, and sums the tracks', () => {
    const args = mixArgs({
      original: null,
      envelope: null,
      voice: { kind: 'pieces', tracks: [['t0p0.flac', 't0p1.flac'], ['t1p0.flac']] },
      totalSamples: s(5),
      outFile: 'o',
    });
    const graph = arg(args, '-filter_complex') as string;
    expect(graph).toContain('[0:a][1:a]concat=n=2:v=0:a=1');
    expect(graph).toContain('[2:a]concat=n=1:v=0:a=1');
    expect(graph).toContain('[t0][t1]amix=inputs=2:normalize=0:duration=longest[voice]');
    expect(args.filter((a) => a === 'flac')).toHaveLength(3);
  });
});

describe('renditions', () => {
  it('copies AAC into 2 s fMP4 segments, its time 0 where the picture starts', () => {
    const args = packageArgs('dub.m4a', 'out/es', { copy: true, startSec: 0.066016 });
    expect(arg(args, '-c:a')).toBe('copy');
    expect(arg(args, '-output_ts_offset')).toBe('0.066016');
    expect(arg(args, '-hls_time')).toBe('2');
    // Sound has no keyframes to cut at: it is cut every 2 s, not at every second.
    expect(args).not.toContain('-hls_init_time');
    expect(arg(args, '-hls_playlist_type')).toBe('vod');
    expect(arg(args, '-hls_segment_type')).toBe('fmp4');
    expect(arg(args, '-hls_segment_filename')).toBe('out/es/seg_%05d.m4s');
    expect(args.at(-1)).toBe('out/es/index.m3u8');
  });

  it('encodes what is not AAC, and adds no offset at 0', () => {
    const args = packageArgs('dub.wav', 'out/es', { copy: false, startSec: 0 });
    expect(arg(args, '-c:a')).toBe('aac');
    expect(args).not.toContain('-output_ts_offset');
  });

  it.each([
    ['video', '0:v:0'],
    ['audio', '0:a:0'],
  ] as const)('copies the %s of a rung with its timestamps, reading HLS and fMP4 only', (kind, map) => {
    const args = splitArgs('hls/720p/index.m3u8', 'out/720p', kind);
    expect(args).toContain('-copyts');
    expect(arg(args, '-map')).toBe(map);
    expect(arg(args, '-c')).toBe('copy');
    expect(arg(args, '-format_whitelist')).toBe('hls,mov');
  });
});

describe('parseStreams', () => {
  it('reads the first audio and video streams with their start', () => {
    const json = JSON.stringify({
      format: { duration: '12.000' },
      streams: [
        { codec_type: 'video', codec_name: 'h264', start_time: '0.066016' },
        { codec_type: 'audio', codec_name: 'aac', channels: 2, start_time: '0.042993' },
        { codec_type: 'audio', codec_name: 'mp3', channels: 1 },
      ],
    });
    expect(parseStreams(json)).toEqual({
      durationSec: 12,
      audio: { codec: 'aac', channels: 2, startSec: 0.042993 },
      video: { codec: 'h264', startSec: 0.066016 },
    });
    expect(parseStreams('{}')).toEqual({ durationSec: 0, audio: null, video: null });
  });
});
