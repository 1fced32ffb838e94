import { describe, expect, it } from 'vitest';
import { consoleCsv } from './csv-export';

describe('the console lists’ CSV export', () => {
  it('exports member-typed text that looks like a formula as text, nested fields as dotted columns', () => {
    const csv = consoleCsv([
      { id: 1, username: '=HYPERLINK("http://ev.il","x")', bankAccount: { holder: '@holder' }, tags: ['-a', 'b'] },
      { id: 2, username: 'fan', blocked: true, amount: -3 },
    ]);
    expect(csv).toBe(
      '\uFEFFid,username,bankAccount.holder,tags,blocked,amount\r\n' +
        `1,"'=HYPERLINK(""http://ev.il"",""x"")",'@holder,'-a; b,,\r\n` +
        '2,fan,,,true,-3\r\n',
    );
  });
});
