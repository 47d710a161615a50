import dayjs from 'dayjs';
import { fail } from './messages';
import type { ReportParameter } from './types';

/**
 * The values of a report's parameters for one run (issue 16 item 2): what the caller sent, else the default; checked
 * against the parameter's type — text (≤ 500 characters), number (finite), date (YYYY-MM-DD, a real day), select (one
 * of the option ids). Values are only ever bound (`$n`), never spliced into SQL; names the report does not declare are
 * ignored. @throws 400 naming the parameter (paramRequired, paramNumber, paramDate, paramSelect, paramText).
 */

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A relative date default: `today`, `monthStart`, `yearStart`, `-30d` (days before today), else the text itself. */
export function resolveDefault(p: ReportParameter, now = dayjs()): string | number | null {
  const d = p.default;
  if (d === null || d === undefined || d === '') return null;
  if (p.type !== 'date' || typeof d !== 'string') return d;
  if (d === 'today') return now.format('YYYY-MM-DD');
  if (d === 'monthStart') return now.startOf('month').format('YYYY-MM-DD');
  if (d === 'yearStart') return now.startOf('year').format('YYYY-MM-DD');
  const m = /^-(\d{1,4})([dmy])$/.exec(d);
  if (m) return now.subtract(Number(m[1]), m[2] === 'd' ? 'day' : m[2] === 'm' ? 'month' : 'year').format('YYYY-MM-DD');
  return d;
}

/** The checked value of parameter `p` from `raw` (undefined/'' → the default). */
function checkedValue(p: ReportParameter, raw: unknown): string | number | null {
  let v = raw === undefined || raw === null || raw === '' ? resolveDefault(p) : raw;
  if (v === null || v === undefined || v === '') {
    if (p.required) throw fail(400, 'paramRequired', { name: p.label }, { field: `params.${p.name}` });
    return null;
  }
  if (p.type === 'number') {
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
    if (!Number.isFinite(n)) throw fail(400, 'paramNumber', { name: p.label }, { field: `params.${p.name}` });
    return n;
  }
  if (typeof v === 'number' && p.type === 'date') v = dayjs(v).format('YYYY-MM-DD');
  if (typeof v !== 'string' && typeof v !== 'number') throw fail(400, 'paramText', { name: p.label }, { field: `params.${p.name}` });
  const s = String(v);
  if (p.type === 'date') {
    const day = s.slice(0, 10);
    if (!DATE.test(day) || dayjs(day).format('YYYY-MM-DD') !== day) throw fail(400, 'paramDate', { name: p.label }, { field: `params.${p.name}` });
    return day;
  }
  if (p.type === 'select') {
    if (!p.options?.some((o) => o.id === s)) throw fail(400, 'paramSelect', { name: p.label }, { field: `params.${p.name}` });
    return s;
  }
  if (s.length > 500) throw fail(400, 'paramText', { name: p.label }, { field: `params.${p.name}` });
  return s;
}

/** The values of every declared parameter from `sent` (the request's `params` object), by name. */
export function bindParameters(declared: ReportParameter[], sent: Record<string, unknown> | null | undefined): Record<string, string | number | null> {
  const out: Record<string, string | number | null> = {};
  for (const p of declared) out[p.name] = checkedValue(p, sent?.[p.name]);
  return out;
}
