/*
 * The bank's result files (docs/rules/settlement.md, file layouts) are CSV: RFC 4180 records read here; the result
 * of a transfer batch is read against its batch in ./transfer-batches.ts.
 */

/** RFC 4180 records: quoted cells with doubled quotes, CRLF or LF line ends, a byte order mark ignored. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  const source = text.replace(/^\uFEFF/, '');
  for (let index = 0; index < source.length; index += 1) {
    const char = source[index]!;
    if (quoted) {
      if (char === '"' && source[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[index + 1] === '\n') index += 1;
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || record.length > 0) records.push([...record, cell]);
  return records.filter((row) => row.some((value) => value.trim() !== ''));
}
