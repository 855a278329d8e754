import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createCopyFields } from './events.repo.ts';

/** A field as the bytes PostgreSQL reads: its length, then its value. */
const field = (write: (fields: ReturnType<typeof createCopyFields>) => void) => {
  const fields = createCopyFields(8);
  write(fields);
  const bytes = Buffer.from(fields.bytes());
  return { length: bytes.readInt32BE(0), value: bytes.subarray(4) };
};

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
