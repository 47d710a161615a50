import { describe, expect, it } from 'vitest';
import { renderers } from '../../renderers';
import { linesOf, subtableModel } from '../../tests/fixtures/subtable';
import { compileForm } from './compile';
import { validateRecord } from './validate';
import { createRecordValidator, validateInChunks } from './validateLines';

const compiled = compileForm({ fields: subtableModel(true).formData.fields } as never, renderers);
const sorted = (xs: { field: string }[]) => [...xs].sort((a, b) => a.field.localeCompare(b.field));

describe('createRecordValidator (issue 25 item 1)', () => {
  it('gives validateRecord’s errors: outside the sub-table, and per line and cell', () => {
    const check = createRecordValidator(compiled, 'en');
    const lines = linesOf(20) as Record<string, unknown>[];
    lines[3] = { qty: 1 };
    lines[7] = { item: 'x', qty: -1 };
    for (const record of [{ title: 'A', lines }, { lines }, { title: 'A', lines: linesOf(3) }, { title: 'A' }]) {
      expect(sorted(check(record))).toEqual(sorted(validateRecord(compiled, record, 'en')));
    }
    expect(check({ title: 'A', lines }).map((e) => e.field)).toEqual(['lines[3].item', 'lines[7].qty']);
  });

  it('validates a line once: a changed line is checked again, the others come from the cache', () => {
    const check = createRecordValidator(compiled);
    const lines = linesOf(5000) as Record<string, unknown>[];
    expect(check({ title: 'A', lines })).toEqual([]);
    const next = lines.slice();
    next[2] = { ...lines[2], item: '' };
    expect(check({ title: 'A', lines: next })).toEqual(validateRecord(compiled, { title: 'A', lines: next }));
    expect(check({ title: 'A', lines: next }).map((e) => e.field)).toEqual(['lines[2].item']);
    // A removed line shifts the ones after it: the messages follow their lines.
    const removed = next.filter((_, i) => i !== 0);
    expect(check({ title: 'A', lines: removed }).map((e) => e.field)).toEqual(['lines[1].item']);
  });
});

describe('exact decimal texts (issue 13: a bound bigint/numeric value beyond 2^53 travels as its text)', () => {
  it('checks a number cell’s decimal text as its number, line by line and whole, and still refuses other text', () => {
    const check = createRecordValidator(compiled, 'en');
    const lines = [
      { item: 'a', qty: '9007199254740993', price: 1 },
      { item: 'b', qty: '-1', price: 1 },
      { item: 'c', qty: '1.005', price: 1 },
      { item: 'd', qty: '12x', price: 1 },
    ];
    const errs = check({ title: 'A', lines });
    expect(errs.map((e) => e.field)).toEqual(['lines[1].qty', 'lines[2].qty', 'lines[3].qty']);
    expect(sorted(errs)).toEqual(sorted(validateRecord(compiled, { title: 'A', lines }, 'en')));
    expect(errs.map((e) => e.message)).toEqual(['数量 is out of range', '数量 allows at most 2 decimal places', '数量 has a wrong format']);
    // The record keeps the text: the check reads a copy.
    expect(lines[0].qty).toBe('9007199254740993');
  });
});

describe('validateInChunks (issue 25 item 1: the save of 5,000 lines without a long task)', () => {
  it('gives validateRecord’s errors in its order, yielding to the event loop between slices of lines', async () => {
    const lines = linesOf(5000) as Record<string, unknown>[];
    lines[10] = { qty: 1 };
    lines[4321] = { item: 'x', qty: -1 };
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    try {
      for (const record of [{ title: 'A', lines }, { lines }, { title: 'A', lines: linesOf(3) }, { title: 'A' }]) {
        expect(await validateInChunks(compiled, record, 'en')).toEqual(validateRecord(compiled, record, 'en'));
      }
      ticks = 0;
      // 500 lines a slice: the event loop ran timers while the 5,000 lines were checked.
      expect((await validateInChunks(compiled, { title: 'A', lines }, 'zh', undefined, 500, 1000)).map((e) => e.field)).toEqual(['lines[10].item', 'lines[4321].qty']);
      expect(ticks).toBeGreaterThan(0);
    } finally {
      clearInterval(timer);
    }
  });
});
