import { theme } from 'antd';
import { memo } from 'react';

/** Props of {@link Sparkline}: points `[t (epoch ms), value]` oldest first, the time span shown, the value ceiling. */
export interface SparklineProps {
  points: ReadonlyArray<readonly [number, number]>;
  /** The right edge (epoch ms, usually the newest point) and the span before it shown, ms. */
  end: number;
  spanMs: number;
  /** The top of the scale: fixed (100 for a percentage) or, when absent, the largest value × 1.1 (at least 1). */
  ceiling?: number;
  /** What assistive technology reads (the chart is an image). */
  label: string;
  height?: number;
}

const W = 300;

/**
 * A small time-series line (an SVG polyline over a light area) in the theme's primary colour: x is time over the last
 * `spanMs` ending at `end`, y from 0 to the ceiling. One point draws a dot. Stretches to its container's width.
 */
function Sparkline({ points, end, spanMs, ceiling, label, height = 48 }: SparklineProps) {
  const { token } = theme.useToken();
  const top = ceiling ?? Math.max(1, ...points.map(([, v]) => v)) * 1.1;
  const xy = points.map(([t, v]) => [((t - (end - spanMs)) / spanMs) * W, height - 2 - (Math.min(v, top) / top) * (height - 4)] as const);
  const line = xy.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ');
  const area = xy.length > 1 ? `${xy[0][0].toFixed(1)},${height} ${line} ${xy.at(-1)?.[0].toFixed(1)},${height}` : '';
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${W} ${height}`} preserveAspectRatio="none" width="100%" height={height} data-points={points.length} className="kd-sparkline">
      {area && <polygon points={area} fill={token.colorPrimaryBg} stroke="none" />}
      {xy.length > 1 && <polyline points={line} fill="none" stroke={token.colorPrimary} strokeWidth={1.5} vectorEffect="non-scaling-stroke" />}
      {xy.length === 1 && <circle cx={xy[0][0]} cy={xy[0][1]} r={2} fill={token.colorPrimary} />}
    </svg>
  );
}
export default memo(Sparkline);
