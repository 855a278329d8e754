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
  // What each early publish held: the segments, the master and the playlists' text as published, and
  // whether the posters that follow the ladder were begun yet.
  const published: { master: string; files: string[]; texts: Record<string, string>; posters: boolean }[] = [];
  const result = await createFfmpegPipeline(
    undefined,
    options,
  )({
    input,
    outDir,
    signal: new AbortController().signal,
    onProgress: (percent) => percents.push(percent),
    onChild: (pid) => pid !== null && children.add(pid),
    onPlayable: async ({ master, files, playlists }) => {
      playable.push(master);
      // Every file a publish names exists when it is made.
      for (const file of files) await stat(path.join(outDir, file));
      const posters = await stat(path.join(outDir, 'posters')).then(
        () => true,
        () => false,
      );
      published.push({ master, files, posters, texts: Object.fromEntries(playlists.map((p) => [p.file, p.text])) });
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
 * behind: no file in the output folder (the copy starts beside the probe), no process running.
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
  it('serves H.264/AAC as it is, its copy published whole before the posters, with stills, storyboard and preview', async () => {
    const input = path.join(work, 'phone.mp4');
    await ffmpeg([
      ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=30:duration=3', '-f', 'lavfi', '-i', 'sine=duration=3'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '500k', '-pix_fmt', 'yuv420p', '-c:a', 'aac', input],
    ]);
    const { result, percents, published, outDir } = await process(input, { ladderPollMs: 20 });
    expect(published.map((p) => p.master)).toContain('ladder.m3u8');
    expect(published[0]?.texts['ladder.m3u8']).toContain('hls/source/index.m3u8');
    // However the pipeline's looks at the copy fell, the whole of it is published before the posters.
    expect(published.at(-1)?.texts['hls/source/index.m3u8']).toContain('#EXT-X-ENDLIST');
    expect(published.map((p) => p.posters)).not.toContain(true);
    // The copy is fMP4, which hls.js appends as it is, and holds the source's own stream: not re-encoded.
    const copy = await readFile(path.join(outDir, 'hls/source/index.m3u8'), 'utf8');
    expect(playlistFiles(copy)[0]).toBe('init.mp4');
    expect(playlistSegments(copy).every((segment) => segment.endsWith('.m4s'))).toBe(true);
    expect(copy).toContain('#EXT-X-ENDLIST');
    const encoder = async (file: string) =>
      (
        await run('ffprobe', [
          '-v',
          'error',
          '-show_entries',
          'stream_tags=encoder:format_tags=encoder',
          '-of',
          'csv=p=0',
          file,
        ])
      ).stdout;
    expect(await readdir(path.join(outDir, 'hls'))).toEqual(['master.m3u8', 'source']);
    expect(result).toMatchObject({ width: 640, height: 360, master: 'hls/master.m3u8' });
    expect(result.durationSec).toBeCloseTo(3, 0);
    expect(result.renditions.map((r) => [r.name, r.playlist])).toEqual([['360p', 'hls/source/index.m3u8']]);
    expect(percents.at(-1)).toBe(99);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    const master = await readFile(path.join(outDir, 'hls/master.m3u8'), 'utf8');
    // CODECS read from the copy's own initialization section: x264's ultrafast is Constrained Baseline.
    expect(master).toMatch(/RESOLUTION=640x360,CODECS="avc1\.42c01e,mp4a\.40\.2"\nsource\/index\.m3u8/);
    expect(await encoder(path.join(outDir, 'hls/source/index.m3u8'))).not.toContain('Lavc');
    const { stdout } = await run('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=codec_name',
      '-of',
      'csv=p=0',
      path.join(outDir, 'hls/source/index.m3u8'),
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
    // The poster set: AVIF and WebP, never wider than the source.
    expect(result.posterSet).toEqual([
      {
        type: 'image/avif',
        files: [
          { path: 'posters/320.avif', width: 320 },
          { path: 'posters/640.avif', width: 640 },
        ],
      },
      {
        type: 'image/webp',
        files: [
          { path: 'posters/320.webp', width: 320 },
          { path: 'posters/640.webp', width: 640 },
        ],
      },
    ]);
    for (const file of ['posters/320.avif', 'posters/640.webp']) {
      const { stdout: size } = await run('ffprobe', [
        '-v',
        'error',
        '-show_entries',
        'stream=width',
        '-of',
        'csv=p=0',
        path.join(outDir, file),
      ]);
      expect(size.trim()).toBe(file.includes('320') ? '320' : '640');
    }
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

  it('encodes a silent, rotated phone video upright, without a copy', async () => {
    const upright = path.join(work, 'upright.mp4');
    const input = path.join(work, 'rotated.mov');
    await ffmpeg([
      ...['-f', 'lavfi', '-i', 'testsrc2=size=480x270:rate=25:duration=2'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', upright],
    ]);
    // A phone stores the picture sideways and a rotation in the container (ffmpeg 5.1 writes it on a copy).
    await ffmpeg(['-i', upright, '-c', 'copy', '-metadata:s:v:0', 'rotate=90', input]);
    const { result, outDir } = await process(input);
    // The copy that started beside the probe is dropped with what it made.
    expect(await readdir(path.join(outDir, 'hls'))).not.toContain('source');
    expect([result.width, result.height]).toEqual([270, 480]);
    expect(result.renditions.map((r) => r.playlist)).toEqual(['hls/270p/index.m3u8']);
  });

  it('encodes the top rung after all when the source’s keyframes are too far apart to cut segments at', async () => {
    const input = path.join(work, 'screen.mp4');
    // A screen recorder's H.264: one keyframe every 12 s.
    await ffmpeg([
      ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=30:duration=26', '-f', 'lavfi', '-i', 'sine=duration=26'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '500k', '-g', '360', '-sc_threshold', '0'],
      ...['-pix_fmt', 'yuv420p'],
      ...['-c:a', 'aac', input],
    ]);
    const { result, published, outDir } = await process(input, { ladderPollMs: 50 });
    // The copy may have played while it was the only rung (as fast as the machine's timing allowed), never
    // beside the rung encoded in its place; the finished ladder no longer names it.
    const masters = published.map((p) => p.texts['ladder.m3u8'] ?? '');
    const firstEncoded = masters.findIndex((text) => text.includes('hls/360p/index.m3u8'));
    expect(firstEncoded).toBeGreaterThanOrEqual(0);
    expect(masters.slice(firstEncoded).some((text) => text.includes('source/'))).toBe(false);
    expect(masters.slice(0, firstEncoded).every((text) => text.includes('hls/source/index.m3u8'))).toBe(true);
    expect(result.renditions.map((r) => r.playlist)).toEqual(['hls/360p/index.m3u8']);
    const master = await readFile(path.join(outDir, 'hls/master.m3u8'), 'utf8');
    expect(master).not.toContain('source/');
    expect(await readdir(path.join(outDir, 'hls'))).not.toContain('source');
    const rung = await readFile(path.join(outDir, 'hls/360p/index.m3u8'), 'utf8');
    expect(Math.max(...playlistEntries(rung).map((entry) => entry.durationSec))).toBeLessThanOrEqual(2.01);
  });

  it('publishes the smallest rung first while the ladder encodes, the master gaining rungs with segments', async () => {
    const input = path.join(work, 'camera.avi');
    await ffmpeg([
      ...['-f', 'lavfi', '-i', 'testsrc2=size=960x540:rate=30:duration=12', '-f', 'lavfi', '-i', 'sine=duration=12'],
      ...['-c:v', 'mpeg4', '-q:v', '5', '-c:a', 'libmp3lame', input],
    ]);
    const { result, published, outDir } = await process(input, { ladderPollMs: 50 });
    const first = published[0];
    if (!first) throw new Error('nothing was published while the ladder encoded');
    expect(first.master).toBe('ladder.m3u8');
    // The smallest rung, encoded apart, plays first.
    expect(first.texts['ladder.m3u8']).toContain('hls/360p/index.m3u8');
    // Published mid-encode: the rungs' playlists had segments but no end yet, and every file they named is in
    // the publish, segments before playlists.
    const rungPlaylists = Object.keys(first.texts).filter((file) => file !== 'ladder.m3u8');
    expect(rungPlaylists.length).toBeGreaterThan(0);
    for (const playlist of rungPlaylists) {
      const text = first.texts[playlist] as string;
      expect(text).toContain('#EXT-X-PLAYLIST-TYPE:EVENT');
      expect(text).not.toContain('#EXT-X-ENDLIST');
      const dir = path.dirname(playlist);
      for (const segment of playlistSegments(text)) expect(first.files).toContain(`${dir}/${segment}`);
      expect(first.texts['ladder.m3u8']).toContain(playlist);
    }
    // Later publishes only grow, up to every rung.
    const counts = published.map((p) => p.files.length);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(published.at(-1)?.texts['ladder.m3u8']).toContain('hls/480p/index.m3u8');
    expect(result.renditions.map((r) => r.name)).toEqual(['480p', '360p']);
    const final = await readFile(path.join(outDir, 'hls/480p/index.m3u8'), 'utf8');
    expect(final).toContain('#EXT-X-ENDLIST');
    // Every rung's first segment is a second long, the others two: a player starts on a small first segment.
    for (const name of ['480p', '360p']) {
      const entries = playlistEntries(await readFile(path.join(outDir, `hls/${name}/index.m3u8`), 'utf8'));
      expect(entries[0]?.durationSec).toBeCloseTo(1, 1);
      expect(entries.slice(1, -1).every((entry) => Math.abs(entry.durationSec - 2) < 0.05)).toBe(true);
    }
  });

  // a 175 kb/s source became 6.07 MB of renditions, its 480p rung larger than its 720p one.
  // The copy is the source's own bytes; the rung under it, half its rate at most.
  it.each([
    ['a 175 kb/s 720p source', '120k', 1, 1.5],
    ['a 900 kb/s 720p source', '850k', 2, 1.6],
  ])(
    'serves %s in rungs no larger than the source nor the rung above, declared as measured',
    async (name, videoRate, rungCount, most) => {
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
          `BANDWIDTH=(\\d+),AVERAGE-BANDWIDTH=(\\d+),RESOLUTION=${rendition.width}x${rendition.height},CODECS="avc1[^"]*"\n${rendition.playlist.slice('hls/'.length)}`,
        ).exec(master);
        if (!declared) throw new Error(`the master does not list ${rendition.name}: ${master}`);
        const [, peak, average] = declared.map(Number);
        expect(Math.abs((average as number) - (bytes * 8) / seconds)).toBeLessThanOrEqual(1);
        expect(peak).toBeGreaterThanOrEqual(average as number);
        expect(rendition.bandwidth).toBe(peak);
      }
      expect(total / sourceBytes).toBeLessThanOrEqual(most);
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
