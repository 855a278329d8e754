import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { parseConfig } from '../apps/server/src/config.ts';
import { createEngines } from '../apps/server/src/modules/speech/engines/index.ts';

const run = promisify(execFile);

/**
 * What the speech benchmarks say: plain business English of 180 words, without figures or contractions, so
 * that the words a recogniser should hear are not in doubt. flite's kal16 reads it in about 59 s.
 */
export const SPEECH_TEXT =
  'Our team builds video tools for small companies that want more customers from their websites. ' +
  'Every week we meet sales managers who tell us the same story. They record a short product video, ' +
  'place it on a landing page, and then wait for leads that never arrive. The problem is rarely the video ' +
  'itself. Most visitors leave before the first minute ends, and nobody asks them for an email address ' +
  'while they are still watching. With our platform you can add a simple form inside the player, choose ' +
  'the moment it appears, and send every new contact straight to your sales team. You can also see which ' +
  'parts of the video people watch again and where they stop. This helps you write better scripts and ' +
  'shorter messages. Start with one video this month, measure the results carefully, and grow from there ' +
  'when the numbers look good. The first month is often the hardest, because every change takes time to ' +
  'show. Keep a short list of what you tried, share it with your colleagues, and decide together what to ' +
  'do next.';

/**
 * The engines a server with no engine configured uses (the configuration's defaults): pocketsphinx,
 * apertium, and flite or espeak-ng.
 */
export const localEngines = () => createEngines(parseConfig({}));

/**
 * SPEECH_TEXT read by flite's kal16 voice into `<dir>/speech-kal16.wav` (16 kHz mono). kal16, not the rms
 * voice our own English dubs use: a recording of a voice the engines did not make.
 */
export async function speechRecording(dir: string): Promise<string> {
  const text = path.join(dir, 'speech.txt');
  const wav = path.join(dir, 'speech-kal16.wav');
  // A file, not standard input: flite opens its input by name (engines/run-program.ts).
  await writeFile(text, `${SPEECH_TEXT}\n`);
  await run('flite', ['-voice', 'kal16', '-f', text, '-o', wav]);
  return wav;
}

/**
 * A `seconds` long video as a phone uploads it: 720p30 H.264 of ffmpeg's testsrc2 with the recording of
 * SPEECH_TEXT as its sound (AAC, 48 kHz stereo), silence after it to the end.
 */
export async function speechVideo(dir: string, seconds: number): Promise<string> {
  const wav = await speechRecording(dir);
  const video = path.join(dir, 'talk.mp4');
  await run('ffmpeg', [
    ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=1280x720:rate=30:duration=${seconds}`, '-i', wav],
    ...['-map', '0:v', '-map', '1:a', '-af', 'apad', '-t', String(seconds)],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-g', '60'],
    ...['-c:a', 'aac', '-b:a', '128k', '-ar', '48000', '-ac', '2', video],
  ]);
  return video;
}
