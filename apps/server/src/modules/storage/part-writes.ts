import { constants, promises as fs } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { StorageError } from './storage.ts';

/**
 * How the local driver writes an upload's bytes to disk: a part streamed in from the browser, in 1 MiB
 * writes past the page cache where the filesystem allows it, and files joined into an object.
 */

/** How much of a part is gathered before it goes to disk (see writeLimited). */
export const WRITE_BATCH_BYTES = 1024 * 1024;

/** Writes every byte of `buffers` at the file's current end (or at `position`), however many calls that takes. */
export async function writeAll(file: FileHandle, buffers: Buffer[], position?: number) {
  let rest = buffers;
  let at = position;
  while (rest.length > 0) {
    let { bytesWritten } = await file.writev(rest, at);
    if (at !== undefined) at += bytesWritten;
    while (rest.length > 0 && bytesWritten >= (rest[0] as Buffer).length) {
      bytesWritten -= (rest[0] as Buffer).length;
      rest = rest.slice(1);
    }
    if (bytesWritten > 0) rest = [(rest[0] as Buffer).subarray(bytesWritten), ...rest.slice(1)];
  }
}

/**
 * The alignment O_DIRECT asks of a write's memory, file offset and length: the largest logical block size
 * of common disks (4 KiB), which also covers the 512-byte ones.
 */
const DIRECT_ALIGN = 4096;
/** Staging buffers for O_DIRECT writes, two per part being received; 32 serve sixteen parts at once. */
const STAGING_SLOTS = 32;
let staging: { memory: ArrayBuffer; free: number[] } | undefined;
/** The part of the WebAssembly API used here (the server's TypeScript libraries do not declare it). */
declare const WebAssembly: { Memory: new (descriptor: { initial: number }) => { buffer: ArrayBuffer } };

/**
 * A page-aligned 1 MiB buffer, as O_DIRECT needs, or undefined when all are in use. WebAssembly memory is
 * the one page-aligned allocation JavaScript has; it is reserved once, and its pages are only committed as
 * they are first used, then stay in use (a new buffer's pages cost the same first-touch as the page cache's).
 */
function takeStaging(): Buffer | undefined {
  if (!staging) {
    try {
      const memory = new WebAssembly.Memory({ initial: (STAGING_SLOTS * WRITE_BATCH_BYTES) / 65_536 }).buffer;
      staging = { memory, free: Array.from({ length: STAGING_SLOTS }, (_, slot) => STAGING_SLOTS - 1 - slot) };
    } catch {
      // No room for the reservation (a tight address-space limit): parts go through the page cache.
      staging = { memory: new ArrayBuffer(0), free: [] };
    }
  }
  const slot = staging.free.pop();
  return slot === undefined ? undefined : Buffer.from(staging.memory, slot * WRITE_BATCH_BYTES, WRITE_BATCH_BYTES);
}
function giveBackStaging(buffer: Buffer) {
  staging?.free.push(buffer.byteOffset / WRITE_BATCH_BYTES);
}

/**
 * Streams `body` into a new file at `file`, refusing it (and stopping) past `maxBytes`. The socket's 64 KiB
 * chunks are gathered into 1 MiB writes, one in flight while the next gathers: a write per chunk (a plain
 * pipe to a write stream) cost the server a whole core at 96 MiB/s, the upload's bottleneck (bench:upload).
 *
 * The writes bypass the page cache (O_DIRECT) where the filesystem allows it, from two reused aligned
 * buffers. A buffered write copies each byte into a page-cache page the kernel has to find first: writing
 * 2 GiB that way took this machine 0.4 to 3.5 CPU-seconds (a virtual machine's fresh memory faults on its
 * host; dd shows the same), the server's largest cost in an upload and taken from the browser on the same
 * cores, where the direct writes took 0.25. The cache gains little from an upload's bytes: the pipeline
 * reads them once, and viewers' segments keep their place in it (MinIO writes objects this way for that
 * reason). The direct write is durable before the rename, as the buffered one was once the kernel flushed.
 */
export async function writeLimited(file: string, body: Readable, maxBytes: number) {
  const first = takeStaging();
  const second = first && takeStaging();
  if (first && !second) giveBackStaging(first);
  const direct =
    first && second
      ? await fs.open(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_DIRECT, 0o644).then(
          (handle) => handle,
          // A filesystem without O_DIRECT (tmpfs before Linux 6.6, some FUSE ones) refuses it at open.
          (error: NodeJS.ErrnoException) => {
            if (error.code === 'EINVAL') return undefined;
            throw error;
          },
        )
      : undefined;
  try {
    if (direct && first && second) await writeDirect(file, direct, body, maxBytes, [first, second]);
    else await writeBuffered(await fs.open(file, 'wx'), body, maxBytes);
  } finally {
    if (first && second) {
      giveBackStaging(first);
      giveBackStaging(second);
    }
  }
}

function tooLarge(total: number, maxBytes: number) {
  if (total > maxBytes) throw new StorageError('part_too_large', 'the part is larger than 64 MiB');
}

async function writeBuffered(handle: FileHandle, body: Readable, maxBytes: number) {
  let writing: Promise<void> = Promise.resolve();
  try {
    let batch: Buffer[] = [];
    let batched = 0;
    let total = 0;
    for await (const chunk of body as AsyncIterable<Buffer>) {
      total += chunk.length;
      tooLarge(total, maxBytes);
      batch.push(chunk);
      batched += chunk.length;
      if (batched < WRITE_BATCH_BYTES) continue;
      await writing;
      writing = writeAll(handle, batch);
      batch = [];
      batched = 0;
    }
    await writing;
    await writeAll(handle, batch);
  } finally {
    // A write still in flight when the body failed settles before the file closes (and is removed).
    await writing.catch(() => undefined);
    await handle.close();
  }
}

/**
 * writeLimited's O_DIRECT path: chunks are copied into one staging buffer while the other is written. The
 * last, partial buffer is written padded with zeros to the alignment and the file cut back to its size.
 * A write the device refuses for its alignment (EINVAL: a disk with larger blocks) goes on through a
 * buffered handle on the same file.
 */
async function writeDirect(file: string, direct: FileHandle, body: Readable, maxBytes: number, buffers: Buffer[]) {
  let buffered: FileHandle | undefined;
  let writing: Promise<void> = Promise.resolve();
  const write = async (buffer: Buffer, length: number, position: number) => {
    if (!buffered) {
      try {
        const { bytesWritten } = await direct.write(buffer, 0, length, position);
        if (bytesWritten === length) return;
        // A short direct write is rare; its rest goes through the buffered handle.
        buffered = await fs.open(file, 'r+');
        return writeAll(buffered, [buffer.subarray(bytesWritten, length)], position + bytesWritten);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EINVAL') throw error;
        buffered = await fs.open(file, 'r+');
      }
    }
    await writeAll(buffered, [buffer.subarray(0, length)], position);
  };
  try {
    let fill = buffers[0] as Buffer;
    let filled = 0;
    let position = 0;
    let total = 0;
    for await (const chunk of body as AsyncIterable<Buffer>) {
      total += chunk.length;
      tooLarge(total, maxBytes);
      for (let offset = 0; offset < chunk.length; ) {
        const copied = chunk.copy(fill, filled, offset);
        offset += copied;
        filled += copied;
        if (filled < fill.length) continue;
        await writing;
        writing = write(fill, filled, position);
        position += filled;
        fill = fill === buffers[0] ? (buffers[1] as Buffer) : (buffers[0] as Buffer);
        filled = 0;
      }
    }
    await writing;
    if (filled > 0) {
      const padded = Math.ceil(filled / DIRECT_ALIGN) * DIRECT_ALIGN;
      fill.fill(0, filled, padded);
      await write(fill, padded, position);
      await (buffered ?? direct).truncate(total);
    }
  } finally {
    // A write still in flight when the body failed settles before the file closes (and is removed).
    await writing.catch(() => undefined);
    await direct.close();
    await buffered?.close();
  }
}
