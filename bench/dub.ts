import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Cue } from '@leadreel/shared';
import { extractSpeech, fitLine, mixDub, packageAudioRendition } from '../apps/server/src/modules/speech/dub-media.ts';
import type { FitPlan } from '../apps/server/src/modules/speech/dub-media-args.ts';
import { editorCues } from '../apps/server/src/modules/speech/speech-runner.ts';
import { localEngines, speechVideo } from './speech-sample.ts';
import { median, ratioLine } from './support.ts';

// bench:dub: a 60 s English video dubbed into Spanish by the local engines, stage by stage as the server
// chains them (speech-runner.ts, speech-dub.ts): the speech extracted, pocketsphinx's cues, apertium's
// eng-spa translation of them, an espeak-ng line per cue fitted to it, the mix over the original, and the
// mix packaged as an HLS audio rendition. Target: the whole chain within the video's length (<= 1.0).
// Left out, as they are not the media work of a dub: the download of the source and the upload of the
// rendition to storage, and the video-only split of the rungs, made once per video for all its dubs.
const SECONDS = 60;
const ROUNDS = 3;
const TARGET = 1.0;
const signal = new AbortController().signal;
const STAGES = ['extract', 'transcribe', 'translate', 'speak', 'fit', 'mix', 'package'] as const;
type Stage = (typeof STAGES)[number];

const work = await mkdtemp(path.join(tmpdir(), 'leadreel-bench-dub-'));
const { transcriber, translator, speaker } = localEngines();

/** One dub from the source, in `dir`: each stage's wall seconds, and what the round made for the log. */
async function dub(source: string, dir: string) {
  const times = Object.fromEntries(STAGES.map((stage) => [stage, 0])) as Record<Stage, number>;
  const timed = async <T>(stage: Stage, step: () => Promise<T>): Promise<T> => {
    const start = performance.now();
    try {
      return await step();
    } finally {
      times[stage] += (performance.now() - start) / 1000;
    }
  };
  await mkdir(dir);
  const wav = path.join(dir, 'speech.wav');
  await timed('extract', () => extractSpeech(source, wav, signal));
  // The transcription is a task of its own on the server; a dub voices the track it published.
  const heard = await timed('transcribe', async () => editorCues(await transcriber.transcribe(wav, 'en', { signal })));
  // The server sends 40 texts a call (speech-runner.ts): a minute of speech is one call.
  const cues: Cue[] = await timed('translate', async () => {
    const answers = await translator.translate(
      heard.map((cue) => cue.text),
      { from: 'en', to: 'es' },
      { signal },
    );
    return editorCues(heard.map((cue, i) => ({ ...cue, text: answers[i]?.trim() || cue.text })));
  });
  const lines: { wav: string; start: number }[] = [];
  const plans: FitPlan[] = [];
  for (const [index, cue] of cues.entries()) {
    const spoken = path.join(dir, `line${index}.wav`);
    const fitted = path.join(dir, `fit${index}.wav`);
    await timed('speak', () => speaker.speak(cue.text.replace(/\n/g, ' '), 'es', spoken, { signal }));
    plans.push(await timed('fit', () => fitLine(spoken, cue.end - cue.start, fitted, signal)));
    lines.push({ wav: fitted, start: cue.start });
  }
  const mixed = path.join(dir, 'dub.m4a');
  await timed('mix', () => mixDub({ original: source, lines, durationSec: SECONDS, outFile: mixed, signal }));
  const rendition = await timed('package', () => packageAudioRendition(mixed, path.join(dir, 'hls'), signal));
  return { times, heard, cues, plans, rendition };
}

const seconds = (value: number) => `${value.toFixed(2)} s`;

try {
  const source = await speechVideo(work, SECONDS);
  console.log(
    `source: ${SECONDS} s 720p30 H.264 of testsrc2, AAC of flite -voice kal16 reading bench/speech-sample.ts`,
  );
  console.log(`engines: ${transcriber.name} -> ${translator.name} (eng-spa) -> ${speaker.name} (es)`);
  console.log('left out: the source download, the storage upload, the once-per-video split of the rungs');
  const rounds: Record<Stage, number>[] = [];
  const totals: number[] = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    const start = performance.now();
    const made = await dub(source, path.join(work, `round${round}`));
    const total = (performance.now() - start) / 1000;
    await rm(path.join(work, `round${round}`), { recursive: true, force: true });
    rounds.push(made.times);
    totals.push(total);
    if (round === 1) {
      for (const [i, cue] of made.cues.entries()) {
        const plan = made.plans[i] as FitPlan;
        const fit = plan.tempo > 1 ? `, x${plan.tempo.toFixed(2)}${plan.trimmed ? ' and cut' : ''}` : '';
        console.log(
          `  ${cue.start.toFixed(2)}-${cue.end.toFixed(2)} s${fit}: ${made.heard[i]?.text.replace(/\n/g, ' ')}`,
        );
        console.log(`    -> ${cue.text.replace(/\n/g, ' ')}`);
      }
      const faster = made.plans.filter((plan) => plan.tempo > 1).length;
      const cut = made.plans.filter((plan) => plan.trimmed).length;
      console.log(
        `  ${made.cues.length} lines (${faster} sped up, ${cut} cut); rendition ${made.rendition.segments} segments, ` +
          `${made.rendition.durationSec.toFixed(2)} s, ${Math.round(made.rendition.averageBandwidth / 1000)} kb/s`,
      );
    }
    const stages = STAGES.map((stage) => `${stage} ${seconds(made.times[stage])}`).join(', ');
    console.log(`round ${round}: ${stages}; total ${seconds(total)} (${made.cues.length} lines)`);
  }
  const total = median(totals);
  console.log(`medians over ${ROUNDS} rounds (share of the median total):`);
  for (const stage of [...STAGES].sort((a, b) => median(rounds.map((r) => r[b])) - median(rounds.map((r) => r[a])))) {
    const value = median(rounds.map((r) => r[stage]));
    console.log(`  ${stage.padEnd(10)} ${seconds(value).padStart(8)}  ${((100 * value) / total).toFixed(0)}%`);
  }
  const dubTask = median(totals.map((value, i) => value - (rounds[i]?.extract ?? 0) - (rounds[i]?.transcribe ?? 0)));
  console.log(`without extract and transcribe (the server's dub task, given the published track): ${seconds(dubTask)}`);
  if (total / SECONDS > TARGET) {
    console.log(`above the target by ${seconds(total - SECONDS * TARGET)}: the stages above say where the time goes`);
  }
  console.log(ratioLine('dub', `${seconds(total)} for ${SECONDS} s`, total / SECONDS, `<=${TARGET.toFixed(1)}`));
} finally {
  await rm(work, { recursive: true, force: true });
}
