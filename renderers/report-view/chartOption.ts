import type { EChartOption } from '../_shared/EChart';

/** The chart data a report run answers (server modules/report/run.ts ChartData). */
export interface ReportChartData {
  type: 'bar' | 'line' | 'pie';
  title: string | null;
  categories: string[];
  series: Array<{ name: string; data: number[] }>;
}

/**
 * The ECharts option of a report chart: bar/line → categories on x, one series per series value with a legend; pie →
 * the first series' values by category (SVG, animation off so what is drawn is final at once).
 */
export function chartOption(c: ReportChartData): EChartOption {
  const title = c.title ? { text: c.title, left: 'center', textStyle: { fontSize: 14 } } : undefined;
  if (c.type === 'pie') {
    const s = c.series[0];
    return { animation: false, title, tooltip: { trigger: 'item' }, legend: { bottom: 0, type: 'scroll' }, series: [{ type: 'pie', name: s?.name ?? '', radius: '60%', data: c.categories.map((name, i) => ({ name, value: s?.data[i] ?? 0 })) }] };
  }
  return {
    animation: false,
    title,
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0, type: 'scroll' },
    grid: { left: 48, right: 16, top: c.title ? 40 : 16, bottom: 48, containLabel: true },
    xAxis: { type: 'category', data: c.categories },
    yAxis: { type: 'value' },
    series: c.series.map((s) => ({ type: c.type, name: s.name, data: s.data })),
  };
}
