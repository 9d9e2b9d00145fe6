import { describe, expect, it } from 'vitest';
import { checkRow, checkRows } from './batch-check';
import { emptyBatch } from './batch-model';
import { checkTableSize, guessColumns, parseTable, TABLE_LIMITS, TableTooLarge, toRows } from './batch-table';

const request = {
  model: 'video-2.0-cl',
  prompt: 'A shot of {{product}} in {{place}}',
  duration: 5,
  ratio: '16:9',
};

describe('reading a table', () => {
  it('reads CSV with quoted commas and line breaks, and TSV, the first line naming the columns', () => {
    const csv = parseTable('product,place\n"red, shoes","a\nstreet"\nhat,beach\n');
    expect(csv).toEqual({
      headers: ['product', 'place'],
      rows: [
        ['red, shoes', 'a\nstreet'],
        ['hat', 'beach'],
      ],
    });
    const tsv = parseTable('product\tduration\nmug\t8\n');
    expect(tsv).toEqual({ headers: ['product', 'duration'], rows: [['mug', '8']] });
  });

  it('maps columns to the request’s variables, then to fields by their usual names', () => {
    expect(guessColumns(['Product', 'place', 'Duration', 'first frame', 'notes'], request)).toEqual([
      { variable: 'product' },
      { variable: 'place' },
      { field: 'duration' },
      { field: 'first_frame' },
      { ignore: true },
    ]);
  });
});

describe('checking rows with the composer’s rules', () => {
  const batch = {
    ...emptyBatch(),
    request,
    columns: guessColumns(['product', 'place', 'duration', 'first_frame'], request),
  };

  it('a good row becomes the composer’s body, with its variables filled and fields set', () => {
    const check = checkRow(batch, ['mug', 'a kitchen', '8', 'Asset://asset_1']);
    expect(check.ok).toBe(true);
    expect(check.body).toMatchObject({
      prompt: 'A shot of mug in a kitchen',
      duration: 8,
      references: [{ role: 'first_frame', media_type: 'image', url: 'Asset://asset_1' }],
    });
  });

  it('says what is wrong with a bad row, pointing at the column', () => {
    const check = checkRow(batch, ['mug', '', '99', 'not a url']);
    expect(check.ok).toBe(false);
    expect(check.issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          ns: 'batches',
          code: 'variableUnfilled',
          values: { name: 'place' },
          column: 1,
        }),
        expect.objectContaining({ ns: 'composer', code: 'durationRange', column: 2 }),
        expect.objectContaining({ ns: 'composer', code: 'urlInvalid', column: 3 }),
      ]),
    );
  });

  it('a variable with a default is filled by it; a dropped row is not checked', () => {
    const withDefault = { ...batch, variables: [{ name: 'place', default: 'a studio' }] };
    const body = checkRow(withDefault, ['mug', '', '5', '']).body;
    expect('prompt' in body && body.prompt).toBe('A shot of mug in a studio');
    const rows = toRows([
      ['a', 'b', '5', ''],
      ['c', 'd', '5', ''],
    ]);
    rows[1]!.state = 'dropped';
    const checks = checkRows({ ...batch, rows });
    expect(checks[0]?.ok).toBe(true);
    expect(checks[1]).toBeUndefined();
  });
});

describe('a table past what one batch may make the page do', () => {
  it('is refused by its size, its rows or its columns, naming the bound', () => {
    expect(() => checkTableSize(TABLE_LIMITS.chars + 1)).toThrow(TableTooLarge);
    expect(() => checkTableSize(TABLE_LIMITS.chars)).not.toThrow();
    const rows = `a\n${'x\n'.repeat(TABLE_LIMITS.rows + 1)}`;
    expect(() => parseTable(rows)).toThrow(
      expect.objectContaining({ bound: 'rows', found: TABLE_LIMITS.rows + 1 }),
    );
    const wide = Array.from({ length: TABLE_LIMITS.columns + 1 }, (_, i) => `c${i}`).join(',');
    expect(() => parseTable(`${wide}\n1`)).toThrow(expect.objectContaining({ bound: 'columns' }));
    // Exactly at the bounds is read.
    expect(parseTable(`a\n${'x\n'.repeat(TABLE_LIMITS.rows)}`).rows).toHaveLength(TABLE_LIMITS.rows);
  });
});
