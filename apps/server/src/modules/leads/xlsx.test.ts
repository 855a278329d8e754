import { describe, expect, it } from 'vitest';
import { readZip, sheetRows } from '../../../test/xlsx-reader.ts';
import { csvCell, exportFile, toCsv } from './lead-export.ts';
import { cellText, columnName, xlsxWorkbook } from './xlsx.ts';

const HOSTILE = [
  "=cmd|' /C calc'!A0",
  '<script>alert("x")</script> & </t></is>',
  '你好，我想了解价格。',
  '+44 20 7946 0958',
  '@SUM(1+1)',
  'line one\nline two',
  '_x0041_ stays as typed',
  '😀 emoji',
];

describe('the xlsx writer', () => {
  it('writes the six parts of a workbook, each with its content type', () => {
    const files = readZip(xlsxWorkbook([['a']]));
    expect([...files.keys()]).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/workbook.xml',
      'xl/_rels/workbook.xml.rels',
      'xl/worksheets/sheet1.xml',
      'xl/styles.xml',
    ]);
    expect(files.get('[Content_Types].xml')?.toString()).toContain('<Override PartName="/xl/styles.xml"');
    expect(files.get('xl/_rels/workbook.xml.rels')?.toString()).toContain('Target="styles.xml"');
    const types = files.get('[Content_Types].xml')?.toString() ?? '';
    expect(types).toContain(
      '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>',
    );
    expect(files.get('_rels/.rels')?.toString()).toContain('Target="xl/workbook.xml"');
    expect(files.get('xl/_rels/workbook.xml.rels')?.toString()).toContain('Target="worksheets/sheet1.xml"');
  });

  it('writes dates as dates and numbers as numbers, so a spreadsheet sorts and sums them', () => {
    const at = new Date('2026-05-29T04:26:07Z');
    const book = xlsxWorkbook([
      ['Date', 'Second', 'Name'],
      [at, 75.5, '42'],
    ]);
    expect(sheetRows(book)).toEqual([
      ['Date', 'Second', 'Name'],
      [at, 75.5, '42'],
    ]);
    const sheet = readZip(book).get('xl/worksheets/sheet1.xml')?.toString() ?? '';
    // 2026-05-29 04:26:07 UTC is day 46171 of Excel's 1900 system, plus the part of the day gone.
    expect(sheet).toContain(`<c r="A2" s="1"><v>${46171 + (4 * 3600 + 26 * 60 + 7) / 86400}</v></c>`);
    expect(sheet).toContain('<c r="B2"><v>75.5</v></c>');
    // Text that looks like a number stays the text it was.
    expect(sheet).toContain('<c r="C2" t="inlineStr">');
    expect(toCsv([[at, 75.5, '42']])).toBe('\uFEFF"2026-05-29T04:26:07.000Z","75.5","42"\r\n');
  });

  it('keeps every value as text, formulas and markup included', () => {
    const rows = [['Name', 'Message'], ...HOSTILE.map((text, index) => [String(index), text])];
    const book = xlsxWorkbook(rows, 'Leads');
    expect(sheetRows(book)).toEqual(rows);
    const sheet = readZip(book).get('xl/worksheets/sheet1.xml')?.toString() ?? '';
    expect(sheet).not.toContain('<f>');
    expect(sheet).not.toContain('<script>');
    expect(sheet).toContain('<c r="B2" t="inlineStr"><is><t xml:space="preserve">=cmd|\' /C calc\'!A0</t></is></c>');
    expect(readZip(book).get('xl/workbook.xml')?.toString()).toContain('<sheet name="Leads" sheetId="1" r:id="rId1"/>');
  });

  it('drops what XML 1.0 cannot carry and escapes what Excel would decode', () => {
    expect(cellText('a\u0000b\u0007c\u000Bd\tе\n\r')).toBe('abcd\tе\n\r');
    expect(cellText('lone \uD800 surrogate \uFFFE')).toBe('lone  surrogate ');
    expect(cellText('_x000D_')).toBe('_x005F_x000D_');
    expect(cellText('x'.repeat(40_000))).toHaveLength(32_767);
  });

  it.each([
    [0, 'A'],
    [25, 'Z'],
    [26, 'AA'],
    [51, 'AZ'],
    [52, 'BA'],
    [701, 'ZZ'],
    [702, 'AAA'],
  ])('names column %i %s', (index, name) => {
    expect(columnName(index)).toBe(name);
  });

  it('gives the same bytes for the same rows', () => {
    expect(xlsxWorkbook([['a', 'b']]).equals(xlsxWorkbook([['a', 'b']]))).toBe(true);
  });
});

describe('the export files', () => {
  it('quotes CSV cells and defuses formulas; the workbook carries the same table', () => {
    expect(csvCell('=1+1')).toBe(`"'=1+1"`);
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(
      toCsv([
        ['a', 'b'],
        ['c', 'd'],
      ]),
    ).toBe('\uFEFF"a","b"\r\n"c","d"\r\n');
    const csv = exportFile([['a']], 'csv');
    expect([csv.contentType, csv.extension]).toEqual(['text/csv; charset=utf-8', 'csv']);
    const xlsx = exportFile([['a'], ['=b']], 'xlsx');
    expect([xlsx.contentType, xlsx.extension]).toEqual([
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'xlsx',
    ]);
    expect(sheetRows(xlsx.body as Buffer)).toEqual([['a'], ['=b']]);
  });
});
