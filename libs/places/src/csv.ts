/**
 * Parses RFC 4180 CSV (quoted fields, doubled quotes) into objects keyed by the header row. A field is cut
 * from the text in runs rather than built a character at a time, which would leave each long value a chain
 * of concatenations on the heap for as long as it is kept.
 */
export function parseCsv(text: string): Record<string, string>[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  // Where the current run of ordinary characters began.
  let run = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch !== '"') continue;
      field += text.slice(run, i);
      if (text[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
      run = i + 1;
    } else if (ch === '"') {
      field += text.slice(run, i);
      quoted = true;
      run = i + 1;
    } else if (ch === ',') {
      row.push(field + text.slice(run, i));
      field = '';
      run = i + 1;
    } else if (ch === '\n' || ch === '\r') {
      row.push(field + text.slice(run, i));
      field = '';
      if (ch === '\r' && text[i + 1] === '\n') i++;
      run = i + 1;
      if (row.length > 1 || row[0] !== '') rows.push(row);
      row = [];
    }
  }
  const last = field + text.slice(run);
  if (last !== '' || row.length > 0) {
    row.push(last);
    rows.push(row);
  }
  const [header, ...body] = rows;
  if (!header) return [];
  return body.map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i] ?? ''])));
}
