import { Parser } from 'expr-eval-fork';

/**
 * Calculated fields (spec 001 §4–§5, jnpf-v3.md §2 "calculate"): an `expression[]` mixes operator strings
 * (`+ - × ÷`, and parentheses), number literals and field references `{__vModel__, label}`. Evaluated with
 * expr-eval-fork's Parser (never eval/Function); × and ÷ bind before + and -.
 */

/** One token of a calculate expression. */
export type FormulaToken = string | number | { __vModel__: string; label?: string };

const OPERATORS = new Set(['+', '-', '×', '÷']);

/** Thrown when an expression breaks the validity rule (bad input: a 400 on the server). */
export class FormulaError extends Error {}

function kind(t: FormulaToken): 'num' | 'op' | '(' | ')' | 'bad' {
  if (typeof t === 'number') return Number.isFinite(t) ? 'num' : 'bad';
  if (t && typeof t === 'object') return typeof t.__vModel__ === 'string' && /^[A-Za-z_][\w]*(\.[A-Za-z_][\w]*)?$/.test(t.__vModel__) ? 'num' : 'bad';
  if (typeof t !== 'string') return 'bad';
  if (OPERATORS.has(t)) return 'op';
  if (t === '(' || t === ')') return t;
  return /^\d+(\.\d+)?$/.test(t) ? 'num' : 'bad';
}

/**
 * The formula validity rule of spec 001 §5: numbers (literals or field references) and operators alternate, the
 * expression starts and ends with a number, so the token count is odd. Balanced parentheses are allowed around
 * sub-expressions (they are not counted).
 */
export function isValidFormula(tokens: readonly FormulaToken[]): boolean {
  if (!Array.isArray(tokens) || !tokens.length) return false;
  let depth = 0;
  let expectNumber = true;
  let count = 0;
  for (const t of tokens) {
    const k = kind(t);
    if (k === 'bad') return false;
    if (k === '(') {
      if (!expectNumber) return false;
      depth++;
      continue;
    }
    if (k === ')') {
      if (expectNumber || depth === 0) return false;
      depth--;
      continue;
    }
    if ((k === 'num') !== expectNumber) return false;
    expectNumber = !expectNumber;
    count++;
  }
  return depth === 0 && !expectNumber && count % 2 === 1;
}

/** The `__vModel__`s an expression refers to (`tbl.field` for sub-table columns). */
export function formulaRefs(tokens: readonly FormulaToken[]): string[] {
  return tokens.flatMap((t) => (t && typeof t === 'object' ? [t.__vModel__] : []));
}

function toNumber(v: unknown): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? n : 0;
}

/** A field reference's number: a plain field's value, or (`tbl.field`) the sum of a sub-table column. Non-numbers -> 0. */
export function refValue(record: Record<string, unknown>, ref: string): number {
  const dot = ref.indexOf('.');
  if (dot < 0) return toNumber(record[ref]);
  const rows = record[ref.slice(0, dot)];
  const col = ref.slice(dot + 1);
  if (!Array.isArray(rows)) return 0;
  return rows.reduce((s: number, row) => s + toNumber((row as Record<string, unknown> | null)?.[col]), 0);
}

const parser = new Parser({
  operators: { add: true, subtract: true, multiply: true, divide: true, power: false, remainder: false, factorial: false, concatenate: false, conditional: false, logical: false, comparison: false, in: false, assignment: false, fndef: false },
});

/** Parsed expressions by their text (`v0 * v1`): a column's formula is parsed once, not once per line (issue 25 item 1). */
const parsed = new Map<string, ReturnType<Parser['parse']>>();
const PARSED_MAX = 500;

/** The parsed expression of `text` (cached; the cache starts over past {@link PARSED_MAX} texts). */
function parsedOf(text: string): ReturnType<Parser['parse']> {
  let e = parsed.get(text);
  if (!e) {
    if (parsed.size >= PARSED_MAX) parsed.clear();
    e = parser.parse(text);
    parsed.set(text, e);
  }
  return e;
}

/**
 * Evaluates a calculate field's expression against a record (spec 001 §4: NaN becomes 0; division by zero gives 0).
 * The result is rounded to `precision` decimals when given, else to 10 decimals to hide float noise.
 * @throws FormulaError when the expression breaks the validity rule.
 */
export function evaluateFormula(tokens: readonly FormulaToken[], record: Record<string, unknown>, precision?: number): number {
  if (!isValidFormula(tokens)) throw new FormulaError('计算公式不正确');
  const values: Record<string, number> = {};
  const text = tokens
    .map((t) => {
      if (t && typeof t === 'object') {
        const name = `v${Object.keys(values).length}`;
        values[name] = refValue(record, t.__vModel__);
        return name;
      }
      if (t === '×') return '*';
      if (t === '÷') return '/';
      return String(t);
    })
    .join(' ');
  const out = Number(parsedOf(text).evaluate(values));
  if (!Number.isFinite(out)) return 0;
  const p = typeof precision === 'number' && precision >= 0 ? precision : 10;
  const f = 10 ** p;
  return Math.abs(out * f) < Number.MAX_SAFE_INTEGER ? Math.round(out * f) / f : Number(out.toFixed(p));
}
