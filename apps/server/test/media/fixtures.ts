import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Small real videos made by ffmpeg for tests: `kind` picks the container and codecs a user's camera or
 * editor would produce.
 */
export async function makeVideo(
  file: string,
  options: { seconds?: number; size?: string; kind?: 'mp4' | 'mov' | 'avi' } = {},
): Promise<string> {
  const { seconds = 2, size = '320x240', kind = 'mp4' } = options;
  const codecs =
    kind === 'avi'
      ? ['-c:v', 'mpeg4', '-q:v', '5', '-c:a', 'mp3']
      : ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', '25', '-c:a', 'aac'];
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
