import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BGM_TRACKS, bgmTrackFile } from './bgm-library.ts';

// The library's tracks made by the real ffmpeg: what a user hears when picking LeadReel's music.
const run = promisify(execFile);

let cache: string;
beforeAll(async () => {
  cache = await mkdtemp(path.join(tmpdir(), 'leadreel-bgm-'));
});
afterAll(async () => {
  await rm(cache, { recursive: true, force: true });
});

/** Integrated loudness (LUFS) and true peak (dBTP) as EBU R128 measures them. */
async function loudness(file: string) {
  const { stderr } = await run('ffmpeg', [
    '-hide_banner',
    '-nostats',
    '-i',
    file,
    '-af',
    'ebur128=peak=true',
    '-f',
    'null',
    '-',
  ]);
  const summary = stderr.slice(stderr.lastIndexOf('Summary:'));
  return {
    integrated: Number(/I:\s+(-?[\d.]+) LUFS/.exec(summary)?.[1]),
    peak: Number(/Peak:\s+(-?[\d.]+) dBFS/.exec(summary)?.[1]),
  };
}

describe('BGM_TRACKS', () => {
  it('lists a few tracks of a minute to a minute and a half, each with its own id and name', () => {
    expect(BGM_TRACKS.length).toBeGreaterThanOrEqual(3);
    expect(new Set(BGM_TRACKS.map((t) => t.id)).size).toBe(BGM_TRACKS.length);
    expect(new Set(BGM_TRACKS.map((t) => t.name)).size).toBe(BGM_TRACKS.length);
    for (const track of BGM_TRACKS) {
      expect(track.duration).toBeGreaterThanOrEqual(60);
      expect(track.duration).toBeLessThanOrEqual(90);
    }
  });
});

describe('bgmTrackFile', () => {
  it.each([
    ['an unknown id', 'nope'],
    ['an empty one', ''],
    ['a path', '../calm'],
    ['another case', 'CALM'],
    ['NUL', '\u0000'],
    ['a lone surrogate', '\ud800'],
    ['10,000 characters', 'x'.repeat(10_000)],
  ])('has no track for %s', async (_, id) => {
    expect(await bgmTrackFile(cache, id)).toBeNull();
  });

  it('makes each track once, as stereo AAC at 48 kHz of its listed length, at a moderate level', async () => {
    for (const track of BGM_TRACKS) {
      // Two callers at once: both get the whole file, one file is left and no temporary ones.
      const [file, again] = await Promise.all([bgmTrackFile(cache, track.id), bgmTrackFile(cache, track.id)]);
      expect(file).toBe(path.join(cache, `bgm-${track.id}.m4a`));
      expect(again).toBe(file);
      const made = (await stat(file as string)).mtimeMs;
      expect(await bgmTrackFile(cache, track.id)).toBe(file);
      expect((await stat(file as string)).mtimeMs).toBe(made);

      const { stdout } = await run('ffprobe', [
        ...['-v', 'error', '-print_format', 'json'],
        ...['-show_entries', 'format=duration:stream=codec_name,sample_rate,channels', file as string],
      ]);
      const probed = JSON.parse(stdout) as {
        format: { duration: string };
        streams: { codec_name: string; sample_rate: string; channels: number }[];
      };
      expect(probed.streams).toEqual([{ codec_name: 'aac', sample_rate: '48000', channels: 2 }]);
      // Exactly its length (to AAC's frame of 1,024 samples): looped under a video, it keeps its beat.
      expect(Math.abs(Number(probed.format.duration) - track.duration)).toBeLessThan(0.03);
      // About -16 LUFS, peaks below full scale: music to sit under a voice, not a test tone at full level.
      const level = await loudness(file as string);
      expect(level.integrated).toBeGreaterThan(-18);
      expect(level.integrated).toBeLessThan(-14);
      expect(level.peak).toBeLessThan(0);
    }
    expect((await readdir(cache)).sort()).toEqual(BGM_TRACKS.map((t) => `bgm-${t.id}.m4a`).sort());
  });
});
