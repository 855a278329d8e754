import { rm, stat } from 'node:fs/promises';
import { cleanText } from './cue-layout.ts';
import { EngineError, type Speaker } from './engine.ts';
import { canonicalTag, requireLanguage } from './languages.ts';
import { listingOnce, runProgram } from './run-program.ts';

/**
 * flite's voice for English: rms, one of CMU's Arctic voices (clustergen), sounds more natural than the
 * diphone kal16, and pocketsphinx hears it almost word for word, so a dub can be checked by ear and by test.
 */
export const FLITE_VOICE = 'rms';

/**
 * Fictional and constructed languages espeak-ng ships (Klingon, Pyash, Belter, Quenya, Sindarin): nobody
 * subtitles a product video in them, and py and qdb are no real language codes.
 */
const NOT_OFFERED = new Set(['piqd', 'py', 'qdb', 'qya', 'sjn']);

/**
 * Which espeak-ng voice speaks each language, from `espeak-ng --voices`: columns Pty, Language, Age/Gender,
 * VoiceName, File, then "Other Languages" as `(tag priority)` pairs. A voice serves its own language at its
 * priority and each other language at the priority given there; the lowest number wins, as espeak-ng
 * itself orders them (`espeak-ng --voices=es` lists the voices for es from the lowest), the first listed on a tie. Tags are made BCP 47 (cmn -> zh, pt-br -> pt-BR); those
 * that cannot be, or are private use (en-gb-x-rp), are left out, and English is flite's.
 */
export function parseEspeakVoices(listing: string): Map<string, string> {
  const best = new Map<string, { voice: string; priority: number }>();
  const offer = (code: string, voice: string, priority: number) => {
    if (NOT_OFFERED.has(code.toLowerCase())) return;
    const tag = canonicalTag(code);
    if (!tag || tag.split('-')[0] === 'en') return;
    const known = best.get(tag);
    if (!known || priority < known.priority) best.set(tag, { voice, priority });
  };
  for (const line of listing.split('\n')) {
    const match = /^\s*(\d+)\s+(\S+)\s+\S+\s+\S+\s+\S+\s*(.*)$/.exec(line);
    if (!match) continue;
    const voice = match[2] as string;
    offer(voice, voice, Number(match[1]));
    for (const other of (match[3] as string).matchAll(/\((\S+)\s+(\d+)\)/g)) {
      offer(other[1] as string, voice, Number(other[2]));
    }
  }
  return new Map([...best.entries()].map(([tag, { voice }]) => [tag, voice]));
}

/** flite's command line: the text is read from standard input, so no text can pass for an option. */
export function fliteArgs(voice: string, outWav: string): string[] {
  return ['-voice', voice, '-f', '/dev/stdin', '-o', outWav];
}

/** espeak-ng's command line: the text from standard input, a WAV file out. */
export function espeakArgs(voice: string, outWav: string): string[] {
  return ['-v', voice, '--stdin', '-w', outWav];
}

export type LocalSpeakerOptions = { timeoutMs: number };

/** Text to speech by flite for English and espeak-ng for every other language it has a voice for. */
export function createLocalSpeaker(options: LocalSpeakerOptions): Speaker {
  const espeakVoices = listingOnce('espeak-ng', ['--voices'], parseEspeakVoices);
  const languages = async () => ['en', ...(await espeakVoices()).keys()].sort();

  return {
    name: 'espeak-ng / flite',
    languages,
    async speak(text, lang, outWav, call) {
      const tag = requireLanguage(lang, await languages());
      // A cue's two lines are one thing said.
      const input = cleanText(text).replace(/\n/g, ' ');
      if (input === '') throw new EngineError('speech_engine_failed', 'nothing to say');
      const run = { signal: call.signal, timeoutMs: options.timeoutMs, input: `${input}\n` };
      await rm(outWav, { force: true });
      if (tag === 'en') await runProgram('flite', fliteArgs(FLITE_VOICE, outWav), run);
      else await runProgram('espeak-ng', espeakArgs((await espeakVoices()).get(tag) as string, outWav), run);
      // flite exits 0 without writing when it cannot read its input: a missing file is its failure, not the mix's.
      const written = await stat(outWav).catch(() => null);
      if (!written || written.size <= 44)
        throw new EngineError('speech_engine_failed', `${tag === 'en' ? 'flite' : 'espeak-ng'} wrote no sound`);
      call.onProgress?.(1);
    },
  };
}
