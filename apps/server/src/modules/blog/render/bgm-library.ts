import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { runMedia } from '../../videos/run-ffmpeg.ts';

/**
 * LeadReel's own background music: a few short loops synthesised by ffmpeg (`aevalsrc`) the first time
 * one is asked for, so an installation ships no audio files and downloads none. Each is a chord
 * progression played by a soft pad (detuned sines, slow attack and release), a bass and a plucked
 * arpeggio, with a short echo for room; its length is whole progressions and every voice is silent at a
 * progression's edge, so the track loops without a seam under a longer video.
 */

type Track = {
  id: string;
  /** Shown in the console as it is (a name, not a sentence to translate). */
  name: string;
  /** Seconds each chord lasts. */
  chordSec: number;
  /** Each chord as MIDI notes, lowest first; the lowest is the bass. */
  chords: number[][];
  /** Times the progression plays. */
  repeats: number;
  /** Arpeggio notes per chord (0: none); each rings for its step and fades. */
  arpSteps: number;
  /** Bass notes per chord: 1 holds it, more pulse. */
  bassSteps: number;
  /** Brings the track to about -16 LUFS integrated, as measured with ffmpeg's ebur128 (bgm-library.sys.test.ts checks it). */
  gainDb: number;
};

const TRACKS: Track[] = [
  // I-vi-IV-V in C, slow and open: a pad and a sparse arpeggio.
  {
    id: 'calm',
    name: 'Calm',
    chordSec: 4,
    chords: [
      [48, 60, 64, 67],
      [45, 57, 60, 64],
      [41, 57, 60, 65],
      [43, 55, 59, 62],
    ],
    repeats: 5,
    arpSteps: 4,
    bassSteps: 1,
    gainDb: 7.4,
  },
  // I-V-vi-IV in G, quicker, with a busy arpeggio.
  {
    id: 'bright',
    name: 'Bright',
    chordSec: 2,
    chords: [
      [43, 59, 62, 67],
      [50, 57, 62, 66],
      [40, 59, 64, 67],
      [48, 60, 64, 67],
    ],
    repeats: 9,
    arpSteps: 8,
    bassSteps: 2,
    gainDb: 12.1,
  },
  // i-VI-III-VII in A minor, a pulsing bass in eighths.
  {
    id: 'pulse',
    name: 'Pulse',
    chordSec: 2,
    chords: [
      [45, 57, 60, 64],
      [41, 57, 60, 65],
      [48, 55, 60, 64],
      [43, 55, 59, 62],
    ],
    repeats: 9,
    arpSteps: 4,
    bassSteps: 4,
    gainDb: 12.2,
  },
  // Major sevenths in D, slow: the warmest of the pads, no arpeggio to speak of.
  {
    id: 'warm',
    name: 'Warm',
    chordSec: 4,
    chords: [
      [38, 57, 61, 66, 69],
      [47, 54, 59, 62, 69],
      [43, 59, 62, 66, 71],
      [45, 57, 61, 64, 69],
    ],
    repeats: 5,
    arpSteps: 2,
    bassSteps: 1,
    gainDb: 6.2,
  },
];

const trackSeconds = (track: Track) => track.chordSec * track.chords.length * track.repeats;

/** The library as the console lists it: id, English name, seconds. */
export const BGM_TRACKS: readonly { id: string; name: string; duration: number }[] = TRACKS.map((track) => ({
  id: track.id,
  name: track.name,
  duration: trackSeconds(track),
}));

const hz = (midi: number) => (440 * 2 ** ((midi - 69) / 12)).toFixed(3);

/** `values[index]` as an expression: nested ifs on the index, ffmpeg's expressions having no arrays. */
function pick(index: string, values: string[]): string {
  return values.reduceRight(
    (rest, value, i) => (i === values.length - 1 ? value : `if(eq(${index},${i}),${value},${rest})`),
    '',
  );
}

/**
 * The track as an `aevalsrc` expression of `t` (https://ffmpeg.org/ffmpeg-utils.html#Expression-Evaluation).
 * Registers: 0 the chord's index, 1 seconds into the chord. Envelopes: the pad rises over 1.2 s and falls
 * over the chord's last 1.2 s (so chords breathe into each other); a pluck starts over 5 ms (no click) and
 * decays exponentially; the bass is a sine an octave low with its second harmonic, held or pulsed.
 */
export function trackExpression(track: Track): string {
  const L = track.chordSec;
  const n = track.chords.length;
  const c = 'ld(0)';
  const u = 'ld(1)';
  const tone = (f: string, phase = 't') => `sin(2*PI*${f}*${phase})`;
  const padVoices = Math.max(...track.chords.map((chord) => chord.length - 1));
  const pad = Array.from({ length: padVoices }, (_, v) => {
    const f = pick(
      c,
      track.chords.map((chord) => hz(chord[1 + (v % (chord.length - 1))] ?? 60)),
    );
    // Two sines 0.3 % apart beat slowly: the chorus that makes a pad sound like strings, not a test tone.
    return `(${tone(f)}+${tone(`${f}*1.003`)})`;
  }).join('+');
  const padEnv = `min(1,${u}/1.2)*min(1,(${L}-${u})/1.2)`;
  const bassF = pick(
    c,
    track.chords.map((chord) => hz((chord[0] ?? 48) - 12)),
  );
  const bassStep = L / track.bassSteps;
  const bassU = `mod(${u},${bassStep})`;
  const bassEnv =
    track.bassSteps === 1
      ? padEnv
      : `min(1,${bassU}/0.01)*exp(-${(3 / bassStep).toFixed(3)}*${bassU})*min(1,(${bassStep}-${bassU})/0.02)`;
  const bass = `(${tone(bassF)}+0.25*${tone(`2*${bassF}`)})*${bassEnv}`;
  let arp = '0';
  if (track.arpSteps > 0) {
    const step = L / track.arpSteps;
    const k = `mod(floor(${u}/${step}),${track.arpSteps})`;
    const arpF = pick(
      c,
      track.chords.map((chord) => {
        const upper = chord.slice(1).map((note) => note + 12);
        const pattern = Array.from({ length: track.arpSteps }, (_, i) => hz(upper[i % upper.length] ?? 72));
        return pick(k, pattern);
      }),
    );
    const a = `mod(${u},${step})`;
    const env = `min(1,${a}/0.005)*exp(-${(4 / step).toFixed(3)}*${a})*min(1,(${step}-${a})/0.02)`;
    arp = `(${tone(arpF)}+0.3*${tone(`2*${arpF}`)}+0.1*${tone(`3*${arpF}`)})*${env}`;
  }
  return [
    `st(0,mod(floor(t/${L}),${n}))`,
    `st(1,mod(t,${L}))`,
    `0.05*(${pad})*${padEnv}+0.16*${bass}+0.07*${arp}`,
  ].join(';');
}

/**
 * The ffmpeg command that writes a track: synthesised at 48 kHz, echoed, widened, AAC in M4A. Only one round
 * of its chords is computed by `aevalsrc` (which evaluates the expression for every sample, nearly all of the
 * cost) and looped for the others: the expression is periodic, so the sound is the same, 5 to 9 times faster.
 */
export function trackArgs(track: Track, outFile: string): string[] {
  const seconds = trackSeconds(track);
  const round = track.chordSec * track.chords.length;
  const expression = trackExpression(track);
  return [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-y',
    '-filter_complex',
    // A small room (two echoes at 70 and 130 ms), the highs softened, and a few milliseconds between the
    // ears (Haas effect) for width.
    `aevalsrc=exprs='${expression}':s=48000:d=${round},aloop=loop=${track.repeats - 1}:size=${round * 48_000},` +
      `aecho=0.8:0.6:70|130:0.25|0.15,lowpass=f=6000,` +
      `pan=stereo|c0=c0|c1=c0,haas=level_in=1:level_out=1:side_gain=0.6,volume=${track.gainDb}dB,` +
      // aecho rings on past the end: cut there, so a looped track keeps its beat.
      `atrim=end_sample=${seconds * 48_000}[out]`,
    '-map',
    '[out]',
    '-c:a',
    'aac',
    '-b:a',
    '160k',
    '-ar',
    '48000',
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    outFile,
  ];
}

/**
 * The file of a library track in `cacheDir`, made on first use; null for an id not in the library.
 * Concurrent callers may both synthesise it: each writes its own temporary file and renames it into
 * place, which is atomic, so a reader never sees half a track.
 */
export async function bgmTrackFile(cacheDir: string, trackId: string, signal?: AbortSignal): Promise<string | null> {
  const track = TRACKS.find((t) => t.id === trackId);
  if (!track) return null;
  const file = path.join(cacheDir, `bgm-${track.id}.m4a`);
  if (existsSync(file)) return file;
  await mkdir(cacheDir, { recursive: true });
  const temporary = path.join(cacheDir, `.bgm-${track.id}-${randomUUID()}.m4a`);
  try {
    // Someone waits on it (the editor's player, or an export's render): not a background encode.
    await runMedia('ffmpeg', trackArgs(track, temporary), { timeoutMs: 10 * 60_000, signal, priority: 'waited' });
    await rename(temporary, file);
  } finally {
    await rm(temporary, { force: true });
  }
  return file;
}
