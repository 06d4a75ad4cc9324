import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { csvWriter, neutraliseCell } from '../src/csv';

describe('CSV formula neutralising', () => {
  it("prefixes a ' to text a spreadsheet would read as a formula, and leaves other text alone", () => {
    for (const formula of [
      '=1+1',
      '+27 82 555 0101',
      '-2+3',
      '@SUM(A1)',
      '\t=cmd',
      '\r=cmd',
      '=HYPERLINK("http://evil.example","Click")',
    ]) {
      expect(neutraliseCell(formula)).toBe(`'${formula}`);
    }
    for (const plain of ['', 'thandi@example.com', 'Thandi = VIP', ' =1', "'=1", '123.45'])
      expect(neutraliseCell(plain)).toBe(plain);
  });

  it('writes every text cell of an export neutralised, numbers as they are', async () => {
    const writer = csvWriter(['name', 'total']);
    const done = new Promise<string>((resolve) => {
      let out = '';
      writer.on('data', (chunk: Buffer) => (out += chunk));
      writer.on('end', () => resolve(out));
    });
    writer.write({ name: '=2*3', total: 5 });
    writer.write({ name: 'Sipho', total: -1 });
    writer.end();
    expect(parse(await done, { columns: true })).toEqual([
      { name: "'=2*3", total: '5' },
      { name: 'Sipho', total: '-1' },
    ]);
  });
});
