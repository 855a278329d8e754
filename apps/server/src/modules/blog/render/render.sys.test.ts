import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cjkFontFamily } from './ass-script.ts';
import { BlogRenderError, renderVideo } from './render.ts';
import { renderArgs } from './render-args.ts';
import type { RenderPlan, RenderScene } from './render-plan.ts';

// The real ffmpeg on media made by ffmpeg, small (640x360, 25 fps) to stay quick: what a viewer of an
// exported blog video sees and hears.
const run = promisify(execFile);
const ffmpeg = (args: string[]) => run('ffmpeg', ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...args]);
const signal = new AbortController().signal;

let work: string;
let png: string;
let jpeg: string;
let clip: string;
let logo: string;
/** Voices: tones of 2 kHz (2 s) and 3 kHz (1 s), far above the music's band. */
let voiceA: string;
let voiceB: string;
/** Music: a steady 200 Hz tone, far below the voices' band. */
let music: string;
/** A recording of the whole script: a 600 Hz tone, between the music and the voices. */
let recording: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'leadreel-blog-render-'));
  png = path.join(work, 'still.png');
  // A name image2 would read as a numbered sequence: the still must be read as the file it is.
  jpeg = path.join(work, 'photo%03d.jpg');
  clip = path.join(work, 'clip.mp4');
  logo = path.join(work, 'logo.png');
  voiceA = path.join(work, 'a.wav');
  voiceB = path.join(work, 'b.wav');
  music = path.join(work, 'music.m4a');
  recording = path.join(work, 'recording.m4a');
  await ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=800x600:rate=1', '-frames:v', '1', png]);
  await ffmpeg(['-f', 'lavfi', '-i', 'mandelbrot=size=600x800:rate=1', '-frames:v', '1', '-f', 'image2pipe', jpeg]);
  await ffmpeg([
    ...['-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=30:duration=1.5', '-f', 'lavfi', '-i', 'sine=f=300:d=1.5'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', clip],
  ]);
  await ffmpeg(['-f', 'lavfi', '-i', 'color=c=red:s=120x60,format=rgba', '-frames:v', '1', logo]);
  await ffmpeg(['-f', 'lavfi', '-i', 'sine=f=2000:d=2:r=22050', '-ac', '1', voiceA]);
  await ffmpeg(['-f', 'lavfi', '-i', 'sine=f=3000:d=1:r=22050', '-ac', '1', voiceB]);
  await ffmpeg(['-f', 'lavfi', '-i', 'sine=f=200:d=5', '-ac', '2', '-c:a', 'aac', music]);
  await ffmpeg(['-f', 'lavfi', '-i', 'sine=f=600:d=3', '-c:a', 'aac', recording]);
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

const scene = (duration: number, text: string, media: RenderScene['media'], voicePath: string | null = null) => ({
  duration,
  text,
  media,
  voicePath,
});
function plan(scenes: RenderScene[], more: Partial<RenderPlan> = {}): RenderPlan {
  return {
    width: 640,
    height: 360,
    fps: 25,
    scenes,
    subtitles: true,
    lang: 'en',
    logoPath: null,
    bgm: null,
    voiceTrackPath: null,
    transitionSeconds: 0.5,
    ...more,
  };
}

let renders = 0;
/** Renders into a fresh file and work folder; answers the file and what renderVideo said. */
async function render(p: RenderPlan, options: { workDir?: string } = {}) {
  renders += 1;
  const out = path.join(work, `out${renders}.mp4`);
  const workDir = options.workDir ?? path.join(work, `job${renders}`);
  const result = await renderVideo(p, out, { signal, workDir, timeLimitMs: 300_000 });
  return { out, workDir, ...result };
}

type Probed = {
  format: { duration: string };
  streams: {
    codec_type: string;
    codec_name: string;
    width?: number;
    height?: number;
    pix_fmt?: string;
    sample_rate?: string;
    channels?: number;
    avg_frame_rate?: string;
  }[];
};
async function probe(file: string): Promise<Probed> {
  const { stdout } = await run('ffprobe', [
    ...['-v', 'error', '-print_format', 'json', '-show_entries'],
    'format=duration:stream=codec_type,codec_name,width,height,pix_fmt,sample_rate,channels,avg_frame_rate',
    file,
  ]);
  return JSON.parse(stdout) as Probed;
}

/** The mean level in dB of a file's sound from `start` to `end` s through `band`; -Infinity for silence. */
async function level(file: string, start: number, end: number, band: string): Promise<number> {
  const { stderr } = await run('ffmpeg', [
    ...['-hide_banner', '-nostats', '-i', file, '-af', `atrim=${start}:${end},${band},volumedetect`, '-f', 'null', '-'],
  ]);
  const found = /mean_volume: (-?[\d.]+) dB/.exec(stderr);
  return found ? Number(found[1]) : Number.NEGATIVE_INFINITY;
}
const MUSIC_BAND = 'lowpass=f=500,lowpass=f=500,lowpass=f=500';
const VOICE_BAND = 'highpass=f=1000,highpass=f=1000,highpass=f=1000';

/** The frame at `seconds` as 8-bit grey, row by row. */
async function frame(file: string, seconds: number): Promise<Buffer> {
  const { stdout } = await run(
    'ffmpeg',
    [...['-hide_banner', '-loglevel', 'error', '-ss', String(seconds), '-i', file, '-frames:v', '1']].concat([
      ...['-f', 'rawvideo', '-pix_fmt', 'gray', '-'],
    ]),
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  );
  return stdout;
}
/** Mean absolute difference of two grey frames over rows [top, bottom) of a 640-wide frame. */
function difference(a: Buffer, b: Buffer, top: number, bottom: number): number {
  let sum = 0;
  for (let i = top * 640; i < bottom * 640; i++) sum += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  return sum / ((bottom - top) * 640);
}

describe('renderVideo', () => {
  it('makes an H.264/AAC MP4 of the plan’s size, as long as its scenes, with a clip, stills and a text scene', async () => {
    const p = plan(
      [
        scene(2.2, 'A clip, looped to its scene', { kind: 'video', path: clip }),
        scene(1.8, 'A PNG still', { kind: 'image', path: png }, voiceA),
        scene(2, 'A portrait JPEG', { kind: 'image', path: jpeg }),
        scene(1.5, 'Only words', null, voiceB),
      ],
      { logoPath: logo, bgm: { path: music, volume: 60 } },
    );
    const { out, duration, bytes } = await render(p);
    const probed = await probe(out);
    expect(Math.abs(Number(probed.format.duration) - 7.5)).toBeLessThanOrEqual(0.1);
    expect(Math.abs(duration - 7.5)).toBeLessThanOrEqual(0.1);
    expect(bytes).toBeGreaterThan(10_000);
    expect(probed.streams).toEqual([
      expect.objectContaining({
        codec_type: 'video',
        codec_name: 'h264',
        width: 640,
        height: 360,
        pix_fmt: 'yuv420p',
        avg_frame_rate: '25/1',
      }),
      expect.objectContaining({ codec_type: 'audio', codec_name: 'aac', sample_rate: '48000', channels: 2 }),
    ]);
  });

  it('has a silent sound track when there is no voice and no music', async () => {
    const { out } = await render(plan([scene(2, 'Quiet', { kind: 'image', path: png })]));
    expect((await probe(out)).streams.map((s) => s.codec_type)).toEqual(['video', 'audio']);
    // -91 dB is volumedetect's floor: samples of exactly zero.
    expect(await level(out, 0, 2, 'anull')).toBeLessThanOrEqual(-91);
  });

  it('starts each voice with its scene and lowers the music under it', async () => {
    const p = plan(
      [
        scene(4, 'First', { kind: 'image', path: png }, voiceA),
        scene(4, 'Second', { kind: 'image', path: png }, voiceB),
        scene(4, 'Third', { kind: 'image', path: png }),
      ],
      { bgm: { path: music, volume: 100 } },
    );
    const { out } = await render(p);
    // The first voice from 0 to 2 s, the second from 4 s to 5 s, nothing of them between.
    expect(await level(out, 0.05, 1.9, VOICE_BAND)).toBeGreaterThan(-30);
    expect(await level(out, 2.8, 3.95, VOICE_BAND)).toBeLessThan(-60);
    expect(await level(out, 4.05, 4.9, VOICE_BAND)).toBeGreaterThan(-30);
    // The music, looped past its 5 s, is lower under a voice than alone.
    const under = await level(out, 1.2, 1.8, MUSIC_BAND);
    const alone = await level(out, 6, 8, MUSIC_BAND);
    expect(alone).toBeGreaterThan(-40);
    expect(alone - under).toBeGreaterThan(6);
    // And it fades out at the end.
    expect(await level(out, 11.5, 12, MUSIC_BAND)).toBeLessThan(alone - 10);
  });

  it('plays the one recording of the script in place of the scenes’ voices', async () => {
    const p = plan([scene(2, 'One', { kind: 'image', path: png }, voiceA), scene(2, 'Two', null, voiceA)], {
      voiceTrackPath: recording,
    });
    const { out } = await render(p);
    expect(await level(out, 0.05, 2.9, 'lowpass=f=800,lowpass=f=800,lowpass=f=800')).toBeGreaterThan(-30);
    // Nothing of the scenes' own 2 kHz voice, which would measure about -21 dB here.
    expect(await level(out, 0.05, 3.9, 'highpass=f=1500,highpass=f=1500,highpass=f=1500')).toBeLessThan(-55);
  });

  it('burns in subtitles: the frame differs from the same render without them, at the bottom', async () => {
    const scenes = [scene(2, 'Subtitles make a video easy to follow without sound', { kind: 'image', path: png })];
    const on = await render(plan(scenes));
    const off = await render(plan(scenes, { subtitles: false }));
    const [a, b] = [await frame(on.out, 1), await frame(off.out, 1)];
    expect(difference(a, b, 270, 360)).toBeGreaterThan(5);
    expect(difference(a, b, 0, 200)).toBeLessThan(1);
  });

  it('draws Chinese subtitles with Noto Sans CJK', async () => {
    const text = '我们的团队为小公司打造视频工具，帮助他们从网站上获得更多客户。';
    const scenes = [scene(2, text, { kind: 'image', path: png })];
    const p = plan(scenes, { lang: 'zh-CN' });
    const chinese = await render(p);
    const off = await render(plan(scenes, { lang: 'zh-CN', subtitles: false }));
    expect(difference(await frame(chinese.out, 1), await frame(off.out, 1), 250, 360)).toBeGreaterThan(5);
    // libass names the face it drew each family with, at the debug level.
    const command = renderArgs(p, path.join(work, 'verbose.mp4'), {
      workDir: chinese.workDir,
      fontsDir: path.join(chinese.workDir, 'fonts'),
      font: cjkFontFamily('zh-CN'),
    });
    const args = command.args.map((arg) => (arg === 'error' ? 'debug' : arg));
    const { stderr } = await run('ffmpeg', args, { maxBuffer: 64 * 1024 * 1024 });
    expect(stderr).toMatch(/fontselect: \(Noto Sans CJK SC, 400, 0\) -> NotoSansCJKsc-Regular/);
    expect(stderr).not.toMatch(/Glyph 0x[0-9A-F]+ not found/i);
  });

  it('shows the text of a scene without a picture large in the middle', async () => {
    const words = await render(plan([scene(2, 'Big words', null)], { subtitles: false }));
    const blank = await render(plan([scene(2, '', null)], { subtitles: false }));
    expect(difference(await frame(words.out, 1), await frame(blank.out, 1), 130, 230)).toBeGreaterThan(5);
  });

  it('takes a work folder whose name the filter graph would otherwise misread', async () => {
    const workDir = path.join(work, "it's a:dir,[x];y");
    const { out } = await render(plan([scene(1, 'Odd folder', { kind: 'image', path: png })]), { workDir });
    expect(Number((await probe(out)).format.duration)).toBeCloseTo(1, 1);
  });

  it('fails with blog_render_failed and ffmpeg’s words when an input is missing, leaving no file', async () => {
    const out = path.join(work, 'missing.mp4');
    const p = plan([scene(2, 'Gone', { kind: 'image', path: path.join(work, 'nowhere.png') })]);
    const error = await renderVideo(p, out, { signal, workDir: path.join(work, 'missing'), timeLimitMs: 60_000 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(BlogRenderError);
    expect(error).toMatchObject({ code: 'blog_render_failed' });
    expect((error as BlogRenderError).detail).toMatch(/No such file/);
    expect((error as BlogRenderError).detail).not.toContain(work);
    expect(existsSync(out)).toBe(false);
  });

  it('stops on abort: ffmpeg is killed, the error says canceled, no file is left', async () => {
    const out = path.join(work, 'aborted.mp4');
    const controller = new AbortController();
    const scenes = Array.from({ length: 10 }, (_, i) => scene(30, `Scene ${i}`, { kind: 'image', path: png }));
    const fractions: number[] = [];
    const error = await renderVideo(plan(scenes, { width: 1280, height: 720 }), out, {
      signal: controller.signal,
      workDir: path.join(work, 'aborted'),
      timeLimitMs: 300_000,
      onProgress: (fraction) => {
        fractions.push(fraction);
        if (fraction > 0) controller.abort();
      },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BlogRenderError);
    expect(error).toMatchObject({ code: 'blog_canceled' });
    expect(fractions.some((f) => f > 0 && f < 1)).toBe(true);
    expect(existsSync(out)).toBe(false);
    const running: string[] = [];
    for (const pid of (await readdir('/proc')).filter((entry) => /^\d+$/.test(entry))) {
      const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
      if (cmdline.includes(out)) running.push(pid);
    }
    expect(running).toEqual([]);
  });

  it('refuses a plan without scenes as a failed render', async () => {
    await mkdir(path.join(work, 'empty'), { recursive: true });
    await expect(
      renderVideo(plan([]), path.join(work, 'empty.mp4'), {
        signal,
        workDir: path.join(work, 'empty'),
        timeLimitMs: 1000,
      }),
    ).rejects.toMatchObject({ code: 'blog_render_failed' });
  });
});
