/**
 * Splits clipboard text copied from Excel (or any spreadsheet) into rows of cells: tabs between cells, CR/LF between
 * rows, a trailing newline ignored. Used by the requisition line grid and the sub-table paste (issue 17 item 4,
 * issue 25 item 1). Pure TypeScript.
 */
export function parseClipboard(text: string): string[][] {
  const rows = text.replace(/\r\n?/g, '\n').split('\n');
  if (rows.length > 1 && rows[rows.length - 1] === '') rows.pop();
  return rows.map((r) => r.split('\t'));
}
