import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { EMAIL_PREVIEW_WIDTH } from '@leadreel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFfmpegPipeline } from './ffmpeg-pipeline.ts';
import { playlistEntries, playlistFiles, playlistSegments } from './hls-playlists.ts';
import { BACKGROUND_NICE, FfmpegError, runMedia } from './run-ffmpeg.ts';
import { MediaRefusal } from './video-processor.ts';

// The real ffmpeg on media made by ffmpeg: what the pipeline makes, and what it refuses.
const run = promisify(execFile);
let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'leadreel-pipeline-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

const ffmpeg = (args: string[]) => run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);

/** Every ffmpeg and ffprobe the pipelines of this file started. */
const children = new Set<number>();

async function process(
  input: string,
  options: { ladderPollMs?: number } = {},
  outDir = path.join(work, `out-${path.basename(input)}-${Date.now()}`),
) {
  await mkdir(outDir);
  const percents: number[] = [];
  const playable: string[] = [];
  // What each early publish held when it was made: the master and its playlists' text at that moment.
  const published: { master: string; files: string[]; texts: Record<string, string> }[] = [];
  const result = await createFfmpegPipeline(
    undefined,
    options,
  )({
    input,
    outDir,
    signal: new AbortController().signal,
    onProgress: (percent) => percents.push(percent),
    onChild: (pid) => pid !== null && children.add(pid),
    onPlayable: async ({ master, files }) => {
      playable.push(master);
      const texts: Record<string, string> = {};
      for (const file of files.filter((name) => name.endsWith('.m3u8'))) {
        texts[file] = await readFile(path.join(outDir, file), 'utf8');
      }
      published.push({ master, files, texts });
    },
  });
  return { result, percents, playable, published, outDir };
}

const alive = (pid: number) => {
  try {
    globalThis.process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Why the pipeline refused the file: its message key, then the detail for the log. A refusal leaves nothing
 * behind: no file in the output folder (the fast path's remux starts beside the probe), no process running.
 */
async function refusal(input: string): Promise<string> {
  const outDir = path.join(work, `refused-${path.basename(input)}-${Date.now()}`);
  children.clear();
  try {
    await process(input, {}, outDir);
  } catch (error) {
    if (!(error instanceof MediaRefusal)) throw error;
    expect(await readdir(outDir, { recursive: true })).toEqual([]);
    expect([...children].filter(alive)).toEqual([]);
    return `${error.code}: ${error.reason}`;
  }
  throw new Error('the pipeline took the file');
}

describe('the ffmpeg pipeline', () => {
  it('publishes a remuxed rendition first for H.264/AAC, then the ladder, stills, storyboard and preview', async () => {
    const input = path.join(work, 'phone.mp4');
    await ffmpeg([
      ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=30:duration=3', '-f', 'lavfi', '-i', 'sine=duration=3'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', input],
    ]);
    const { result, percents, playable, outDir } = await process(input);
    expect(playable).toEqual(['fast.m3u8']);
    // The fast path is fMP4, which hls.js appends as it is.
    const fast = await readFile(path.join(outDir, 'fast/index.m3u8'), 'utf8');
    expect(playlistFiles(fast)[0]).toBe('init.mp4');
    expect(playlistSegments(fast).every((segment) => segment.endsWith('.m4s'))).toBe(true);
    expect(result).toMatchObject({ width: 640, height: 360, master: 'hls/master.m3u8' });
    expect(result.durationSec).toBeCloseTo(3, 0);
    expect(result.renditions.map((r) => r.name)).toEqual(['360p']);
    expect(percents.at(-1)).toBe(99);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    const master = await readFile(path.join(outDir, 'hls/master.m3u8'), 'utf8');
    expect(master).toContain('RESOLUTION=640x360');
    const segments = (await readdir(path.join(outDir, 'hls/360p'))).filter((f) => f.endsWith('.m4s'));
    expect(segments.length).toBeGreaterThan(0);
    const { stdout } = await run('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=codec_name',
      '-of',
      'csv=p=0',
      path.join(outDir, 'hls/360p/index.m3u8'),
    ]);
    expect([...new Set(stdout.split('\n').filter(Boolean))].sort()).toEqual(['aac', 'h264']);
    const { stdout: thumb } = await run('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=width,height',
      '-of',
      'csv=p=0',
      path.join(outDir, 'thumbnail.jpg'),
    ]);
    expect(thumb.trim()).toBe('640,360');
    expect(await readFile(path.join(outDir, 'storyboard.vtt'), 'utf8')).toContain('storyboard.jpg#xywh=0,0,160,90');
    expect((await readFile(path.join(outDir, 'preview.gif'))).subarray(0, 6).toString()).toBe('GIF89a');
    const { stdout: preview } = await run('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=width,height',
      '-of',
      'csv=p=0',
      path.join(outDir, 'preview.gif'),
    ]);
    // The email snippet shows it EMAIL_PREVIEW_WIDTH wide: the GIF is exactly that, in the video's shape.
    expect(preview.trim()).toBe(`${EMAIL_PREVIEW_WIDTH},${(EMAIL_PREVIEW_WIDTH * 9) / 16}`);
  });

  it('encodes a silent, rotated phone video upright without a fast path', async () => {
    const upright = path.join(work, 'upright.mp4');
    const input = path.join(work, 'rotated.mov');
    await ffmpeg([
      ...['-f', 'lavfi', '-i', 'testsrc2=size=480x270:rate=25:duration=2'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', upright],
    ]);
    // A phone stores the picture sideways and a rotation in the container (ffmpeg 5.1 writes it on a copy).
    await ffmpeg(['-i', upright, '-c', 'copy', '-metadata:s:v:0', 'rotate=90', input]);
    const { result, playable, outDir } = await process(input);
    expect(playable.filter((master) => master !== 'ladder.m3u8')).toEqual([]);
    // The remux that started beside the probe is dropped with what it made.
    expect(await readdir(outDir)).not.toContain('fast');
    expect([result.width, result.height]).toEqual([270, 480]);
  });

  it('publishes the ladder while it encodes when there is no fast path, the master gaining rungs with segments', async () => {
    const input = path.join(work, 'camera.avi');
    await ffmpeg([
      ...['-f', 'lavfi', '-i', 'testsrc2=size=960x540:rate=30:duration=12', '-f', 'lavfi', '-i', 'sine=duration=12'],
      ...['-c:v', 'mpeg4', '-q:v', '5', '-c:a', 'libmp3lame', input],
    ]);
    const { result, published, outDir } = await process(input, { ladderPollMs: 100 });
    const first = published[0];
    if (!first) throw new Error('nothing was published while the ladder encoded');
    expect(first.master).toBe('ladder.m3u8');
    // Published mid-encode: the rungs' playlists had segments but no end yet, and every file they named is in
    // the publish, segments before playlists.
    const rungPlaylists = Object.keys(first.texts).filter((file) => file !== 'ladder.m3u8');
    expect(rungPlaylists.length).toBeGreaterThan(0);
    for (const playlist of rungPlaylists) {
      const text = first.texts[playlist] as string;
      expect(text).toContain('#EXT-X-PLAYLIST-TYPE:EVENT');
      expect(text).not.toContain('#EXT-X-ENDLIST');
      const dir = path.dirname(playlist);
      for (const segment of playlistSegments(text)) {
        expect(first.files.indexOf(`${dir}/${segment}`)).toBeLessThan(first.files.indexOf(playlist));
      }
      expect(first.texts['ladder.m3u8']).toContain(playlist);
    }
    expect(first.files.at(-1)).toBe('ladder.m3u8');
    // Later publishes only grow, and the finished ladder ends its playlists.
    const counts = published.map((p) => p.files.length);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(result.renditions.map((r) => r.name)).toEqual(['480p', '360p']);
    const final = await readFile(path.join(outDir, 'hls/480p/index.m3u8'), 'utf8');
    expect(final).toContain('#EXT-X-ENDLIST');
    expect(playlistSegments(final).length).toBeGreaterThanOrEqual(3);
  });

  // a 175 kb/s source became 6.07 MB of renditions, its 480p rung larger than its 720p one.
  it.each([
    ['a 175 kb/s 720p source', '120k', 1],
    ['a 900 kb/s 720p source', '850k', 2],
  ])(
    'encodes %s into rungs no larger than the source nor the rung above, declared as measured',
    async (name, videoRate, rungCount) => {
      const input = path.join(work, `low-${videoRate}.mp4`);
      await ffmpeg([
        ...['-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30:duration=8,noise=alls=6:allf=t'],
        ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=8'],
        ...['-c:v', 'libx264', '-preset', 'veryfast', '-b:v', videoRate, '-maxrate', videoRate, '-bufsize', videoRate],
        ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '48k', input],
      ]);
      const sourceBytes = (await stat(input)).size;
      const { result, outDir } = await process(input);
      expect(result.renditions, name).toHaveLength(rungCount);
      const master = await readFile(path.join(outDir, 'hls/master.m3u8'), 'utf8');
      let total = 0;
      let above = Number.POSITIVE_INFINITY;
      for (const rendition of result.renditions) {
        const playlist = await readFile(path.join(outDir, rendition.playlist), 'utf8');
        let bytes = 0;
        for (const file of playlistFiles(playlist)) {
          bytes += (await stat(path.join(outDir, path.dirname(rendition.playlist), file))).size;
        }
        const seconds = playlistEntries(playlist).reduce((sum, entry) => sum + entry.durationSec, 0);
        expect(bytes, rendition.name).toBeLessThanOrEqual(sourceBytes);
        expect(bytes, rendition.name).toBeLessThanOrEqual(above);
        above = bytes;
        total += bytes;
        // The master declares what the segments hold, not the encoder's target.
        const declared = new RegExp(
          `BANDWIDTH=(\\d+),AVERAGE-BANDWIDTH=(\\d+),RESOLUTION=${rendition.width}x${rendition.height},CODECS="avc1[^"]*"\n${rendition.name}/index.m3u8`,
        ).exec(master);
        if (!declared) throw new Error(`the master does not list ${rendition.name}: ${master}`);
        const [, peak, average] = declared.map(Number);
        expect(Math.abs((average as number) - (bytes * 8) / seconds)).toBeLessThanOrEqual(1);
        expect(peak).toBeGreaterThanOrEqual(average as number);
        expect(rendition.bandwidth).toBe(peak);
      }
      expect(total / sourceBytes).toBeLessThanOrEqual(1.5);
    },
  );

  it.each([
    ['an HLS playlist', '#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4,\n/etc/passwd\n#EXT-X-ENDLIST\n'],
    ['an ffconcat list', "ffconcat version 1.0\nfile '/etc/passwd'\n"],
    [
      'a DASH manifest',
      '<?xml version="1.0"?><MPD xmlns="urn:mpeg:dash:schema:mpd:2011"><Period><AdaptationSet><Representation><BaseURL>file:///etc/passwd</BaseURL></Representation></AdaptationSet></Period></MPD>',
    ],
    ['random bytes', 'x'.repeat(4096)],
  ])('refuses %s renamed to .mp4', async (_, text) => {
    const input = path.join(work, `disguised-${text.length}.mp4`);
    await writeFile(input, text);
    expect(await refusal(input)).toMatch(/^media_not_video: ffprobe could not read the file/);
  });

  it('refuses a pixel flood and a 10-hour video by their headers, before decoding anything', async () => {
    const flood = path.join(work, 'flood.avi');
    await ffmpeg([
      '-f',
      'lavfi',
      '-i',
      'color=c=black:s=8200x64:d=0.1',
      '-c:v',
      'mjpeg',
      '-pix_fmt',
      'yuvj420p',
      flood,
    ]);
    expect(await refusal(flood)).toMatch(/^media_too_large: .*8200x64.*8K/);
    const long = path.join(work, 'long.mp4');
    await ffmpeg([
      '-f',
      'lavfi',
      '-i',
      'color=c=black:s=2x2:r=1/10:d=36000',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      long,
    ]);
    expect(await refusal(long)).toMatch(/^media_too_long: .*10\.0 hours/);
  });

  it('fails a truncated file with a reason', async () => {
    const input = path.join(work, 'cut.mp4');
    await ffmpeg([
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=320x240:duration=2',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      input,
    ]);
    const bytes = await readFile(input);
    await writeFile(input, bytes.subarray(0, bytes.length >> 1));
    expect((await refusal(input)).length).toBeGreaterThan(10);
  });
});

describe('runMedia', () => {
  const endless = ['-hide_banner', '-f', 'lavfi', '-i', 'testsrc2=size=64x64', '-f', 'null', '-'];

  it('kills ffmpeg at the time limit', async () => {
    const error = await runMedia('ffmpeg', endless, { timeoutMs: 300 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FfmpegError);
    expect(error).toMatchObject({ kind: 'timeout' });
  });

  it('kills ffmpeg once it has used its processor time, however long the clock allows', async () => {
    const error = await runMedia('ffmpeg', endless, { timeoutMs: 300_000, cpuLimitMs: 500 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FfmpegError);
    expect(error).toMatchObject({ kind: 'timeout', reason: expect.stringContaining('processor time') });
  });

  it('stops ffmpeg when the job is aborted', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const error = await runMedia('ffmpeg', endless, { timeoutMs: 30_000, signal: controller.signal }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ kind: 'aborted' });
  });

  it("runs what someone waits for at the server's own priority and background encodes below it", async () => {
    const niceOf = async (priority: 'waited' | 'background') => {
      const controller = new AbortController();
      let pid = 0;
      const running = runMedia('ffmpeg', endless, {
        timeoutMs: 30_000,
        signal: controller.signal,
        onChild: (child) => {
          pid ||= child ?? 0;
        },
        priority,
      }).catch((e: unknown) => e);
      const nice = os.getPriority(pid);
      controller.abort();
      expect(await running).toMatchObject({ kind: 'aborted' });
      return nice;
    };
    expect(await niceOf('waited')).toBe(os.getPriority());
    expect(await niceOf('background')).toBe(BACKGROUND_NICE);
  });
});
