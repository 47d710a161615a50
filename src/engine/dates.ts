import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';

dayjs.extend(customParseFormat);

/**
 * The one date parser of client and server (issue 24 item 2): dayjs strict parsing (`customParseFormat`), so
 * `2025-02-30`, `2025-01-15 99:99`, `25:00` or `abc 2025` are refused instead of rolled over. Pure TypeScript; local
 * time zone, as the pickers and the stored millisecond timestamps use.
 */

/** The text formats every date input accepts (dayjs tokens), besides timestamps and the field's own format. */
export const DATE_INPUT_FORMATS = ['YYYY-MM-DD', 'YYYY-MM-DD HH:mm', 'YYYY-MM-DD HH:mm:ss'] as const;

/** The smallest unit a parsed value names: a range end of `day` (or coarser) covers that whole unit. */
export type DateUnit = 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second' | 'millisecond';

/** A parsed date: epoch milliseconds and the unit its text was precise to (`millisecond` for timestamps, Dates). */
export interface ParsedDate {
  ms: number;
  unit: DateUnit;
}

/** Largest |ms| a JS Date holds (±100,000,000 days around the epoch). */
const MAX_MS = 8.64e15;

/**
 * Epoch milliseconds of a numeric timestamp: an integer part of exactly ten digits is seconds (spec 000 §9 "ten-digit
 * timestamps are seconds"), anything else milliseconds. The one copy of that rule.
 */
export function epochMs(n: number): number {
  return String(Math.trunc(Math.abs(n))).length === 10 ? n * 1000 : n;
}

/**
 * A JNPF date format (`yyyy-MM-dd HH:mm:ss`, the `format` of a date field's config) as dayjs tokens
 * (`YYYY-MM-DD HH:mm:ss`); undefined for none.
 */
export function jnpfToDayjs(format: unknown): string | undefined {
  return typeof format === 'string' && format.trim() ? format.trim().replace(/y/g, 'Y').replace(/d/g, 'D') : undefined;
}

function unitOf(format: string): DateUnit {
  if (/S/.test(format)) return 'millisecond';
  if (/s/.test(format)) return 'second';
  if (/m/.test(format)) return 'minute';
  if (/[Hh]/.test(format)) return 'hour';
  if (/D/.test(format)) return 'day';
  if (/M/.test(format)) return 'month';
  return 'year';
}

function strict(text: string, format: string): ParsedDate | null {
  const d = dayjs(text, format, true);
  return d.isValid() ? { ms: d.valueOf(), unit: unitOf(format) } : null;
}

/**
 * `2025/1/5 9:05` → `2025-01-05 09:05`: slashes as dashes, one-digit parts padded, a `T` between date and time (no
 * zone) as a space: what people type in Excel.
 */
function normalise(text: string): string {
  return text.replace(/\//g, '-').replace(/^([\d-]+)T(?=\d)/, '$1 ').replace(/(^|\D)(\d)(?=\D|$)/g, (_, before: string, digit: string) => `${before}0${digit}`);
}

/**
 * Parses a date strictly. Accepts: a Date (valid); an integer timestamp, as a number or a digit string, of at least
 * ten digits (ten = seconds, more = milliseconds; see `epochMs`); text in `DATE_INPUT_FORMATS` (slashes and one-digit
 * parts allowed, e.g. `2025/1/5 9:05`) or in one of `formats` (dayjs tokens, e.g. the field's `jnpfToDayjs(format)`).
 * @returns null for anything else, including impossible dates (`2025-02-30`, `24:00`, `99:99`) and shorter numbers.
 */
export function parseDate(value: unknown, formats: readonly (string | undefined)[] = []): ParsedDate | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : { ms: value.getTime(), unit: 'millisecond' };
  if (typeof value === 'number') return timestamp(value);
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (!text) return null;
  for (const f of formats) {
    const p = f ? strict(text, f) : null;
    if (p) return p;
  }
  if (/^-?\d+$/.test(text)) return timestamp(Number(text));
  const norm = normalise(text);
  for (const f of DATE_INPUT_FORMATS) {
    const p = strict(norm, f);
    if (p) return p;
  }
  return null;
}

/** An integer timestamp of at least ten digits (see `epochMs`) within a JS Date's range; null otherwise. */
function timestamp(n: number): ParsedDate | null {
  if (!Number.isSafeInteger(n) || Math.abs(n) < 1e9) return null;
  const ms = epochMs(n);
  return Math.abs(ms) <= MAX_MS ? { ms, unit: 'millisecond' } : null;
}

/**
 * The bound a parsed date stands for in a range: the start of its text as is; as an `end`, a date precise to the day
 * (or month, year) covers the whole unit (`2025-01-15` → 2025-01-15 23:59:59.999). Epoch milliseconds.
 */
export function rangeBound(p: ParsedDate, end: boolean): number {
  if (!end || (p.unit !== 'day' && p.unit !== 'month' && p.unit !== 'year')) return p.ms;
  return dayjs(p.ms).endOf(p.unit).valueOf();
}

/**
 * The local wall-clock time of a date exceljs read from a sheet: exceljs gives cell dates as UTC wall-clock, which
 * the sheet's user meant as local time. Epoch milliseconds.
 */
export function excelCellMs(d: Date): number {
  return new Date(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds()).getTime();
}
