/** A value of a CSV row: text, or a number written as is. */
export type CsvValue = string | number;

/**
 * One cell: numbers bare, text quoted (RFC 4180), and text that starts like a formula gets a leading quote so
 * a spreadsheet shows it instead of running it (OWASP CSV injection; the pages and referrers come from
 * viewers). The server's lead export does the same (apps/server/src/modules/leads/lead-export.ts).
 */
export function csvCell(value: CsvValue): string {
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${text.replaceAll('"', '""')}"`;
}

/** UTF-8 with a byte-order mark, so Excel reads it as such, and CRLF line ends (RFC 4180). */
export function toCsv(rows: readonly (readonly CsvValue[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
