import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** H.264 as a phone or an editor writes it, fast to make: a keyframe each second. */
const H264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', '25'];

/**
 * Small real videos made by ffmpeg for tests: `kind` picks the container and codecs a user's camera or
 * editor would produce.
 */
export async function makeVideo(
  file: string,
  options: { seconds?: number; size?: string; kind?: 'mp4' | 'mov' | 'avi' } = {},
): Promise<string> {
  const { seconds = 2, size = '320x240', kind = 'mp4' } = options;
  const codecs = kind === 'avi' ? ['-c:v', 'mpeg4', '-q:v', '5', '-c:a', 'mp3'] : [...H264, '-c:a', 'aac'];
  await run('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${size}:rate=25:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}`,
    ...codecs,
    '-shortest',
    file,
  ]);
  return file;
}

/**
 * A video whose sound is `text` spoken by flite's kal16 voice (which pocketsphinx recognises; it does not
 * recognise espeak-ng's), over ffmpeg's test pattern, as long as the speech plus half a second.
 */
export async function makeSpeechVideo(file: string, text: string): Promise<string> {
  const wav = `${file}.wav`;
  await run('flite', ['-voice', 'kal16', '-t', text, '-o', wav]);
  await run('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=320x240:rate=25',
    '-i',
    wav,
    '-af',
    'apad=pad_dur=0.5',
    ...H264,
    '-c:a',
    'aac',
    '-shortest',
    file,
  ]);
  return file;
}

/** A video with no audio stream at all, as a screen recorder without a microphone makes. */
export async function makeSilentVideo(file: string, seconds = 2): Promise<string> {
  await run('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=320x240:rate=25:duration=${seconds}`,
    ...H264,
    file,
  ]);
  return file;
}
