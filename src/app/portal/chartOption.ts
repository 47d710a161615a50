import type { CardType } from '../../../schemas/portal';

type Rows = Array<Record<string, unknown>>;

/** True when `v` looks like a whole ECharts option (has series), as a JNPF dynamic chart's interface answers. */
export function isChartOption(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === 'object' && !Array.isArray(v) && 'series' in (v as object);
}

/** The rows of an interface answer: an array, or `{ list }`. */
export function rowsOf(v: unknown): Rows {
  if (Array.isArray(v)) return v as Rows;
  const list = (v as { list?: unknown } | null)?.list;
  return Array.isArray(list) ? (list as Rows) : [];
}

/**
 * The ECharts option of a chart card from rows: `categoryField` gives the x axis (pie/annular: the slice names,
 * radar: the indicators), each of `valueFields` a series (pie/annular: the first only). Area = line with areaStyle,
 * annular = pie with an inner radius. With no value fields, every numeric column of the first row is a series.
 */
export function chartOption(kind: CardType, rows: Rows, categoryField = '', valueFields: string[] = []): Record<string, unknown> {
  const cat = categoryField || Object.keys(rows[0] ?? {}).find((k) => typeof rows[0]?.[k] === 'string') || '';
  const values = valueFields.length ? valueFields : Object.keys(rows[0] ?? {}).filter((k) => k !== cat && typeof rows[0]?.[k] === 'number');
  const names = rows.map((r) => String(r[cat] ?? ''));
  const num = (v: unknown) => (typeof v === 'number' ? v : Number(v) || 0);
  if (kind === 'pie' || kind === 'annular') {
    const f = values[0] ?? '';
    return {
      tooltip: { trigger: 'item' },
      legend: { bottom: 0 },
      series: [{ type: 'pie', radius: kind === 'annular' ? ['45%', '70%'] : '70%', data: rows.map((r, i) => ({ name: names[i], value: num(r[f]) })) }],
    };
  }
  if (kind === 'radar') {
    const max = Math.max(1, ...rows.flatMap((r) => values.map((f) => num(r[f]))));
    return {
      tooltip: {},
      legend: { bottom: 0 },
      radar: { indicator: names.map((name) => ({ name, max })) },
      series: [{ type: 'radar', data: values.map((f) => ({ name: f, value: rows.map((r) => num(r[f])) })) }],
    };
  }
  return {
    tooltip: { trigger: 'axis' },
    legend: values.length > 1 ? { bottom: 0 } : undefined,
    grid: { left: 40, right: 16, top: 16, bottom: values.length > 1 ? 40 : 24 },
    xAxis: { type: 'category', data: names },
    yAxis: { type: 'value' },
    series: values.map((f) => ({ name: f, type: kind === 'bar' ? 'bar' : 'line', smooth: kind !== 'bar', ...(kind === 'area' ? { areaStyle: {} } : {}), data: rows.map((r) => num(r[f])) })),
  };
}

/**
 * The ECharts option of a chart card from a data report's chart (Preview's `{ categories, series }`): drawn as the
 * card's own kind (bar, line, area, pie, annular, radar) — pies and radars from the first series.
 */
export function reportChartOption(kind: CardType, chart: { categories: string[]; series: Array<{ name: string; data: number[] }> }): Record<string, unknown> {
  const rows = chart.categories.map((c, i) => Object.fromEntries([['__category', c], ...chart.series.map((s) => [s.name, s.data[i] ?? 0])]));
  return chartOption(kind, rows, '__category', chart.series.map((s) => s.name));
}
