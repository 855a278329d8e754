import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createCopyFields, rowBytes } from './copy-file.ts';
import { createEventBatch, type EventRow } from './events.repo.ts';

/** A field as the bytes PostgreSQL reads: its length, then its value. */
const field = (write: (fields: ReturnType<typeof createCopyFields>) => void) => {
  const fields = createCopyFields(8);
  write(fields);
  const bytes = Buffer.from(fields.bytes());
  return { length: bytes.readInt32BE(0), value: bytes.subarray(4) };
};

/** One viewing's context, as the ingestion makes them. */
const SOURCE = {
  account_id: randomUUID(),
  video_id: randomUUID(),
  session_id: 'session-0123456789ab',
  viewer_id: null,
  page: 'https://customer.example.test/视频',
  referrer: '',
  device: 'desktop',
  browser: 'Chrome',
  os: 'Linux',
  country: null,
};

/** An event of that viewing. */
const heartbeat = (position: number, data: string | null): EventRow => ({
  event_id: randomUUID(),
  at: Date.now(),
  kind: 'heartbeat',
  position,
  data,
  source: SOURCE,
});

describe('binary COPY fields', () => {
  it('writes a UUID as its 16 bytes in any case, with or without dashes', () => {
    for (let i = 0; i < 200; i += 1) {
      const id = randomUUID();
      const hex = id.replaceAll('-', '');
      for (const form of [id, id.toUpperCase(), hex]) {
        expect(field((f) => f.uuid(form))).toEqual({ length: 16, value: Buffer.from(hex, 'hex') });
      }
    }
  });

  it('refuses what is not a UUID rather than writing other bytes', () => {
    const id = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
    const bad = ['', 'x'.repeat(36), `${id.slice(0, 35)}g`, `${id.slice(0, 35)}é`, id.slice(0, 35), `${id}0`];
    for (const value of [...bad, id.replace('-', '+'), `${id.replaceAll('-', '')}00`]) {
      expect(() => field((f) => f.uuid(value)), value).toThrow('not a UUID');
    }
  });

  it('writes texts as UTF-8 whatever their characters, and null as length -1', () => {
    for (const text of ['', 'heartbeat', '视频 🎬', 'a\u0001b', 'é'.repeat(300), `${'a'.repeat(40)}视`]) {
      const { length, value } = field((f) => f.text(text));
      expect(value.toString('utf8')).toBe(text);
      expect(length).toBe(Buffer.byteLength(text));
    }
    expect(field((f) => f.text(null))).toEqual({ length: -1, value: Buffer.alloc(0) });
  });

  it('writes a time as microseconds since 2000 in 64 bits, before 2000 too', () => {
    const micros = (ms: number) => field((f) => f.time(ms)).value.readBigInt64BE(0);
    expect(micros(Date.UTC(2000, 0, 1))).toBe(0n);
    expect(micros(Date.UTC(1999, 11, 31, 23, 59, 59, 999))).toBe(-1000n);
    const now = Date.UTC(2026, 10, 28, 7, 1, 2, 345);
    expect(micros(now)).toBe(BigInt(now - Date.UTC(2000, 0, 1)) * 1000n);
  });

  it('grows past its first bytes and ends the file with its trailer', () => {
    const fields = createCopyFields(8);
    for (let i = 0; i < 100; i += 1) fields.text(`text ${i}`);
    const file = fields.file();
    expect(file.length).toBe(fields.length + 2);
    expect(file.readInt16BE(file.length - 2)).toBe(-1);
  });
});

describe('a binary COPY file', () => {
  it('keeps only about its own bytes once sealed, and the same file', () => {
    const batch = createEventBatch();
    batch.add([heartbeat(1, null)]);
    const before = Buffer.from(batch.file());
    // Room for a full batch, most of it unused: a batch waiting through a database outage, one a second,
    // would hold all that room while it waits.
    expect(batch.file().buffer.byteLength).toBeGreaterThan(100 * before.length);
    batch.seal();
    expect(batch.file()).toEqual(before);
    expect(batch.file().buffer.byteLength).toBe(before.length);
    // A file that uses most of its room keeps it rather than being copied.
    const fields = createCopyFields(64);
    fields.raw(Buffer.alloc(40, 1));
    const room = fields.file().buffer;
    fields.fit();
    expect(fields.file().buffer).toBe(room);
  });

  it('finds each row’s bytes, and none past the last', () => {
    const rows = [null, '{"intervals":[[0,10]]}', 'x'.repeat(500)].map((data, i) => heartbeat(i, data));
    const batch = createEventBatch();
    batch.add(rows);
    const file = Buffer.from(batch.file());
    const ranges = [1, 2, 3].map((n) => rowBytes(file, n));
    // Each row starts where the one before ends, the first after the header, the last before the trailer.
    expect(ranges[0]?.[0]).toBe(19);
    expect(ranges[1]?.[0]).toBe(ranges[0]?.[1]);
    expect(ranges[2]?.[0]).toBe(ranges[1]?.[1]);
    expect(ranges[2]?.[1]).toBe(file.length - 2);
    // The third row holds its 500 bytes of data.
    expect(file.subarray(...(ranges[2] as [number, number])).includes('x'.repeat(500))).toBe(true);
    expect(rowBytes(file, 4)).toBeUndefined();
    expect(rowBytes(file, 0)).toBeUndefined();
  });
});
