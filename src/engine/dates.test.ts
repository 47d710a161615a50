import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { epochMs, excelCellMs, jnpfToDayjs, parseDate, rangeBound } from './dates';

const local = (...a: [number, number, number, number?, number?, number?]) => new Date(a[0], a[1] - 1, a[2], a[3] ?? 0, a[4] ?? 0, a[5] ?? 0).getTime();

describe('parseDate (issue 24 item 2)', () => {
  it('accepts the formats clients and JNPF send', () => {
    expect(parseDate(1736899200000)).toEqual({ ms: 1736899200000, unit: 'millisecond' });
    expect(parseDate('1736899200000')?.ms).toBe(1736899200000);
    expect(parseDate(1736899200)?.ms).toBe(1736899200000);
    expect(parseDate('1736899200')?.ms).toBe(1736899200000);
    expect(parseDate('2025-01-15')).toEqual({ ms: local(2025, 1, 15), unit: 'day' });
    expect(parseDate('2025-01-15 08:30')).toEqual({ ms: local(2025, 1, 15, 8, 30), unit: 'minute' });
    expect(parseDate(' 2025-01-15 08:30:45 ')).toEqual({ ms: local(2025, 1, 15, 8, 30, 45), unit: 'second' });
    expect(parseDate('2024-02-29')?.ms).toBe(local(2024, 2, 29));
    expect(parseDate('2025/1/5 9:05')?.ms).toBe(local(2025, 1, 5, 9, 5));
    expect(parseDate('2025-01-15T08:30')?.ms).toBe(local(2025, 1, 15, 8, 30));
    const d = new Date(2025, 0, 15);
    expect(parseDate(d)?.ms).toBe(d.getTime());
  });

  it("accepts the field's own format (JNPF tokens converted)", () => {
    expect(jnpfToDayjs('yyyy-MM-dd HH:mm:ss')).toBe('YYYY-MM-DD HH:mm:ss');
    expect(jnpfToDayjs('')).toBeUndefined();
    expect(parseDate('2025-03', [jnpfToDayjs('yyyy-MM')])).toEqual({ ms: local(2025, 3, 1), unit: 'month' });
    expect(parseDate('2025', [jnpfToDayjs('yyyy')])).toEqual({ ms: local(2025, 1, 1), unit: 'year' });
    expect(parseDate('15.01.2025', ['DD.MM.YYYY'])?.ms).toBe(local(2025, 1, 15));
    expect(parseDate('2025-02', ['YYYY-MM'])?.ms).toBe(local(2025, 2, 1));
    expect(parseDate('2025-13', ['YYYY-MM'])).toBeNull();
  });

  it('refuses impossible dates and text that only looks like one', () => {
    for (const v of [
      '2025-02-30',
      '2025-02-29',
      '2025-13-01',
      '2025-00-10',
      '2025-01-32',
      '2025-01-15 99:99',
      '2025-01-15 25:00',
      '2025-01-15 24:00',
      '2025-01-15 12:60',
      '2025-01-15 12:30:61',
      'abc 2025',
      '2025',
      'yesterday',
      '2025-01-15T08:30:00Z',
      '2025-01-15T25:00',
      '2025/2/30',
      '',
      '   ',
      '12345',
      123,
      1.5e12 + 0.5,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      1e17,
      null,
      undefined,
      true,
      {},
      [2025, 1, 15],
      new Date(Number.NaN),
    ]) {
      expect(parseDate(v), String(v)).toBeNull();
    }
  });
});

describe('epochMs', () => {
  it('reads ten digits as seconds and anything else as milliseconds', () => {
    expect(epochMs(1700000000)).toBe(1700000000000);
    expect(epochMs(1700000000.5)).toBe(1700000000500);
    expect(epochMs(1700000000000)).toBe(1700000000000);
    expect(epochMs(99999999999)).toBe(99999999999);
    expect(epochMs(-1700000000)).toBe(-1700000000000);
  });
});

describe('rangeBound', () => {
  it('extends a day, month or year end to the last millisecond of it; leaves times and starts as they are', () => {
    const day = parseDate('2025-01-15')!;
    expect(rangeBound(day, false)).toBe(local(2025, 1, 15));
    expect(rangeBound(day, true)).toBe(local(2025, 1, 16) - 1);
    expect(rangeBound(parseDate('2025-02', ['YYYY-MM'])!, true)).toBe(local(2025, 3, 1) - 1);
    expect(rangeBound(parseDate('2025-01-15 08:30')!, true)).toBe(local(2025, 1, 15, 8, 30));
    expect(rangeBound(parseDate(1736899200000)!, true)).toBe(1736899200000);
  });
});

describe('excelCellMs', () => {
  it('reads the UTC wall clock exceljs gives as local time', () => {
    expect(excelCellMs(new Date(Date.UTC(2025, 0, 15, 8, 30)))).toBe(local(2025, 1, 15, 8, 30));
    expect(dayjs(excelCellMs(new Date(Date.UTC(2025, 0, 15)))).format('YYYY-MM-DD HH:mm')).toBe('2025-01-15 00:00');
  });
});
