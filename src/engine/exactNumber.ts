import type { JSONSchema7 } from 'json-schema';

/**
 * Exact numbers (issue 13, bound tables): a number field kept in an existing `bigint` or `numeric` column may hold a
 * value a JavaScript number cannot (9007199254740993 is beyond 2^53; a numeric's 30 digits). Such a value travels as
 * its decimal text ("9007199254740993") in records on the wire, in the form and in exports; every value a number
 * holds exactly travels as a number, as before. Validation reads a decimal text as its number (ranges, integer), and
 * the database stores the text as it is.
 */

/** A plain decimal literal: optional minus, digits, optional fraction (no exponent, no spaces). */
const DECIMAL = /^-?\d+(\.\d+)?$/;

/** The canonical text of a decimal literal: no leading zeros, no trailing fraction zeros, no `-0`. */
function canonical(text: string): string {
  const neg = text.startsWith('-');
  const [int, frac = ''] = (neg ? text.slice(1) : text).split('.');
  const i = int.replace(/^0+(?=\d)/, '');
  const f = frac.replace(/0+$/, '');
  const body = f ? `${i}.${f}` : i;
  return neg && body !== '0' ? `-${body}` : body;
}

/**
 * A decimal text as its wire value: a number when the number reads back as the same decimal (12.50 → 12.5,
 * 9007199254740991 → the number), else the canonical text (9007199254740993 → "9007199254740993"). Null when `text` is
 * no plain decimal literal.
 */
export function exactNumber(text: string): number | string | null {
  const s = text.trim();
  if (!DECIMAL.test(s)) return null;
  const c = canonical(s);
  const n = Number(s);
  return Number.isFinite(n) && String(n) === c ? n : c;
}

/** True when `v` is a decimal text carried by a number field (see the module comment). */
export const isDecimalText = (v: unknown): v is string => typeof v === 'string' && DECIMAL.test(v.trim());

const isNumberSchema = (s: JSONSchema7 | undefined) => {
  const types = Array.isArray(s?.type) ? s.type : [s?.type];
  return types.includes('number') || types.includes('integer');
};

/**
 * A sub-table line with the decimal texts of its number cells read as numbers, for the schema check only (the same
 * object when there is none). `items`: the sub-table's line schema (its `properties` are the columns).
 */
export function lineForCheck(items: JSONSchema7 | undefined, line: unknown): unknown {
  if (!line || typeof line !== 'object' || Array.isArray(line)) return line;
  const cols = (items?.properties ?? {}) as Record<string, JSONSchema7>;
  let out: Record<string, unknown> | null = null;
  for (const [c, v] of Object.entries(line as Record<string, unknown>)) {
    if (!isNumberSchema(cols[c]) || !isDecimalText(v)) continue;
    out ??= { ...(line as Record<string, unknown>) };
    out[c] = Number(v);
  }
  return out ?? line;
}

/**
 * `record` with the decimal texts of its number fields (top level and sub-table cells) read as numbers, for the schema
 * check only (validate.ts, validateLines.ts): ranges and the integer rule see the value, the text itself stays in the
 * record. The same object when there is none.
 */
export function numbersForCheck(schema: JSONSchema7, record: unknown): unknown {
  if (!record || typeof record !== 'object' || Array.isArray(record)) return record;
  const props = schema.properties ?? {};
  let out: Record<string, unknown> | null = null;
  for (const [k, v] of Object.entries(record as Record<string, unknown>)) {
    const s = props[k] as JSONSchema7 | undefined;
    let next = v;
    if (isNumberSchema(s) && isDecimalText(v)) next = Number(v);
    else if (Array.isArray(v) && (s as Record<string, unknown> | undefined)?.['x-table']) {
      const lines = v.map((line) => lineForCheck(s?.items as JSONSchema7 | undefined, line));
      if (lines.some((l, i) => l !== v[i])) next = lines;
    }
    if (next === v) continue;
    out ??= { ...(record as Record<string, unknown>) };
    out[k] = next;
  }
  return out ?? record;
}

/** A plain decimal literal as an integer scaled by 10^scale (its fraction has at most `scale` digits). */
function scaled(text: string, scale: number): bigint {
  const neg = text.startsWith('-');
  const [int, frac = ''] = (neg ? text.slice(1) : text).split('.');
  const n = BigInt(int + frac.padEnd(scale, '0'));
  return neg ? -n : n;
}

/** An integer scaled by 10^scale as a decimal literal with exactly `scale` fraction digits. */
function unscaled(n: bigint, scale: number): string {
  const digits = (n < 0n ? -n : n).toString().padStart(scale + 1, '0');
  const body = scale ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
  return n < 0n ? `-${body}` : body;
}

/**
 * The exact sum of decimal values (numbers, or decimal texts as exact columns carry them) as canonical decimal text:
 * 9007199254740993 + 2 → "9007199254740995", 0.1 + 0.2 → "0.3". Null when a value is no plain decimal literal (a
 * number such as 1e21 whose text has an exponent, or a text that is not a decimal).
 */
export function sumDecimals(values: ReadonlyArray<number | string>): string | null {
  const texts: string[] = [];
  let scale = 0;
  for (const v of values) {
    const s = typeof v === 'number' ? String(v) : v.trim();
    if (!DECIMAL.test(s)) return null;
    texts.push(s);
    scale = Math.max(scale, s.split('.')[1]?.length ?? 0);
  }
  const total = texts.reduce((sum, s) => sum + scaled(s, scale), 0n);
  return canonical(unscaled(total, scale));
}

/**
 * A decimal text with exactly `places` fraction digits, rounded half away from zero (toFixed for values a number
 * cannot hold): ("9007199254740995", 2) → "9007199254740995.00", ("-1.005", 2) → "-1.01". A text that is no plain
 * decimal literal is returned as it is.
 */
export function decimalFixed(text: string, places: number): string {
  const s = text.trim();
  if (!DECIMAL.test(s)) return text;
  const neg = s.startsWith('-');
  const [int, frac = ''] = (neg ? s.slice(1) : s).split('.');
  let n = BigInt(int + frac.slice(0, places).padEnd(places, '0'));
  if ((frac[places] ?? '0') >= '5') n += 1n;
  const body = unscaled(n, places);
  return neg && /[1-9]/.test(body) ? `-${body}` : body;
}
