import { crc32, deflateRawSync } from 'node:zlib';

/**
 * What a cell holds. Text is an inline string (`t="inlineStr"`, ECMA-376 Part 1 §18.3.1.4), never read as a
 * number, a date or a formula, so a viewer's "=cmd|..." stays the text they typed. A number is a number
 * cell, and a date a number cell in the date style, so a spreadsheet sorts and sums them as such.
 */
export type CellValue = string | number | Date;

/** Days from Excel's 1900 epoch to 1970-01-01 (the 1900 date system, with its leap-year quirk). */
const UNIX_EPOCH_SERIAL = 25_569;
/** The date style's format: the console's date and time (YYYY/MM/DD HH:mm:ss). */
const DATE_FORMAT = 'yyyy/mm/dd hh:mm:ss';

/** A one-sheet Excel workbook (Office Open XML): six parts in a zip, no shared strings, one date style. */
export function xlsxWorkbook(rows: readonly (readonly CellValue[])[], sheetName = 'Sheet1'): Buffer {
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
          '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
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
    {
      name: 'xl/_rels/workbook.xml.rels',
      text: xml(
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
          '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>' +
          '</Relationships>',
      ),
    },
    { name: 'xl/worksheets/sheet1.xml', text: xml(worksheet(rows)) },
    // Style 0 is the default; style 1 shows a date cell's number as a date and time.
    {
      name: 'xl/styles.xml',
      text: xml(
        '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
          `<numFmts count="1"><numFmt numFmtId="164" formatCode="${DATE_FORMAT}"/></numFmts>` +
          '<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>' +
          '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
          '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
          '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
          '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
          '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>' +
          '</styleSheet>',
      ),
    },
  ]);
}

/** One cell at `ref`, as its value's kind asks. */
function cell(ref: string, value: CellValue): string {
  if (value instanceof Date) {
    const serial = value.getTime() / 86_400_000 + UNIX_EPOCH_SERIAL;
    return Number.isFinite(serial) ? `<c r="${ref}" s="1"><v>${serial}</v></c>` : `<c r="${ref}"/>`;
  }
  if (typeof value === 'number')
    return Number.isFinite(value) ? `<c r="${ref}"><v>${value}</v></c>` : `<c r="${ref}"/>`;
  return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${xmlText(cellText(value))}</t></is></c>`;
}

/** The sheet: the first row frozen as the header, then one row per line. */
function worksheet(rows: readonly (readonly CellValue[])[]): string {
  const parts = [
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">',
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>',
    '<sheetData>',
  ];
  rows.forEach((row, index) => {
    const r = index + 1;
    parts.push(`<row r="${r}">`);
    row.forEach((value, column) => {
      parts.push(cell(`${columnName(column)}${r}`, value));
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
