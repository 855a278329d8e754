import type { LeadExportFormat } from '@leadreel/shared';
import { type CellValue, xlsxWorkbook } from './xlsx.ts';

/** A cell a spreadsheet will not run: text starting like a formula gets a leading quote (OWASP CSV injection). */
export function csvCell(value: string): string {
  let text = value;
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

/** A cell's text in the CSV: a date as ISO 8601 in UTC, a number as written. */
const csvText = (value: CellValue) => (value instanceof Date ? value.toISOString() : String(value));

/** UTF-8 with a byte-order mark, so Excel reads it, and CRLF line ends (RFC 4180). */
export function toCsv(rows: readonly (readonly CellValue[])[]): string {
  return `\uFEFF${rows.map((row) => row.map((value) => csvCell(csvText(value))).join(',')).join('\r\n')}\r\n`;
}

export type ExportFile = { body: string | Buffer; contentType: string; extension: LeadExportFormat };

/**
 * The same table (a header row, then one row per lead) as the file asked for. In the workbook text is an
 * inline string, which Excel never evaluates, so it needs no quote in front of a formula-like answer; dates
 * and seconds are real dates and numbers.
 */
export function exportFile(rows: readonly (readonly CellValue[])[], format: LeadExportFormat): ExportFile {
  return format === 'xlsx'
    ? {
        body: xlsxWorkbook(rows, 'Leads'),
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        extension: 'xlsx',
      }
    : { body: toCsv(rows), contentType: 'text/csv; charset=utf-8', extension: 'csv' };
}
