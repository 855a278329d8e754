import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { extractSpeech } from '../apps/server/src/modules/speech/dub-media.ts';
import { wavSeconds } from '../apps/server/src/modules/speech/engines/wav.ts';
import { localEngines, SPEECH_TEXT, speechRecording } from './speech-sample.ts';
import { median, ratioLine } from './support.ts';

// bench:asr: the local speech-to-text engine (pocketsphinx) on about 60 s of English read by flite's kal16
// voice, in the 16 kHz mono WAV extractSpeech makes of an upload: its wall time over the recording's length
// (target <= 0.5; engines/pocketsphinx.ts counts on about a third when it sets a run's time limit), and its
// word error rate against the text that was read, printed with what it heard.
const ROUNDS = 5;
const signal = new AbortController().signal;

/** Lower-cased words without punctuation (an apostrophe inside a word stays: pocketsphinx says "don't"). */
const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9'\s]+/g, ' ')
    .split(/\s+/)
    .map((word) => word.replace(/^'+|'+$/g, ''))
    .filter((word) => word !== '');

/** Word-level Levenshtein distance of `hyp` from `ref`, as substitutions, deletions and insertions. */
function wordErrors(ref: string[], hyp: string[]) {
  type Cell = { cost: number; s: number; d: number; i: number };
  let row: Cell[] = hyp.map((_, j) => ({ cost: j + 1, s: 0, d: 0, i: j + 1 }));
  row.unshift({ cost: 0, s: 0, d: 0, i: 0 });
  for (const [r, word] of ref.entries()) {
    const next: Cell[] = [{ cost: r + 1, s: 0, d: r + 1, i: 0 }];
    for (const [h, heard] of hyp.entries()) {
      const diagonal = row[h] as Cell;
      const above = row[h + 1] as Cell;
      const left = next[h] as Cell;
      const same = word === heard;
      const options: Cell[] = [
        { ...diagonal, cost: diagonal.cost + (same ? 0 : 1), s: diagonal.s + (same ? 0 : 1) },
        { ...above, cost: above.cost + 1, d: above.d + 1 },
        { ...left, cost: left.cost + 1, i: left.i + 1 },
      ];
      next.push(options.reduce((best, option) => (option.cost < best.cost ? option : best)));
    }
    row = next;
  }
  return row[hyp.length] as Cell;
}

const work = await mkdtemp(path.join(tmpdir(), 'leadreel-bench-asr-'));
try {
  const { transcriber } = localEngines();
  const recording = await speechRecording(work);
  const wav = path.join(work, 'speech.wav');
  await extractSpeech(recording, wav, signal);
  const duration = (await wavSeconds(wav)) ?? 0;
  const reference = words(SPEECH_TEXT);
  console.log(`text (${reference.length} words), read by flite -voice kal16 in ${duration.toFixed(1)} s:`);
  console.log(SPEECH_TEXT);
  console.log(`engine: ${transcriber.name}, on 16 kHz mono WAV from extractSpeech`);

  const walls: number[] = [];
  const rates: number[] = [];
  let lastHypothesis = '';
  for (let round = 1; round <= ROUNDS; round += 1) {
    const start = performance.now();
    const cues = await transcriber.transcribe(wav, 'en', { signal });
    const wall = (performance.now() - start) / 1000;
    const hypothesis = words(cues.map((cue) => cue.text).join(' '));
    const errors = wordErrors(reference, hypothesis);
    const rate = (100 * errors.cost) / reference.length;
    walls.push(wall);
    rates.push(rate);
    console.log(
      `round ${round}: ${wall.toFixed(2)} s wall (${(wall / duration).toFixed(3)} of real time), ${cues.length} cues, ` +
        `WER ${rate.toFixed(1)}% (${errors.s} substituted, ${errors.d} deleted, ${errors.i} inserted of ${reference.length})`,
    );
    const heard = hypothesis.join(' ');
    if (heard !== lastHypothesis) console.log(`  heard (${hypothesis.length} words): ${heard}`);
    else console.log('  heard the same words as the round before');
    lastHypothesis = heard;
  }
  const wall = median(walls);
  console.log(
    ratioLine(
      'asr',
      `${wall.toFixed(2)} s for ${duration.toFixed(1)} s, WER ${median(rates).toFixed(1)}%`,
      wall / duration,
      '<=0.5',
    ),
  );
} finally {
  await rm(work, { recursive: true, force: true });
}
