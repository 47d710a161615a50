import { FIELD, fail } from './messages';
import type { ReportAggregate, ReportChart, ReportColumn, ReportConfig, ReportDataset, ReportFilter, ReportGrouping, ReportParameter } from './types';

/**
 * Checks and normalises a report's config (issue 16 item 2 "Bad input"): every name an identifier, no duplicates,
 * every grouping / aggregate / chart field one of the columns, every filter parameter declared, select parameters with
 * options, the dataset one of sql | interface | model | source. Whether the SQL itself may run is checked afterwards
 * (dataset.ts checkDataset: exactly as data interfaces). @throws 400 naming the part and the name.
 */

/** An identifier: parameter names and column fields. */
export const IDENT = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;
/** Most parameters, columns, grouping fields. */
export const LIMITS = { parameters: 20, columns: 100, groupFields: 5, filters: 20, sql: 50_000 } as const;

const TYPES = ['text', 'number', 'date', 'select'] as const;
const FORMATS = ['number', 'thousands', 'percent', 'date', 'moneyCapital'] as const;
const ALIGNS = ['left', 'center', 'right'] as const;
const FNS = ['sum', 'avg', 'count', 'max', 'min'] as const;
const OPS = ['=', '<>', '>', '>=', '<', '<=', 'like'] as const;
const CHARTS = ['bar', 'line', 'pie'] as const;

type Obj = Record<string, unknown>;
const bad = () => fail(400, 'badJson', { field: FIELD.config }, { field: 'config' });
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown, max = 200) => (typeof v === 'string' ? v.trim().slice(0, max) : typeof v === 'number' ? String(v) : '');
const list = (v: unknown, max: number): unknown[] => {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v) || v.length > max) throw bad();
  return v;
};
const oneOf = <T extends string>(all: readonly T[], v: unknown, fallback: T | null = null): T | null => (all.includes(v as T) ? (v as T) : fallback);

function ident(v: unknown, field: (typeof FIELD)[keyof typeof FIELD], path: string): string {
  const name = str(v, 100);
  if (!name) throw fail(400, 'required', { field }, { field: path });
  if (!IDENT.test(name)) throw fail(400, 'badName', { field, name }, { field: path });
  return name;
}

function parameters(v: unknown): ReportParameter[] {
  const seen = new Set<string>();
  return list(v, LIMITS.parameters).map((p, i) => {
    if (!isObj(p)) throw bad();
    const name = ident(p.name, FIELD.parameter, `parameters.${i}.name`);
    if (seen.has(name)) throw fail(400, 'duplicate', { field: FIELD.parameter, name }, { field: `parameters.${i}.name` });
    seen.add(name);
    const type = oneOf(TYPES, p.type, 'text') as ReportParameter['type'];
    const options = (typeof p.options === 'string' ? p.options.split(/[,，]/).map((x) => { const [id, ...rest] = x.split(':'); return { id: id.trim(), fullName: rest.join(':').trim() || id.trim() }; }) : list(p.options, 500)).map((o) => (isObj(o) ? { id: str(o.id), fullName: str(o.fullName) || str(o.id) } : { id: str(o), fullName: str(o) })).filter((o) => o.id);
    if (type === 'select' && !options.length) throw fail(400, 'options', { name }, { field: `parameters.${i}.options` });
    const def = p.default === undefined || p.default === '' ? null : typeof p.default === 'number' ? p.default : str(p.default, 500);
    return { name, label: str(p.label) || name, type, ...(type === 'select' ? { options } : {}), default: def, required: p.required === true || p.required === 1 };
  });
}

function filters(v: unknown, params: Set<string>): ReportFilter[] {
  return list(v, LIMITS.filters).map((f, i) => {
    if (!isObj(f)) throw bad();
    const field = ident(f.field, FIELD.filter, `dataset.filters.${i}.field`);
    const op = oneOf(OPS, f.op, '=') as ReportFilter['op'];
    const param = str(f.param, 100);
    if (param && !params.has(param)) throw fail(400, 'unknownParam', { field: FIELD.filter, name: param }, { field: `dataset.filters.${i}.param` });
    if (param) return { field, op, param };
    const value = typeof f.value === 'number' ? f.value : f.value === null || f.value === undefined ? null : str(f.value, 500);
    return { field, op, value };
  });
}

function dataset(v: unknown, params: Set<string>): ReportDataset {
  if (!isObj(v)) throw fail(400, 'dataset', {}, { field: 'dataset.type' });
  if (v.type === 'sql') {
    const text = typeof v.sql === 'string' ? v.sql : '';
    if (!text.trim()) throw fail(400, 'required', { field: FIELD.sql }, { field: 'dataset.sql' });
    if (text.length > LIMITS.sql) throw bad();
    return { type: 'sql', sql: text };
  }
  if (v.type === 'interface') {
    const interfaceId = str(v.interfaceId, 100);
    if (!interfaceId) throw fail(400, 'interface', { id: '' }, { field: 'dataset.interfaceId' });
    return { type: 'interface', interfaceId };
  }
  if (v.type === 'model') {
    const modelId = str(v.modelId, 100);
    if (!modelId) throw fail(400, 'model', { id: '' }, { field: 'dataset.modelId' });
    return { type: 'model', modelId, filters: filters(v.filters, params) };
  }
  if (v.type === 'source') {
    const source = str(v.source, 100);
    if (!source) throw fail(400, 'source', { id: '' }, { field: 'dataset.source' });
    return { type: 'source', source, filters: filters(v.filters, params) };
  }
  throw fail(400, 'dataset', {}, { field: 'dataset.type' });
}

function columns(v: unknown): ReportColumn[] {
  const seen = new Set<string>();
  const out = list(v, LIMITS.columns).map((c, i) => {
    if (!isObj(c)) throw bad();
    const field = ident(c.field, FIELD.column, `columns.${i}.field`);
    if (seen.has(field)) throw fail(400, 'duplicate', { field: FIELD.column, name: field }, { field: `columns.${i}.field` });
    seen.add(field);
    const width = Number(c.width);
    return { field, label: str(c.label) || field, format: oneOf(FORMATS, c.format), width: Number.isFinite(width) && width > 0 ? Math.min(2000, Math.round(width)) : null, align: oneOf(ALIGNS, c.align) };
  });
  if (!out.length) throw fail(400, 'required', { field: FIELD.columns }, { field: 'columns' });
  return out;
}

function known(fields: Set<string>, name: string, part: (typeof FIELD)[keyof typeof FIELD], path: string): string {
  if (!fields.has(name)) throw fail(400, 'unknownField', { field: part, name }, { field: path });
  return name;
}

function grouping(v: unknown, fields: Set<string>): ReportGrouping | null {
  if (!isObj(v)) return null;
  const groupFields = list(v.fields, LIMITS.groupFields).map((f, i) => known(fields, str(f, 100), FIELD.grouping, `grouping.fields.${i}`));
  if (!groupFields.length) return null;
  const aggregates: ReportAggregate[] = list(v.aggregates, LIMITS.columns).map((a, i) => {
    if (!isObj(a)) throw bad();
    return { field: known(fields, str(a.field, 100), FIELD.grouping, `grouping.aggregates.${i}.field`), fn: oneOf(FNS, a.fn, 'sum') as ReportAggregate['fn'] };
  });
  return { fields: [...new Set(groupFields)], aggregates, subtotals: v.subtotals !== false && v.subtotals !== 0, grandTotal: v.grandTotal !== false && v.grandTotal !== 0 };
}

function chart(v: unknown, fields: Set<string>): ReportChart | null {
  if (!isObj(v) || !v.type) return null;
  const type = oneOf(CHARTS, v.type);
  if (!type) throw fail(400, 'badJson', { field: FIELD.chart }, { field: 'chart.type' });
  const series = str(v.seriesField, 100);
  return {
    type,
    categoryField: known(fields, str(v.categoryField, 100), FIELD.chart, 'chart.categoryField'),
    seriesField: series ? known(fields, series, FIELD.chart, 'chart.seriesField') : null,
    valueField: known(fields, str(v.valueField, 100), FIELD.chart, 'chart.valueField'),
    title: str(v.title) || null,
  };
}

/** A config from a body: an object or its JSON text. @throws 400 as described above. */
export function checkConfig(raw: unknown): ReportConfig {
  let v = raw;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      throw bad();
    }
  }
  if (!isObj(v)) throw bad();
  const params = parameters(v.parameters);
  const cols = columns(v.columns);
  const fields = new Set(cols.map((c) => c.field));
  return { parameters: params, dataset: dataset(v.dataset, new Set(params.map((p) => p.name))), columns: cols, grouping: grouping(v.grouping, fields), chart: chart(v.chart, fields) };
}
