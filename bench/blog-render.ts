import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { cjkFontFamily } from '../apps/server/src/modules/blog/render/ass-script.ts';
import { bgmTrackFile } from '../apps/server/src/modules/blog/render/bgm-library.ts';
import { renderVideo } from '../apps/server/src/modules/blog/render/render.ts';
import { renderArgs } from '../apps/server/src/modules/blog/render/render-args.ts';
import {
  DEFAULT_TRANSITION_SECONDS,
  frameSize,
  type RenderPlan,
  type RenderScene,
} from '../apps/server/src/modules/blog/render/render-plan.ts';
import { localEngines, SPEECH_TEXT } from './speech-sample.ts';
import { median, ratioLine, settle } from './support.ts';

// bench:blog-render: a blog-to-video export's render as the export job runs it (render/render.ts): ten
// scenes of 16:9 1080p30, each a still with its own voice (the local text-to-speech engine reading a
// sentence or two of bench/speech-sample.ts), subtitles on, LeadReel's "Calm" music under the voices, a
// half-second fade between scenes. Made beforehand, not timed: the voices, the stills, the music. Figure:
// render time over the video's length; target within half of it (<= 0.5), so a minute's project renders
// in under half a minute on two cores.
const ROUNDS = 3;
const TARGET = 0.5;
const SCENES = 10;
const FPS = 30;
const signal = new AbortController().signal;
const run = promisify(execFile);
const ffmpeg = (args: string[]) => run('ffmpeg', ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...args]);

/** Stills as a blog's photos come: JPEG and PNG of several sizes and shapes, with detail the encoder must keep. */
const STILLS = [
  { source: 'testsrc2', size: '2400x1600', ext: 'jpg' },
  { source: 'mandelbrot', size: '1600x1200', ext: 'jpg' },
  { source: 'smptehdbars', size: '1920x1080', ext: 'png' },
  { source: 'testsrc2', size: '1200x1600', ext: 'jpg' },
  { source: 'mandelbrot', size: '3000x2000', ext: 'jpg' },
];

/** The sample's sentences shared out over the scenes, in order, a sentence or two each. */
function sceneTexts(): string[] {
  const sentences = SPEECH_TEXT.match(/[^.]+\./g)?.map((s) => s.trim()) ?? [];
  return Array.from({ length: SCENES }, (_, i) =>
    sentences
      .slice(Math.floor((i * sentences.length) / SCENES), Math.floor(((i + 1) * sentences.length) / SCENES))
      .join(' '),
  );
}

/**
 * Processor seconds of this process's ended children (cutime + cstime of /proc/self/stat, in ticks of
 * 1/100 s): the render's ffmpeg once it has ended, a figure other work on the machine hardly moves.
 */
async function childCpuSeconds(): Promise<number> {
  const stat = await readFile('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

async function seconds(file: string): Promise<number> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]);
  return Number(stdout.trim());
}

const work = await mkdtemp(path.join(tmpdir(), 'leadreel-bench-blog-render-'));
try {
  const { speaker } = localEngines();
  const stills: string[] = [];
  for (const [i, still] of STILLS.entries()) {
    const file = path.join(work, `still${i}.${still.ext}`);
    const source =
      still.source === 'mandelbrot'
        ? `mandelbrot=size=${still.size}:start_scale=${0.5 + i}`
        : `${still.source}=size=${still.size}`;
    await ffmpeg(['-f', 'lavfi', '-i', source, '-frames:v', '1', '-q:v', '3', file]);
    stills.push(file);
  }
  const scenes: RenderScene[] = [];
  for (const [i, text] of sceneTexts().entries()) {
    const voice = path.join(work, `voice${i}.wav`);
    await speaker.speak(text, 'en', voice, { signal });
    // A scene lasts its voice and a breath (the editor's rule for a generated voice's scene).
    const duration = Math.ceil(((await seconds(voice)) + 0.4) * 10) / 10;
    scenes.push({
      duration,
      text,
      media: { kind: 'image', path: stills[i % stills.length] as string },
      voicePath: voice,
    });
  }
  const music = await bgmTrackFile(path.join(work, 'bgm'), 'calm', signal);
  if (!music) throw new Error('the library has no "calm" track');
  const plan: RenderPlan = {
    ...frameSize('16:9'),
    fps: FPS,
    scenes,
    subtitles: true,
    lang: 'en',
    logoPath: null,
    bgm: { path: music, volume: 40 },
    voiceTrackPath: null,
    transitionSeconds: DEFAULT_TRANSITION_SECONDS,
  };
  const planned = scenes.reduce((sum, scene) => sum + scene.duration, 0);
  console.log(
    `project: ${SCENES} scenes, ${planned.toFixed(1)} s, 1920x1080 at ${FPS} fps; ${speaker.name} voices, stills ` +
      `of ${STILLS.map((s) => s.size).join(', ')}, subtitles, "Calm" at 40`,
  );

  const times: number[] = [];
  const cpus: number[] = [];
  let duration = 0;
  for (let round = 1; round <= ROUNDS; round += 1) {
    const out = path.join(work, `round${round}.mp4`);
    const waited = await settle();
    const cpuBefore = await childCpuSeconds();
    const start = performance.now();
    const result = await renderVideo(plan, out, {
      signal,
      workDir: path.join(work, `round${round}`),
      timeLimitMs: 30 * 60_000,
    });
    const elapsed = (performance.now() - start) / 1000;
    const cpu = (await childCpuSeconds()) - cpuBefore;
    duration = result.duration;
    times.push(elapsed);
    cpus.push(cpu);
    const measured = await seconds(out);
    console.log(
      `round ${round}: ${elapsed.toFixed(2)} s for ${measured.toFixed(2)} s (ratio ${(elapsed / measured).toFixed(3)}), ` +
        `${(result.bytes / 1e6).toFixed(1)} MB (${((result.bytes * 8) / measured / 1e6).toFixed(1)} Mb/s), ` +
        `ffmpeg ${cpu.toFixed(1)} processor s (machine settled after ${waited.toFixed(1)} s)`,
    );
    await rm(out, { force: true });
  }

  // Where the time goes: the same graph without the H.264 encoder (frames handed to a null output), and
  // without the text.
  const command = renderArgs(plan, path.join(work, 'unused.mp4'), {
    workDir: path.join(work, 'round1'),
    fontsDir: path.join(work, 'round1', 'fonts'),
    font: cjkFontFamily('en'),
  });
  const graphOnly = [...command.args.slice(0, command.args.indexOf('-c:v')), '-f', 'null', '-'];
  const start = performance.now();
  await run('ffmpeg', graphOnly);
  const graphSec = (performance.now() - start) / 1000;
  const total = median(times);
  console.log(
    `median processor time ${median(cpus).toFixed(1)} s: on two idle cores at least ${(median(cpus) / 2).toFixed(1)} s ` +
      `(ratio ${(median(cpus) / 2 / duration).toFixed(3)}); more is other work on the machine`,
  );
  console.log(
    `of the median ${total.toFixed(2)} s: decoding, filters (pan, fades, text) and the sound ${graphSec.toFixed(2)} s ` +
      `(${((100 * graphSec) / total).toFixed(0)}%), the rest the H.264 encode`,
  );
  console.log(
    ratioLine('blog-render', `${total.toFixed(2)} s for ${duration.toFixed(2)} s`, total / duration, `<=${TARGET}`),
  );
} finally {
  await rm(work, { recursive: true, force: true });
}
