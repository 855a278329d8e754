import { inflateRawSync } from 'node:zlib';

/**
 * The files of a zip, read as an unzipper does: from the end record to the central directory, then each
 * local header (PKWARE APPNOTE §4.3). Stored and deflated entries only, which is what the writer makes.
 */
export function readZip(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('no end of central directory');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central directory entry');
    const method = zip.readUInt16LE(at + 10);
    const packedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const skip = nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const local = zip.readUInt32LE(at + 42);
    if (zip.readUInt32LE(local) !== 0x04034b50) throw new Error('bad local header');
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const packed = zip.subarray(start, start + packedSize);
    files.set(name, method === 8 ? inflateRawSync(packed) : Buffer.from(packed));
    at += 46 + skip;
  }
  return files;
}

const decode = (text: string) =>
  text
    .replace(/&(lt|gt|quot|apos|amp|#\d+|#x[0-9a-f]+);/gi, (_, name: string) => {
      const named: Record<string, string> = { lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' };
      if (name in named) return named[name] as string;
      return String.fromCodePoint(Number(name.startsWith('#x') ? `0x${name.slice(2)}` : name.slice(1)));
    })
    // ECMA-376 Part 1 §22.9.2.19: `_xHHHH_` in a string is the character HHHH.
    .replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** Days from Excel's 1900 epoch to 1970-01-01. */
const UNIX_EPOCH_SERIAL = 25_569;

/**
 * The first sheet's cells as rows: an inline string as its text, a number cell as its number, a cell in the
 * date style (the workbook's style 1, a date format) as a Date. Any other kind of cell throws.
 */
export function sheetRows(workbook: Buffer): (string | number | Date)[][] {
  const files = readZip(workbook);
  const sheet = files.get('xl/worksheets/sheet1.xml')?.toString('utf8');
  if (!sheet) throw new Error('no xl/worksheets/sheet1.xml');
  const styles = files.get('xl/styles.xml')?.toString('utf8') ?? '';
  return [...sheet.matchAll(/<row\b[^>]*>(.*?)<\/row>/gs)].map(([, row]) =>
    [...(row as string).matchAll(/<c\b([^>]*?)(?:\/>|>(.*?)<\/c>)/gs)].map(([, attributes = '', cell = '']) => {
      if (/\bt="inlineStr"/.test(attributes)) return decode(/<t\b[^>]*>(.*?)<\/t>/s.exec(cell)?.[1] ?? '');
      if (/\bt=/.test(attributes)) throw new Error(`not an inline string or a number: ${attributes}`);
      const value = Number(/<v>(.*?)<\/v>/.exec(cell)?.[1] ?? Number.NaN);
      if (!/\bs="1"/.test(attributes)) return value;
      if (!/<numFmt numFmtId="164" formatCode="yyyy\/mm\/dd hh:mm:ss"\/>/.test(styles))
        throw new Error('no date style');
      return new Date(Math.round((value - UNIX_EPOCH_SERIAL) * 86_400_000));
    }),
  );
}
