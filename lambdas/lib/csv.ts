/** One CSV cell: quoted, and a leading formula character neutralised (spreadsheet injection). */
const csvCell = (value: string) => {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
};

/** A CSV file (RFC 4180: CRLF line ends): a header row, then the rows, every cell through csvCell. */
export function toCsv(header: string[], rows: string[][]): string {
  return [header, ...rows].map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}
