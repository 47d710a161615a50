import { BarChart, LineChart, PieChart, RadarChart } from 'echarts/charts';
import { DatasetComponent, GridComponent, LegendComponent, RadarComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { type CSSProperties, useEffect, useRef } from 'react';

/**
 * The one chart of the product (reports and portal cards, issue 16 items 2–3; design.md §2 "echarts"): a tree-shaken
 * ECharts core with the bar, line (area = line with areaStyle), pie (annular = pie with an inner radius) and radar
 * charts, drawn as SVG (crisp in print and PDF, readable by the DOM in tests). The chart follows its box's size
 * (ResizeObserver) and is disposed on unmount.
 */
echarts.use([BarChart, LineChart, PieChart, RadarChart, DatasetComponent, GridComponent, LegendComponent, RadarComponent, TitleComponent, TooltipComponent, SVGRenderer]);

/** An ECharts option (the raw object a JNPF portal card or a data interface may answer). */
export type EChartOption = echarts.EChartsCoreOption;

/** Props of {@link EChart}: the option (replaced whole on change), the box style (default 100 % × 300 px) and an accessible name. */
export interface EChartProps {
  option: EChartOption;
  style?: CSSProperties;
  /** Read by screen readers (role img); the chart's title, e.g. 采购金额（按月）. */
  ariaLabel: string;
  testId?: string;
}

/** Draws `option` in a box that resizes with its container. */
export function EChart({ option, style, ariaLabel, testId }: EChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const c = echarts.init(el, undefined, { renderer: 'svg' });
    chart.current = c;
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => c.resize());
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <div ref={box} role="img" aria-label={ariaLabel} data-testid={testId} style={{ width: '100%', height: 300, ...style }} />;
}
