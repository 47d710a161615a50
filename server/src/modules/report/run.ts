import type { Db } from '../../db/types';
import type { Lang } from '../../i18n';
import type { SessionInfo } from '../../plugins/permissions';
import { MAX_ROWS } from '../data-interface/sql-runner';
import { zhToTwText } from '../i18n/convert';
import { type DatasetRunner, datasetRunner, quoteIdent as qi, SRC } from './dataset';
import { fail, REPORT_MESSAGES } from './messages';
import { bindParameters } from './params';
import type { ReportAggregate, ReportColumn, ReportConfig } from './types';

/**
 * Running a report (issue 16 item 2; POST /api/datareport/Data/{id}/Preview and Actions/ExportExcel): parameters
 * bound (params.ts), then over the dataset (dataset.ts) — a page of rows ordered by the grouping fields, the grouped
 * totals of every level in one `GROUP BY ROLLUP` (subtotals and grand total, exact: computed by the database over
 * every row, not the page), and the chart's sums. Subtotal rows are laid into the page after the last row of each
 * group (known from a row number and each level's last row number, window functions over the whole dataset), the
 * grand total after the report's last row.
 */

/** Rows per preview page: default and most. */
export const PAGE = { default: 50, max: 500 } as const;
/** Most rows an Excel export carries. */
export const EXPORT_MAX = 50_000;

/** An export's row limit and the message (messages.ts key) that refuses a report over it. */
export interface RowLimit {
  max: number;
  message: 'tooManyRows' | 'pdfTooManyRows';
}

/** A laid-out row: a data row, or a subtotal / grand-total row (`__kind`, `__level` 1…n, `__label`). */
export type LaidRow = Record<string, unknown> & { __kind?: 'row' | 'subtotal' | 'total'; __level?: number; __label?: string };

/** One group of the rollup: its level (0 = everything), key values, row count and aggregates by column field. */
export interface GroupTotal {
  level: number;
  key: unknown[];
  count: number;
  values: Record<string, unknown>;
}

/** The chart's data: categories in order and one series per series value (or one named after the value column). */
export interface ChartData {
  type: 'bar' | 'line' | 'pie';
  title: string | null;
  categories: string[];
  series: Array<{ name: string; data: number[] }>;
}

/** What Preview answers. */
export interface PreviewResult {
  columns: ReportColumn[];
  /** The parameter values used (defaults resolved). */
  params: Record<string, string | number | null>;
  rows: LaidRow[];
  pagination: { currentPage: number; pageSize: number; total: number };
  groups: GroupTotal[];
  grandTotal: GroupTotal | null;
  chart: ChartData | null;
}

/** The subtotal / grand-total word in `lang`. */
export function totalWord(lang: Lang, key: 'subtotal' | 'grandTotal'): string {
  if (lang === 'tw') return zhToTwText(REPORT_MESSAGES.zh[key]);
  if (lang === 'mas') return REPORT_MESSAGES.mas?.[key] ?? REPORT_MESSAGES.en[key];
  return REPORT_MESSAGES[lang === 'en' ? 'en' : 'zh'][key];
}

const uniq = (xs: string[]) => [...new Set(xs)];
const keyOf = (vals: unknown[]) => JSON.stringify(vals);

/** The report prepared for one run. */
class Run {
  readonly fields: string[];
  readonly groups: string[];
  readonly aggs: ReportAggregate[];

  constructor(
    readonly cfg: ReportConfig,
    readonly run: DatasetRunner,
    readonly lang: Lang,
  ) {
    this.fields = uniq(cfg.columns.map((c) => c.field));
    this.groups = cfg.grouping?.fields ?? [];
    this.aggs = (cfg.grouping?.aggregates ?? []).filter((a) => !this.groups.includes(a.field));
  }

  /** `limit` rows from `offset`, each with `kd_i` and `kd_e<k>` when grouped. */
  async page(offset: number, limit: number): Promise<Record<string, unknown>[]> {
    const cols = this.fields.map(qi).join(', ');
    if (!this.groups.length) return this.run(`select ${cols} from ${SRC} limit ${limit} offset ${offset}`);
    const order = this.groups.map((g) => `${qi(g)} nulls last`).join(', ');
    const ends = this.groups.map((_, k) => `max(kd_i) over (partition by ${this.groups.slice(0, k + 1).map(qi).join(', ')}) as kd_e${k + 1}`).join(', ');
    return this.run(`select kd_n.*, ${ends} from (select ${cols}, row_number() over (order by ${order}) as kd_i from ${SRC}) as kd_n order by kd_i limit ${limit} offset ${offset}`);
  }

  /**
   * Every rollup group (level n … 0), or [] without grouping. One statement of at most MAX_ROWS groups; with `all` (an
   * export, whose every subtotal is laid) statement after statement of MAX_ROWS groups in a fixed order until the last.
   */
  async totals(all = false): Promise<GroupTotal[]> {
    if (!this.groups.length) return [];
    const g = this.groups.map(qi).join(', ');
    const aggs = this.aggs.map((a) => (a.fn === 'count' ? `count(${qi(a.field)})::int as ${qi(a.field)}` : a.fn === 'sum' || a.fn === 'avg' ? `${a.fn}(${qi(a.field)})::double precision as ${qi(a.field)}` : `${a.fn}(${qi(a.field)}) as ${qi(a.field)}`));
    const text = `select ${g}, grouping(${g})::int as kd_g, count(*)::int as kd_count${aggs.length ? `, ${aggs.join(', ')}` : ''} from ${SRC} group by rollup(${g})`;
    let rows = await this.run(`${text}${all ? ` order by kd_g, ${g}` : ''} limit ${MAX_ROWS}`);
    for (let offset = MAX_ROWS, got = rows.length; all && got === MAX_ROWS; offset += MAX_ROWS) {
      const more = await this.run(`${text} order by kd_g, ${g} limit ${MAX_ROWS} offset ${offset}`);
      rows = rows.concat(more);
      got = more.length;
    }
    const n = this.groups.length;
    return rows.map((r) => {
      const mask = Number(r.kd_g);
      let level = n;
      for (let b = 0; b < n; b++) if (mask & (1 << b)) level--;
      return { level, key: this.groups.slice(0, level).map((f) => r[f] ?? null), count: Number(r.kd_count), values: Object.fromEntries(this.aggs.map((a) => [a.field, r[a.field] ?? null])) };
    });
  }

  /** The rows total without grouping. */
  async count(): Promise<number> {
    const r = await this.run(`select count(*)::int as kd_n from ${SRC} limit 1`);
    return Number(r[0]?.kd_n ?? 0);
  }

  /** The rows total, counted no further than `cap` + 1 (the database stops reading there). */
  async countUpTo(cap: number): Promise<number> {
    const r = await this.run(`select count(*)::int as kd_n from (select 1 from ${SRC} limit ${cap + 1}) as kd_c limit 1`);
    return Number(r[0]?.kd_n ?? 0);
  }

  /** The chart's sums by category and series. */
  async chart(): Promise<ChartData | null> {
    const c = this.cfg.chart;
    if (!c) return null;
    const series = c.seriesField ? `${qi(c.seriesField)}::text` : `''`;
    const rows = await this.run(`select ${qi(c.categoryField)}::text as kd_c, ${series} as kd_s, sum(${qi(c.valueField)})::double precision as kd_v from ${SRC} group by 1, 2 order by 1, 2 limit ${MAX_ROWS}`);
    const categories = uniq(rows.map((r) => String(r.kd_c ?? '')));
    const names = uniq(rows.map((r) => String(r.kd_s ?? '')));
    const label = this.cfg.columns.find((x) => x.field === c.valueField)?.label ?? c.valueField;
    const series_ = names.map((name) => ({ name: name || label, data: categories.map((cat) => Number(rows.find((r) => String(r.kd_c ?? '') === cat && String(r.kd_s ?? '') === name)?.kd_v ?? 0)) }));
    return { type: c.type, title: c.title ?? null, categories, series: series_ };
  }

  /** A subtotal (level ≥ 1) or grand-total row of `t`. */
  totalRow(t: GroupTotal): LaidRow {
    const row: LaidRow = Object.fromEntries(this.fields.map((f) => [f, t.values[f] ?? null]));
    t.key.forEach((v, i) => {
      row[this.groups[i]] = v;
    });
    if (t.level === 0) {
      row[this.fields[0]] = totalWord(this.lang, 'grandTotal');
      return { ...row, __kind: 'total', __level: 0, __label: totalWord(this.lang, 'grandTotal'), __count: t.count };
    }
    const label = `${t.key[t.level - 1] ?? ''} ${totalWord(this.lang, 'subtotal')}`.trim();
    row[this.groups[t.level - 1]] = label;
    return { ...row, __kind: 'subtotal', __level: t.level, __label: label, __count: t.count };
  }

  /** `rows` (from page()) with subtotal rows after each group's last row and the grand total after row `total`. */
  lay(rows: Record<string, unknown>[], totals: GroupTotal[], total: number): LaidRow[] {
    const byKey = new Map(totals.map((t) => [`${t.level}:${keyOf(t.key)}`, t]));
    const grouping = this.cfg.grouping;
    const out: LaidRow[] = [];
    for (const r of rows) {
      const row: LaidRow = { __kind: 'row' };
      for (const f of this.fields) row[f] = r[f] ?? null;
      out.push(row);
      if (!grouping) continue;
      const i = Number(r.kd_i);
      if (grouping.subtotals !== false) {
        for (let k = this.groups.length; k >= 1; k--) {
          if (Number(r[`kd_e${k}`]) !== i) continue;
          const t = byKey.get(`${k}:${keyOf(this.groups.slice(0, k).map((f) => r[f] ?? null))}`);
          if (t) out.push(this.totalRow(t));
        }
      }
      if (grouping.grandTotal !== false && i === total) {
        const t = totals.find((x) => x.level === 0);
        if (t) out.push(this.totalRow(t));
      }
    }
    return out;
  }
}

/** Prepares `cfg` for `session` with the sent parameter values. @throws 400 for a bad parameter, as dataset.ts. */
export async function prepareRun(db: Db, cfg: ReportConfig, sent: Record<string, unknown> | null | undefined, session: SessionInfo, lang: Lang) {
  const params = bindParameters(cfg.parameters, sent);
  return { params, run: new Run(cfg, await datasetRunner(db, cfg, params, session), lang) };
}

/** POST …/Preview: one page of laid-out rows with totals and the chart. */
export async function previewReport(db: Db, cfg: ReportConfig, body: { params?: Record<string, unknown> | null; currentPage?: number; pageSize?: number }, session: SessionInfo, lang: Lang): Promise<PreviewResult> {
  const { params, run } = await prepareRun(db, cfg, body.params, session, lang);
  const pageSize = Math.min(PAGE.max, Math.max(1, Math.floor(body.pageSize ?? PAGE.default)));
  const currentPage = Math.max(1, Math.floor(body.currentPage ?? 1));
  // Independent statements: on PostgreSQL they run side by side on the pool (PGlite serialises them).
  const [totals, rows, chart, counted] = await Promise.all([run.totals(), run.page((currentPage - 1) * pageSize, pageSize), run.chart(), run.groups.length ? Promise.resolve(0) : run.count()]);
  const grand = totals.find((t) => t.level === 0) ?? null;
  const total = run.groups.length ? (grand?.count ?? 0) : counted;
  return { columns: cfg.columns, params, rows: run.lay(rows, totals, total), pagination: { currentPage, pageSize, total }, groups: totals.filter((t) => t.level > 0), grandTotal: grand, chart };
}

/**
 * Every laid-out row of the report (the Excel and PDF exports), at most `max` data rows (default EXPORT_MAX). The rows
 * are counted first — no further than `max` + 1, in the database — so a report over the limit reads no row into
 * memory: it answers 400 `tooManyRows` ({max}, {count}: at least max + 1) in the caller's language. Then the rollup
 * groups (every one, page by page) and the rows MAX_ROWS at a time. `limit.message` names the refusal (Excel: tooManyRows).
 */
export async function allRows(db: Db, cfg: ReportConfig, sent: Record<string, unknown> | null | undefined, session: SessionInfo, lang: Lang, limit: RowLimit = { max: EXPORT_MAX, message: 'tooManyRows' }): Promise<{ rows: LaidRow[]; params: Record<string, string | number | null> }> {
  const { params, run } = await prepareRun(db, cfg, sent, session, lang);
  const { max } = limit;
  const total = await run.countUpTo(max);
  if (total > max) throw fail(400, limit.message, { max: max.toLocaleString('en-US'), count: total.toLocaleString('en-US') });
  const totals = await run.totals(true);
  const rows: Record<string, unknown>[] = [];
  for (let offset = 0; offset < total; offset += MAX_ROWS) rows.push(...(await run.page(offset, MAX_ROWS)));
  return { rows: run.lay(rows, totals, total), params };
}
