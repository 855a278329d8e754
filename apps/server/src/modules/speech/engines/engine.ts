import type { Cue } from '@leadreel/shared';

/**
 * The speech engines behind subtitles from speech, GlobalVoice translation and dubbing. Each capability is a
 * small interface with a local engine from Debian's packages and an HTTP engine for production quality,
 * chosen by configuration (the README's table; docs/product.md "Speech tasks").
 */

/** What every engine call gets: a signal that aborts it (a cancel, a shutdown) and a way to say how far it is. */
export type EngineCall = {
  signal: AbortSignal;
  /** 0 to 1, as the engine can tell (a long transcription reports as it goes). */
  onProgress?: (fraction: number) => void;
};

/** Why an engine call failed, as the task center says it: a message key and the engine's own words. */
export type EngineFailure =
  | 'speech_engine_timeout'
  | 'speech_engine_failed'
  | 'speech_engine_busy'
  | 'speech_engine_garbage'
  | 'speech_lang_unsupported'
  | 'speech_pair_unsupported';

export class EngineError extends Error {
  readonly code: EngineFailure;
  /** What the engine said (an HTTP status and the start of its answer, a program's stderr), for the owner to read. */
  readonly detail: string | null;
  /** Whether trying again may help (a timeout, a 429, a 5xx), as opposed to an answer that will not change. */
  readonly retryable: boolean;
  constructor(code: EngineFailure, detail: string | null, retryable = false) {
    super(detail ? `${code}: ${detail}` : code);
    this.code = code;
    this.detail = detail;
    this.retryable = retryable;
  }
}

/** Speech to text: timed cues from a 16 kHz mono WAV file. */
export type Transcriber = {
  /** How the console names it, e.g. "pocketsphinx" or "OpenAI-compatible (whisper-1)". */
  readonly name: string;
  /** BCP 47 tags of the languages it can hear. */
  languages(): Promise<string[]>;
  transcribe(wavPath: string, lang: string, call: EngineCall): Promise<Cue[]>;
};

export type LanguagePair = { from: string; to: string };

/** Text translation, many texts per call in order (one per cue). */
export type Translator = {
  readonly name: string;
  pairs(): Promise<LanguagePair[]>;
  translate(texts: string[], pair: LanguagePair, call: EngineCall): Promise<string[]>;
};

/** Text to speech: one line of text into a WAV file. */
export type Speaker = {
  readonly name: string;
  languages(): Promise<string[]>;
  speak(text: string, lang: string, outWav: string, call: EngineCall): Promise<void>;
};

/** "AI optimise": punctuation, line length and cue splitting, cue times kept within the track's. */
export type TextTasks = {
  readonly name: string;
  optimise(cues: Cue[], lang: string, call: EngineCall): Promise<Cue[]>;
};

export type Engines = {
  transcriber: Transcriber;
  translator: Translator;
  speaker: Speaker;
  text: TextTasks;
};
