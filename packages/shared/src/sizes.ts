/** file size units B, KB, MB, G, T. */
const SIZE_UNITS = ['B', 'KB', 'MB', 'G', 'T'] as const;

/** A byte count as people read it (the console contract units), for the console and the server's pages alike. */
export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = unit === 0 ? String(value) : value.toFixed(value >= 100 ? 0 : value >= 10 ? 1 : 2);
  return `${rounded.replace(/\.0+$|(\.\d*?)0+$/, '$1')} ${SIZE_UNITS[unit]}`;
}
