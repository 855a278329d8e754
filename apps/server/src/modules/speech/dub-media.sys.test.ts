import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFfmpegPipeline } from '../videos/ffmpeg-pipeline.ts';
import { masterCodecs, masterWithAudio, parseMaster, playlistEntries, type Variant } from '../videos/hls-playlists.ts';
import { FfmpegError } from '../videos/run-ffmpeg.ts';
import {
  extractOriginalAudio,
  extractSpeech,
  fitLine,
  mixDub,
  NoAudioError,
  packageAudioRendition,
  splitMuxedRung,
} from './dub-media.ts';
import { DUB_RATE, SEGMENT_SEC } from './dub-media-args.ts';

// The real ffmpeg on media made by ffmpeg: what a viewer of a dubbed video hears, and the renditions the
// player switches between.
const run = promisify(execFile);
const ffmpeg = (args: string[]) => run('ffmpeg', ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...args]);
const signal = new AbortController().signal;

let work: string;
/**
 * 12 s of 960x540 picture with a 220 Hz tone as its stereo sound, H.264/AAC as a phone uploads it, in 10-bit,
 * which the pipeline encodes every rung of (a source it serves as it is keeps its own keyframes:
 * ffmpeg-pipeline's tests cover that copy).
 */
let source: string;
/** The same picture without sound. */
let silent: string;
/** The source through the real pipeline: `hls/<rung>/` muxed rungs and their master. */
let processed: string;
let rungs: { name: string; width: number; height: number; playlist: string }[];

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'leadreel-dub-'));
  source = path.join(work, 'talk.mp4');
  silent = path.join(work, 'silent.mp4');
  await ffmpeg([
    ...['-f', 'lavfi', '-i', 'testsrc2=size=960x540:rate=30:duration=12', '-f', 'lavfi', '-i', 'sine=f=220:d=12'],
    ...[
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p10le',
      '-c:a',
      'aac',
      '-ac',
      '2',
      '-shortest',
      source,
    ],
  ]);
  await ffmpeg([
    ...['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25:duration=5'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', silent],
  ]);
  processed = path.join(work, 'processed');
  await mkdir(processed);
  const result = await createFfmpegPipeline()({
    input: source,
    outDir: processed,
    signal,
    onProgress: () => undefined,
    onPlayable: async () => undefined,
  });
  rungs = result.renditions;
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

type Probed = {
  format: { duration?: string };
  streams: { codec_type: string; codec_name: string; sample_rate?: string; channels?: number; start_time?: string }[];
};
async function probe(file: string): Promise<Probed> {
  const { stdout } = await run('ffprobe', [
    ...['-v', 'error', '-protocol_whitelist', 'file', '-print_format', 'json'],
    ...['-show_entries', 'format=duration:stream=codec_type,codec_name,sample_rate,channels,start_time', file],
  ]);
  return JSON.parse(stdout) as Probed;
}
const kinds = async (file: string) => [...new Set((await probe(file)).streams.map((s) => s.codec_type))].sort();
const seconds = async (file: string) => Number((await probe(file)).format.duration);

/** Bands far enough apart that six poles of filtering keep each out of the other's measure by 70 dB. */
const ORIGINAL_BAND = 'lowpass=f=500,lowpass=f=500,lowpass=f=500';
const VOICE_BAND = 'highpass=f=1000,highpass=f=1000,highpass=f=1000';

/** The mean level in dB of a file's sound from `start` to `end` s, through `band` when given; -Infinity for none. */
async function level(file: string, start: number, end: number, band?: string): Promise<number> {
  const filters = [`atrim=${start}:${end}`, ...(band ? [band] : []), 'volumedetect'].join(',');
  const { stderr } = await run('ffmpeg', ['-hide_banner', '-nostats', '-i', file, '-af', filters, '-f', 'null', '-']);
  const found = /mean_volume: (-?[\d.]+) dB/.exec(stderr);
  return found ? Number(found[1]) : Number.NEGATIVE_INFINITY;
}
/** 40 dB under the tones: nothing of them is there (what is, is the AAC coding noise of the other band). */
const INAUDIBLE = -60;

/** A voice line: a tone of `frequency` Hz for `duration` s, as a synthesiser writes it (22.05 kHz mono). */
async function toneLine(name: string, frequency: number, duration: number, rate = 22_050): Promise<string> {
  const file = path.join(work, name);
  await ffmpeg(['-f', 'lavfi', '-i', `sine=f=${frequency}:d=${duration}:r=${rate}`, '-ac', '1', file]);
  return file;
}

describe('extractSpeech', () => {
  it('gives the sound as 16 kHz mono 16-bit WAV as long as the video', async () => {
    const wav = path.join(work, 'speech.wav');
    await extractSpeech(source, wav, signal);
    const { streams } = await probe(wav);
    expect(streams).toEqual([
      expect.objectContaining({ codec_type: 'audio', codec_name: 'pcm_s16le', sample_rate: '16000', channels: 1 }),
    ]);
    expect(Math.abs((await seconds(wav)) - 12)).toBeLessThan(0.05);
  });

  it('keeps speech where it is in the video when the sound starts after the picture', async () => {
    const late = path.join(work, 'late.mp4');
    await ffmpeg(['-i', silent, '-itsoffset', '1', '-i', source, '-map', '0:v', '-map', '1:a', '-c', 'copy', late]);
    const wav = path.join(work, 'late.wav');
    await extractSpeech(late, wav, signal);
    expect(await level(wav, 0, 0.9)).toBeLessThan(INAUDIBLE);
    expect(await level(wav, 1.1, 2)).toBeGreaterThan(-30);
  });

  it('says a video without sound has no sound, and writes nothing', async () => {
    const wav = path.join(work, 'none.wav');
    const error = await extractSpeech(silent, wav, signal).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NoAudioError);
    await expect(stat(wav)).rejects.toThrow();
  });

  it('refuses what is no media file', async () => {
    const fake = path.join(work, 'fake.mp4');
    await writeFile(fake, '#EXTM3U\n#EXTINF:4,\n/etc/passwd\n#EXT-X-ENDLIST\n');
    await expect(extractSpeech(fake, path.join(work, 'fake.wav'), signal)).rejects.toBeInstanceOf(FfmpegError);
  });
});

describe('fitLine', () => {
  it('speeds a line that is too long up to fit its slot, whole, at the mix format', async () => {
    // 2.5 s of 440 Hz and then 0.5 s of 1 kHz: sped up, the 1 kHz end is still heard at the end of the slot.
    const line = path.join(work, 'long-line.wav');
    await ffmpeg([
      ...['-filter_complex', 'sine=f=440:d=2.5:r=22050[a];sine=f=1000:d=0.5:r=22050[b];[a][b]concat=n=2:v=0:a=1'],
      ...['-ac', '1', line],
    ]);
    const fitted = path.join(work, 'long-line-fitted.wav');
    const plan = await fitLine(line, 2.5, fitted, signal);
    expect(plan.tempo).toBeCloseTo(1.2, 3);
    expect(plan).toMatchObject({ durationSec: 2.5, trimmed: false });
    const { streams } = await probe(fitted);
    expect(streams[0]).toMatchObject({ sample_rate: String(DUB_RATE), channels: 2 });
    const duration = await seconds(fitted);
    expect(duration).toBeLessThanOrEqual(2.5);
    expect(duration).toBeGreaterThan(2.45);
    expect(await level(fitted, 2.3, 2.45, 'bandpass=f=1000:width_type=q:w=8')).toBeGreaterThan(
      (await level(fitted, 2.3, 2.45, 'bandpass=f=440:width_type=q:w=8')) + 10,
    );
  });

  it('speeds up no more than 1.6x and cuts the rest at the slot with a fade, not a click', async () => {
    const line = await toneLine('very-long-line.wav', 440, 4);
    const fitted = path.join(work, 'very-long-line-fitted.wav');
    const plan = await fitLine(line, 1.5, fitted, signal);
    expect(plan).toEqual({ tempo: 1.6, durationSec: 1.5, trimmed: true });
    expect(Math.abs((await seconds(fitted)) - 1.5)).toBeLessThanOrEqual(1 / DUB_RATE);
    // The last 5 ms are far quieter than the line was: it fades out rather than stopping mid-wave.
    expect(await level(fitted, 1.495, 1.5)).toBeLessThan((await level(fitted, 1, 1.4)) - 15);
  });

  it('leaves a short line as it is: not slowed down, not padded, as loud in each channel as it was', async () => {
    const line = await toneLine('short-line.wav', 440, 1);
    const fitted = path.join(work, 'short-line-fitted.wav');
    expect(await fitLine(line, 4, fitted, signal)).toEqual({ tempo: 1, durationSec: 1, trimmed: false });
    expect(Math.abs((await seconds(fitted)) - 1)).toBeLessThan(0.001);
    expect(Math.abs((await level(fitted, 0.1, 0.9)) - (await level(line, 0.1, 0.9)))).toBeLessThan(0.5);
  });

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY])('refuses a slot of %s s', async (slot) => {
    const line = await toneLine('any-line.wav', 440, 1);
    await expect(fitLine(line, slot, path.join(work, 'never.wav'), signal)).rejects.toBeInstanceOf(RangeError);
  });

  it('refuses a line that is no WAV file', async () => {
    await expect(fitLine(source, 2, path.join(work, 'never.wav'), signal)).rejects.toBeInstanceOf(FfmpegError);
  });
});

describe('mixDub', () => {
  /** A fitted line of a 2 kHz tone, 1.5 s long. */
  let voice: string;
  beforeAll(async () => {
    voice = path.join(work, 'voice-fitted.wav');
    await fitLine(await toneLine('voice.wav', 2000, 1.5), 2, voice, signal);
  });

  it('puts each line at its start over the original, lowered under the voice, as long as the video', async () => {
    const outFile = path.join(work, 'dub.m4a');
    const lines = [
      { wav: voice, start: 2 },
      { wav: voice, start: 7 },
    ];
    await mixDub({ original: source, lines, durationSec: 12, outFile, signal });
    const { streams } = await probe(outFile);
    expect(streams).toEqual([
      expect.objectContaining({ codec_type: 'audio', codec_name: 'aac', sample_rate: String(DUB_RATE), channels: 2 }),
    ]);
    expect(Math.abs((await seconds(outFile)) - 12)).toBeLessThanOrEqual(1024 / DUB_RATE);

    const originalAlone = await level(source, 4.6, 6.4, ORIGINAL_BAND);
    for (const [start, end] of [
      [2.3, 3.2],
      [7.3, 8.2],
    ] as const) {
      // Under a line the original is lowered (by 14 dB), not gone, and the voice is above it.
      const under = await level(outFile, start, end, ORIGINAL_BAND);
      expect(under).toBeLessThan(originalAlone - 10);
      expect(under).toBeGreaterThan(originalAlone - 20);
      expect(await level(outFile, start, end, VOICE_BAND)).toBeGreaterThan(under + 6);
      expect(await level(outFile, start, end)).toBeGreaterThan(await level(outFile, 4.6, 6.4));
    }
    // Between the lines the original is as it was, and no voice.
    expect(Math.abs((await level(outFile, 4.6, 6.4, ORIGINAL_BAND)) - originalAlone)).toBeLessThan(1);
    expect(await level(outFile, 4.6, 6.4, VOICE_BAND)).toBeLessThan(INAUDIBLE);
    // The voice starts on its cue: not before 2 s, heard right after.
    expect(await level(outFile, 1.8, 1.95, VOICE_BAND)).toBeLessThan(INAUDIBLE);
    expect(await level(outFile, 2.05, 2.2, VOICE_BAND)).toBeGreaterThan(-40);
  });

  it('hears both lines of overlapping cues, each whole', async () => {
    const other = path.join(work, 'other-fitted.wav');
    await fitLine(await toneLine('other.wav', 3000, 1.5), 2, other, signal);
    const outFile = path.join(work, 'overlap.m4a');
    const lines = [
      { wav: voice, start: 1 },
      { wav: other, start: 1.8 },
    ];
    await mixDub({ original: null, lines, durationSec: 4, outFile, signal });
    for (const frequency of [2000, 3000]) {
      expect(await level(outFile, 1.9, 2.4, `bandpass=f=${frequency}:width_type=q:w=8`)).toBeGreaterThan(-40);
    }
    expect(await level(outFile, 3.1, 3.25, 'bandpass=f=3000:width_type=q:w=8')).toBeGreaterThan(-40);
  });

  it.each([
    ['no original', () => null],
    ['an original without sound', () => silent],
  ])('gives the voice alone with %s', async (_, original) => {
    const outFile = path.join(work, `voice-only-${Date.now()}.m4a`);
    await mixDub({ original: original(), lines: [{ wav: voice, start: 1 }], durationSec: 5, outFile, signal });
    expect(Math.abs((await seconds(outFile)) - 5)).toBeLessThanOrEqual(1024 / DUB_RATE);
    expect(await level(outFile, 1.2, 2.3, VOICE_BAND)).toBeGreaterThan(-40);
    expect(await level(outFile, 3, 4.5)).toBeLessThan(INAUDIBLE);
  });

  it('mixes 300 lines, each on its cue however many come before it', async () => {
    const blip = path.join(work, 'blip.wav');
    await fitLine(await toneLine('blip-line.wav', 2000, 0.1), 0.1, blip, signal);
    const original = path.join(work, 'minute.m4a');
    await ffmpeg(['-f', 'lavfi', '-i', 'sine=f=220:d=60', '-c:a', 'aac', original]);
    const outFile = path.join(work, 'many.m4a');
    const lines = Array.from({ length: 300 }, (_, i) => ({ wav: blip, start: i * 0.2 }));
    await mixDub({ original, lines, durationSec: 60, outFile, signal });
    expect(Math.abs((await seconds(outFile)) - 60)).toBeLessThanOrEqual(1024 / DUB_RATE);
    // The first, the last, and those either side of where one run of lines hands over to the next.
    for (const i of [0, 150, 199, 200, 201, 299]) {
      expect(await level(outFile, i * 0.2 + 0.02, i * 0.2 + 0.08, VOICE_BAND), `line ${i}`).toBeGreaterThan(-40);
      expect(await level(outFile, i * 0.2 + 0.12, i * 0.2 + 0.18, VOICE_BAND), `after ${i}`).toBeLessThan(INAUDIBLE);
    }
  });

  it('stops its ffmpeg and leaves nothing behind when aborted', async () => {
    const dir = path.join(work, 'aborted');
    await mkdir(dir);
    const outFile = path.join(dir, 'dub.m4a');
    const lines = Array.from({ length: 300 }, (_, i) => ({ wav: voice, start: i * 10 }));
    const controller = new AbortController();
    // Aborted once it has started working (its scratch folder exists), whatever the machine's speed.
    const watch = setInterval(() => {
      void readdir(dir).then((names) => names.length > 0 && controller.abort());
    }, 20);
    const error = await mixDub({ original: null, lines, durationSec: 3000, outFile, signal: controller.signal })
      .catch((e: unknown) => e)
      .finally(() => clearInterval(watch));
    expect(error).toBeInstanceOf(FfmpegError);
    expect(error).toMatchObject({ kind: 'aborted' });
    expect(await readdir(dir)).toEqual([]);
    const { stdout } = await run('ps', ['-eo', 'args']);
    expect(stdout.split('\n').filter((args) => args.includes(dir))).toEqual([]);
  });

  it.each([
    ['a duration of 0', { durationSec: 0 }],
    ['a duration that is not a number', { durationSec: Number.NaN }],
    ['a line before the start', { lines: [{ wav: 'x.wav', start: -1 }] }],
  ])('refuses %s', async (_, change) => {
    const options = { original: null, lines: [], durationSec: 5, outFile: path.join(work, 'never.m4a'), signal };
    await expect(mixDub({ ...options, ...change })).rejects.toBeInstanceOf(RangeError);
  });

  it('refuses a line that is no WAV file', async () => {
    const options = { original: null, durationSec: 5, outFile: path.join(work, 'never.m4a'), signal };
    await expect(mixDub({ ...options, lines: [{ wav: source, start: 1 }] })).rejects.toThrow(/not a WAV/);
  });
});

describe('audio renditions beside video-only rungs', () => {
  const out = () => path.join(work, 'renditions');
  const total = (text: string) => playlistEntries(text).reduce((sum, entry) => sum + entry.durationSec, 0);
  const videoPackets = async (playlist: string) =>
    (
      await run('ffprobe', [
        ...['-v', 'error', '-protocol_whitelist', 'file', '-select_streams', 'v:0'],
        ...['-show_entries', 'packet=pts_time,size', '-of', 'csv=p=0', playlist],
      ])
    ).stdout;

  it('splits each muxed rung into a video-only rung with the same segments and packets', async () => {
    expect(rungs.length).toBeGreaterThanOrEqual(2);
    for (const { name, playlist } of rungs) {
      // A rung's folder: its name, or `source` for the source's own copy.
      const muxed = path.join(processed, path.dirname(playlist));
      const split = await splitMuxedRung(muxed, path.join(out(), name), signal);
      expect(await kinds(path.join(muxed, 'index.m3u8'))).toEqual(['audio', 'video']);
      expect(await kinds(split.playlist)).toEqual(['video']);
      const before = await readFile(path.join(muxed, 'index.m3u8'), 'utf8');
      const after = await readFile(split.playlist, 'utf8');
      expect(after).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
      expect(after).toContain('#EXT-X-MAP:URI="init.mp4"');
      // Cut at the same keyframes: the same segments, of the same lengths, holding the same pictures.
      expect(playlistEntries(after)).toEqual(playlistEntries(before));
      expect(await videoPackets(split.playlist)).toBe(await videoPackets(path.join(muxed, 'index.m3u8')));
      expect(split.segments).toBe(playlistEntries(before).length);
      expect(split.startSec).toBeGreaterThanOrEqual(0);
      expect(split.startSec).toBeLessThan(0.2);
    }
  });

  it("splits the source's own copy at its own keyframes, one a second, with its sound beside it", async () => {
    // An 8-bit H.264/AAC camera file with a keyframe every second: served as it is (ffmpeg-pipeline), its
    // segments cut at the camera's keyframes, not at the ladder's forced ones.
    const camera = path.join(work, 'camera.mp4');
    await ffmpeg([
      ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=30:duration=9', '-f', 'lavfi', '-i', 'sine=f=220:d=9'],
      ...[
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-b:v',
        '500k',
        '-g',
        '30',
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'aac',
        camera,
      ],
    ]);
    const copied = path.join(work, 'copied');
    await mkdir(copied);
    const result = await createFfmpegPipeline()({
      input: camera,
      outDir: copied,
      signal,
      onProgress: () => undefined,
      onPlayable: async () => undefined,
    });
    expect(result.renditions.map((r) => r.playlist)).toEqual(['hls/source/index.m3u8']);
    const muxed = path.join(copied, 'hls/source');
    const split = await splitMuxedRung(muxed, path.join(out(), 'copied-source'), signal);
    const before = await readFile(path.join(muxed, 'index.m3u8'), 'utf8');
    expect(playlistEntries(await readFile(split.playlist, 'utf8'))).toEqual(playlistEntries(before));
    // The same pictures, each within a millisecond of where it played muxed: the copy's timescale is the
    // camera's, which the split rounds to its own (about 1 ms, far below what a viewer sees of lip sync).
    const packets = async (playlist: string) =>
      (await videoPackets(playlist))
        .trim()
        .split('\n')
        .map((line) => line.split(',').map(Number) as [number, number]);
    const [splitPackets, muxedPackets] = [await packets(split.playlist), await packets(path.join(muxed, 'index.m3u8'))];
    expect(splitPackets.map(([, size]) => size)).toEqual(muxedPackets.map(([, size]) => size));
    const drift = splitPackets.map(([time], i) => Math.abs(time - (muxedPackets[i]?.[0] ?? Number.NaN)));
    expect(Math.max(...drift)).toBeLessThanOrEqual(0.0015);
    expect(split.startSec).toBeLessThan(0.2);
    const original = await extractOriginalAudio(muxed, path.join(out(), 'copied-original'), signal);
    expect(await kinds(original.playlist)).toEqual(['audio']);
    expect(Math.abs(original.durationSec - result.durationSec)).toBeLessThan(SEGMENT_SEC);
  });

  it('gives the original sound and a dub as audio renditions as long as the video, in step with it', async () => {
    const top = rungs[0]?.name as string;
    const muxed = path.join(processed, path.dirname(rungs[0]?.playlist as string));
    const split = await splitMuxedRung(muxed, path.join(out(), `${top}-again`), signal);
    const rung = await readFile(split.playlist, 'utf8');
    const original = await extractOriginalAudio(muxed, path.join(out(), 'audio-original'), signal);
    const mixed = path.join(work, 'rendition-dub.m4a');
    await mixDub({
      original: source,
      lines: [{ wav: path.join(work, 'voice-fitted.wav'), start: 2 }],
      durationSec: 12,
      outFile: mixed,
      signal,
    });
    const dub = await packageAudioRendition(mixed, path.join(out(), 'audio-es'), signal, { startSec: split.startSec });
    for (const rendition of [original, dub]) {
      expect(await kinds(rendition.playlist)).toEqual(['audio']);
      const text = await readFile(rendition.playlist, 'utf8');
      expect(text).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
      expect(text).toContain('#EXT-X-MAP:URI="init.mp4"');
      expect(Math.abs(rendition.segments - playlistEntries(rung).length)).toBeLessThanOrEqual(1);
      expect(Math.abs(rendition.durationSec - total(rung))).toBeLessThan(SEGMENT_SEC);
      expect(Math.max(...playlistEntries(text).map((entry) => entry.durationSec))).toBeLessThan(SEGMENT_SEC + 0.1);
      // The AAC was copied, not encoded again.
      expect((await probe(rendition.playlist)).streams[0]).toMatchObject({ codec_name: 'aac' });
    }
    // The dub starts where the original's sound does on the rungs' timeline, within one AAC frame: without
    // startSec it would start about 40 ms early.
    const first = async (playlist: string) => Number((await probe(playlist)).streams[0]?.start_time);
    expect(Math.abs((await first(dub.playlist)) - (await first(original.playlist)))).toBeLessThan(1024 / 44_100);

    // The master a player reads: checked against RFC 8216's rules, and read by ffmpeg's own HLS demuxer.
    // The codecs ffmpeg named for the muxed rungs, as the pipeline's master keeps them.
    const codecs = masterCodecs(await readFile(path.join(processed, 'hls/master.m3u8'), 'utf8'));
    const variants: Variant[] = [];
    for (const { playlist, width, height } of rungs) {
      const dir = path.basename(path.dirname(playlist));
      const video = await splitMuxedRung(path.join(processed, 'hls', dir), path.join(out(), dir), signal);
      const uri = `${dir}/index.m3u8`;
      expect(codecs.get(uri)).toMatch(/^avc1\.[0-9a-f]{6},mp4a\.40\.2$/);
      variants.push({ uri, width, height, ...video, codecs: codecs.get(uri) });
    }
    const master = path.join(out(), 'master.m3u8');
    const renditions = [
      { lang: 'en', uri: 'audio-original/index.m3u8', isDefault: true, ...original },
      { lang: 'es', uri: 'audio-es/index.m3u8', isDefault: false, ...dub },
    ];
    await writeFile(master, masterWithAudio(variants, { groupId: 'audio', renditions }));
    const parsed = parseMaster(await readFile(master, 'utf8'));
    const groups = new Set(parsed.media.filter((m) => m.TYPE === 'AUDIO').map((m) => m['GROUP-ID']));
    // §4.3.4.2: AUDIO "MUST match the value of the GROUP-ID attribute of an EXT-X-MEDIA tag elsewhere in the
    // Master Playlist whose TYPE attribute is AUDIO".
    expect(parsed.variants).toHaveLength(rungs.length);
    for (const variant of parsed.variants) {
      expect(groups.has(variant.attributes.AUDIO as string)).toBe(true);
      expect(variant.attributes.CODECS).toBe(codecs.get(variant.uri));
      // §4.3.4.2: the largest sum of peak segment bit rates of any playable combination of renditions.
      const video = variants.find((v) => v.uri === variant.uri) as Variant;
      expect(Number(variant.attributes.BANDWIDTH)).toBe(video.bandwidth + Math.max(original.bandwidth, dub.bandwidth));
      await stat(path.join(out(), variant.uri));
    }
    // §4.3.4.1.1: one DEFAULT=YES at most (we want exactly one), different NAMEs; §4.3.4.1: AUTOSELECT=YES
    // where DEFAULT=YES; every URI names a playlist that exists.
    expect(parsed.media.filter((m) => m.DEFAULT === 'YES')).toHaveLength(1);
    expect(new Set(parsed.media.map((m) => m.NAME)).size).toBe(parsed.media.length);
    expect(parsed.media.map((m) => m.NAME)).toEqual(['English', 'Español']);
    for (const media of parsed.media) {
      if (media.DEFAULT === 'YES') expect(media.AUTOSELECT).toBe('YES');
      await stat(path.join(out(), media.URI as string));
    }
    const { stdout } = await run('ffprobe', [
      ...['-v', 'error', '-protocol_whitelist', 'file', '-print_format', 'json'],
      ...['-show_entries', 'stream=codec_type:stream_tags=language', master],
    ]);
    const { streams } = JSON.parse(stdout) as { streams: { codec_type: string; tags?: { language?: string } }[] };
    const read = new Set(streams.map((s) => [s.codec_type, s.tags?.language].filter(Boolean).join(',')));
    expect(read).toEqual(new Set(['audio,en', 'audio,es', 'video']));
  });

  it('refuses a rung that is still being encoded rather than wait for it', async () => {
    const unfinished = path.join(work, 'unfinished');
    await cp(path.join(processed, path.dirname(rungs[0]?.playlist as string)), unfinished, { recursive: true });
    const playlist = path.join(unfinished, 'index.m3u8');
    await writeFile(playlist, (await readFile(playlist, 'utf8')).replace('#EXT-X-ENDLIST', ''));
    await expect(splitMuxedRung(unfinished, path.join(work, 'never'), signal)).rejects.toThrow(/not finished/);
    await expect(extractOriginalAudio(unfinished, path.join(work, 'never'), signal)).rejects.toThrow(/not finished/);
  });

  it('says a rung without sound has no original sound to offer', async () => {
    const dir = path.join(work, 'silent-processed');
    await mkdir(dir);
    const result = await createFfmpegPipeline()({
      input: silent,
      outDir: dir,
      signal,
      onProgress: () => undefined,
      onPlayable: async () => undefined,
    });
    const rung = path.join(dir, path.dirname(result.renditions[0]?.playlist as string));
    await expect(extractOriginalAudio(rung, path.join(work, 'never'), signal)).rejects.toBeInstanceOf(NoAudioError);
    const split = await splitMuxedRung(rung, path.join(work, 'silent-video'), signal);
    expect(await kinds(split.playlist)).toEqual(['video']);
  });
});
