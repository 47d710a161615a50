import { describe, expect, it } from 'vitest';
import { rowTest, type WrittenRow } from '../../server/src/modules/visualdev/list-match';
import { NeedleIndex } from '../../server/src/modules/visualdev/list-needles';
import type { LoadedModel } from '../../server/src/modules/visualdev/model-store';

/**
 * The needle index of keyword-only list filters (issue 28 item 4; list-needles.ts): for any written row it finds
 * exactly the filters whose row test (list-match.ts) says the row could match, so a write drops the same cached
 * entries as when every test was called.
 */
const KEYWORDS = ['供应商12', '供应商123', 'abc', 'ABC', 'Textile', 'a_b', '%', '12', '3', 'É', 'ß', 'k', '面料', 'xyz'];
const COLS = [['name'], ['name', 'code'], ['code']];
const VALUES: unknown[] = ['供应商1234', '供应商99', 'ABC Textile', 'a_b 公司', '50% 折扣', null, undefined, 42, true, 'İstanbul', 'Kelvin \u212a', 'Straße', '华美面料', '', 'ABCabc'];

describe('NeedleIndex', () => {
  it('finds exactly the keyword filters a written row could match, as their row tests say', () => {
    const index = new NeedleIndex();
    const tests = new Map<string, ReturnType<typeof rowTest>>();
    for (const kw of KEYWORDS) {
      for (const cols of COLS) {
        const key = JSON.stringify([kw, cols]);
        const test = rowTest({} as LoadedModel, [], kw, cols, undefined, null);
        expect(test.keyword, key).toBeDefined();
        tests.set(key, test);
        if (NeedleIndex.covers(test.keyword)) index.add(key, test.keyword);
      }
    }
    const rows: WrittenRow[] = [];
    for (const name of VALUES) for (const code of VALUES) rows.push(Object.fromEntries(Object.entries({ name, code }).filter(([, v]) => v !== undefined)));
    for (const row of rows) {
      const found = new Set<string>();
      index.matching([row], found);
      for (const [key, test] of tests) {
        if (!NeedleIndex.covers(test.keyword)) continue;
        expect(found.has(key), `${key} on ${JSON.stringify(row)}`).toBe(test(row));
      }
    }
    // a filter removed is no longer found; the others still are
    const gone = JSON.stringify(['abc', ['name']]);
    const probe = tests.get(gone)?.keyword;
    if (!NeedleIndex.covers(probe)) throw new Error('abc is indexed');
    index.delete(gone, probe);
    const found = new Set<string>();
    index.matching([{ name: 'xABCx', code: null }], found);
    expect(found.has(gone)).toBe(false);
    expect(found.has(JSON.stringify(['ABC', ['name']]))).toBe(true);
  });

  it('leaves filters with more than a keyword, and keywords JS cannot fold as the database would, to their row tests', () => {
    expect(rowTest({} as LoadedModel, [], 'abc', ['name'], ['r1'], null).keyword).toBeUndefined();
    expect(NeedleIndex.covers(rowTest({} as LoadedModel, [], 'É', ['name'], undefined, null).keyword)).toBe(false);
  });
});
