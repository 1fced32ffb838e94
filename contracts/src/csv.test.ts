import { describe, expect, it } from 'vitest';
import { csvCell, csvDocument } from './csv';

describe('the CSV writer', () => {
  it('writes a cell starting like a formula as text, quoting what must be quoted', () => {
    expect(csvCell('=HYPERLINK("http://ev.il","x")')).toBe(`"'=HYPERLINK(""http://ev.il"",""x"")"`);
    expect(['+1', '-1+2', '@SUM(A1)', '\tx', '\rx'].map(csvCell)).toEqual([
      "'+1",
      "'-1+2",
      "'@SUM(A1)",
      "'\tx",
      `"'\rx"`,
    ]);
    expect(csvCell('a "b", c')).toBe('"a ""b"", c"');
    expect(csvCell(' =x')).toBe(' =x');
  });

  it('writes numbers as numbers and nothing as an empty cell', () => {
    expect([csvCell(-3), csvCell(36000), csvCell(null), csvCell(undefined)]).toEqual(['-3', '36000', '', '']);
  });

  it('writes a document with a byte order mark and CRLF records', () => {
    expect(
      csvDocument([
        ['a', 1],
        ['=b', null],
      ]),
    ).toBe("\uFEFFa,1\r\n'=b,\r\n");
  });
});
