/**
 * PostgreSQL's binary COPY format (https://www.postgresql.org/docs/current/sql-copy.html), as the analytics
 * writer sends events (events.repo.ts, decision 0024): its fields written, and its rows found again.
 */

/** The binary COPY file's header: its signature, no flags, no extension (PostgreSQL's `COPY` docs). */
export const COPY_HEADER = Buffer.from('PGCOPY\n\xff\r\n\0\0\0\0\0\0\0\0\0', 'latin1');
/** PostgreSQL counts times in microseconds from 2000-01-01 UTC. */
const POSTGRES_EPOCH_MS = Date.UTC(2000, 0, 1);
const TWO_TO_32 = 2 ** 32;
/** Each hexadecimal digit's value by its character code; -1 for any other character. */
const HEX = new Int8Array(128).fill(-1);
for (let digit = 0; digit < 16; digit += 1) {
  HEX[digit.toString(16).charCodeAt(0)] = digit;
  HEX[digit.toString(16).toUpperCase().charCodeAt(0)] = digit;
}
/** Where each byte's two digits start in a UUID's usual form (8-4-4-4-12). */
const UUID_BYTE_AT = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34];

/**
 * Fields of PostgreSQL's binary COPY format (https://www.postgresql.org/docs/current/sql-copy.html), written
 * as bytes outside the JavaScript heap: each field its length and then its value in the type's binary form,
 * so that PostgreSQL parses nothing (no quoting, no escaping, no text of a number or a time to read).
 */
export function createCopyFields(firstBytes: number) {
  let bytes = Buffer.allocUnsafeSlow(firstBytes);
  let length = 0;
  /** Makes room for `count` bytes more, and two after them for the file's trailer. */
  const room = (count: number) => {
    if (length + count + 2 <= bytes.length) return;
    const bigger = Buffer.allocUnsafeSlow(Math.max(2 * bytes.length, length + count + 2));
    bytes.copy(bigger, 0, 0, length);
    bytes = bigger;
  };
  const int32 = (value: number) => {
    bytes.writeInt32BE(value, length);
    length += 4;
  };
  return {
    /** Bytes as they are: a header, or fields written before. */
    raw(part: Uint8Array) {
      room(part.length);
      bytes.set(part, length);
      length += part.length;
    },
    /** A row of `count` fields starts. */
    row(count: number) {
      room(2);
      bytes.writeInt16BE(count, length);
      length += 2;
    },
    text(value: string | null) {
      if (value === null) {
        room(4);
        int32(-1);
        return;
      }
      // At most three bytes of UTF-8 per UTF-16 unit.
      room(4 + 3 * value.length);
      // Byte by byte while ASCII, as ids, kinds and JSON mostly are: a call of Buffer.write costs more than
      // a few dozen characters copied here. The rest, from the first other character, by Buffer.write.
      let end = length + 4;
      let i = 0;
      for (; i < value.length; i += 1) {
        const code = value.charCodeAt(i);
        if (code >= 0x80) break;
        bytes[end++] = code;
      }
      if (i < value.length) end += bytes.write(value.slice(i), end);
      int32(end - length - 4);
      length = end;
    },
    /** A UUID (hexadecimal, dashes anywhere) as its 16 bytes. */
    uuid(value: string) {
      room(20);
      int32(16);
      if (value.length === 36) {
        // The usual form, 8-4-4-4-12: each byte's two digits at a known place.
        let bad = value.charCodeAt(8) ^ 0x2d || value.charCodeAt(13) ^ 0x2d;
        bad ||= value.charCodeAt(18) ^ 0x2d || value.charCodeAt(23) ^ 0x2d;
        for (let byte = 0; byte < 16 && !bad; byte += 1) {
          const at = UUID_BYTE_AT[byte] as number;
          const high = value.charCodeAt(at);
          const low = value.charCodeAt(at + 1);
          const digits = ((HEX[high] as number) << 4) | (HEX[low] as number);
          if (high >= 128 || low >= 128 || digits < 0) bad = 1;
          else bytes[length + byte] = digits;
        }
        if (!bad) {
          length += 16;
          return;
        }
      }
      let high = -1;
      let count = 0;
      for (let i = 0; i < value.length; i += 1) {
        const code = value.charCodeAt(i);
        if (code === 0x2d) continue;
        const digit = code < 128 ? (HEX[code] as number) : -1;
        if (digit < 0 || count === 32) throw new Error(`not a UUID: ${JSON.stringify(value)}`);
        if (high < 0) high = digit;
        else {
          bytes[length++] = (high << 4) | digit;
          high = -1;
        }
        count += 1;
      }
      if (count !== 32) throw new Error(`not a UUID: ${JSON.stringify(value)}`);
    },
    /** A timestamptz from ms since 1970 (whole ms: exact in microseconds). */
    time(ms: number) {
      room(12);
      int32(8);
      const micros = (ms - POSTGRES_EPOCH_MS) * 1000;
      const high = Math.floor(micros / TWO_TO_32);
      bytes.writeInt32BE(high, length);
      bytes.writeUInt32BE(micros - high * TWO_TO_32, length + 4);
      length += 8;
    },
    /** A real (float4). */
    real(value: number) {
      room(8);
      int32(4);
      bytes.writeFloatBE(value, length);
      length += 4;
    },
    get length() {
      return length;
    },
    /**
     * Lets go of the room not used when it is more than what is used (a copy of the bytes so far), so that
     * fields kept for a while (a batch waiting through a database outage) hold about their own size.
     */
    fit() {
      if (bytes.length <= 2 * (length + 2)) return;
      const fitted = Buffer.allocUnsafeSlow(length + 2);
      bytes.copy(fitted, 0, 0, length);
      bytes = fitted;
    },
    /** The bytes so far: a view, good until the next field. */
    bytes: () => bytes.subarray(0, length),
    /** The bytes so far and the file's trailer: a view, good until the next field. */
    file() {
      bytes.writeInt16BE(-1, length);
      return bytes.subarray(0, length + 2);
    },
  };
}

/** The bytes of row `n` (from 1) of a binary COPY file, as start and end; undefined past its last row. */
export function rowBytes(file: Buffer, n: number): [number, number] | undefined {
  let start = COPY_HEADER.length;
  for (let row = 1; start + 2 <= file.length; row += 1) {
    const fields = file.readInt16BE(start);
    if (fields < 0) return undefined;
    let end = start + 2;
    for (let field = 0; field < fields; field += 1) end += 4 + Math.max(file.readInt32BE(end), 0);
    if (row === n) return [start, end];
    start = end;
  }
  return undefined;
}
