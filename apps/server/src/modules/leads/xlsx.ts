import { crc32, deflateRawSync } from 'node:zlib';

/**
 * A one-sheet Excel workbook (Office Open XML, ECMA-376) whose every cell is text: an inline string
 * (`t="inlineStr"`, Part 1 §18.3.1.4) is never read as a number, a date or a formula, so a viewer's
 * "=cmd|..." stays the text they typed. Five parts in a zip, no shared strings and no styles.
 */
export function xlsxWorkbook(rows: readonly (readonly string[])[], sheetName = 'Sheet1'): Buffer {
  const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${body}`;
  const relationships = (target: string, type: string) =>
    xml(
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/${type}" Target="${target}"/></Relationships>`,
    );
  return zip([
    {
      name: '[Content_Types].xml',
      text: xml(
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
          '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
          '</Types>',
      ),
    },
    { name: '_rels/.rels', text: relationships('xl/workbook.xml', 'officeDocument') },
    {
      name: 'xl/workbook.xml',
      text: xml(
        '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
          `<sheets><sheet name="${xmlText(sheetTitle(sheetName))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
    },
    { name: 'xl/_rels/workbook.xml.rels', text: relationships('worksheets/sheet1.xml', 'worksheet') },
    { name: 'xl/worksheets/sheet1.xml', text: xml(worksheet(rows)) },
  ]);
}

/** The sheet: the first row frozen as the header, then one row per line, every cell an inline string. */
function worksheet(rows: readonly (readonly string[])[]): string {
  const parts = [
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">',
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>',
    '<sheetData>',
  ];
  rows.forEach((row, index) => {
    const r = index + 1;
    parts.push(`<row r="${r}">`);
    row.forEach((value, column) => {
      parts.push(
        `<c r="${columnName(column)}${r}" t="inlineStr"><is><t xml:space="preserve">${xmlText(cellText(value))}</t></is></c>`,
      );
    });
    parts.push('</row>');
  });
  parts.push('</sheetData></worksheet>');
  return parts.join('');
}

/** A, B, ... Z, AA, AB ... for a zero-based column. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** Excel holds at most 32,767 characters in a cell (Excel specifications and limits). */
const CELL_MAX = 32_767;

/**
 * Text as a cell keeps it: without the characters XML 1.0 forbids (§2.2 Char: controls other than tab, line
 * feed and carriage return, lone surrogates, U+FFFE and U+FFFF), and with a literal `_x0041_` escaped as
 * `_x005F_x0041_`, since ECMA-376 Part 1 §22.9.2.19 (ST_Xstring) reads `_xHHHH_` as an escaped character.
 */
export function cellText(value: string): string {
  return value
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .slice(0, CELL_MAX)
    .replace(/_(x[0-9A-Fa-f]{4}_)/g, '_x005F_$1');
}

const xmlText = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** A sheet's name: at most 31 characters, none of : \ / ? * [ ] (Excel refuses the workbook otherwise). */
const sheetTitle = (name: string) => name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet1';

/**
 * A zip of deflated files (PKWARE APPNOTE 6.3.10 §4.3: local headers, then the central directory, then its
 * end record). No zip64: an export is capped far below 4 GiB. Times are fixed at 1980-01-01, so the same
 * rows give the same bytes.
 */
export function zip(files: { name: string; text: string }[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.name, 'utf8');
    const data = Buffer.from(file.text, 'utf8');
    const packed = deflateRawSync(data);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed: 2.0 (deflate)
    local.writeUInt16LE(0x0800, 6); // bit 11: the name is UTF-8
    local.writeUInt16LE(8, 8); // method: deflate
    local.writeUInt16LE(0, 10); // time 00:00:00
    local.writeUInt16LE(0x21, 12); // date 1980-01-01
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4); // made by: MS-DOS, 2.0
    local.copy(entry, 6, 4, 30); // needed, flags, method, time, date, crc, sizes, name length, extra length
    entry.writeUInt16LE(0, 32); // comment length
    entry.writeUInt16LE(0, 34); // disk
    entry.writeUInt16LE(0, 36); // internal attributes
    entry.writeUInt32LE(0, 38); // external attributes
    entry.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    central.push(entry, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
