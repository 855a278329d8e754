import type { LeadExportFormat } from '@leadreel/shared';
import { xlsxWorkbook } from './xlsx.ts';

/** A cell a spreadsheet will not run: text starting like a formula gets a leading quote (OWASP CSV injection). */
export function csvCell(value: string): string {
  let text = value;
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

/** UTF-8 with a byte-order mark, so Excel reads it, and CRLF line ends (RFC 4180). */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

export type ExportFile = { body: string | Buffer; contentType: string; extension: LeadExportFormat };

/**
 * The same table (a header row, then one row per lead) as the file asked for. In the workbook every cell is
 * an inline string, which Excel never evaluates, so it needs no quote in front of a formula-like answer.
 */
export function exportFile(rows: readonly (readonly string[])[], format: LeadExportFormat): ExportFile {
  return format === 'xlsx'
    ? {
        body: xlsxWorkbook(rows, 'Leads'),
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        extension: 'xlsx',
      }
    : { body: toCsv(rows), contentType: 'text/csv; charset=utf-8', extension: 'csv' };
}
