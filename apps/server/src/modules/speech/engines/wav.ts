import { open } from 'node:fs/promises';

/**
 * The seconds of sound in a RIFF WAVE file, from its header: the `data` chunk's size over the `fmt ` chunk's
 * bytes per second (http://soundfile.sapp.org/doc/WaveFormat/). Chunks are walked rather than assumed at
 * fixed offsets, since ffmpeg writes a LIST chunk between them. A size of 0 or 0xFFFFFFFF (a WAV written to a
 * pipe, which could not go back to fill it in) means "to the end of the file". Null when it is no WAV.
 */
export async function wavSeconds(file: string): Promise<number | null> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const header = Buffer.alloc(Math.min(size, 64 * 1024));
    await handle.read(header, 0, header.length, 0);
    return wavSecondsOf(header, size);
  } finally {
    await handle.close();
  }
}

/** wavSeconds of the file's first bytes and its whole size. */
export function wavSecondsOf(header: Buffer, fileSize: number): number | null {
  if (header.length < 12 || header.toString('latin1', 0, 4) !== 'RIFF' || header.toString('latin1', 8, 12) !== 'WAVE') {
    return null;
  }
  let byteRate = 0;
  for (let at = 12; at + 8 <= header.length; ) {
    const id = header.toString('latin1', at, at + 4);
    const length = header.readUInt32LE(at + 4);
    if (id === 'fmt ' && at + 20 <= header.length) byteRate = header.readUInt32LE(at + 16);
    if (id === 'data') {
      if (byteRate <= 0) return null;
      const rest = fileSize - (at + 8);
      const bytes = length === 0 || length === 0xffffffff || length > rest ? rest : length;
      return Math.max(0, bytes) / byteRate;
    }
    // Chunks are padded to an even length.
    at += 8 + length + (length % 2);
  }
  return null;
}
