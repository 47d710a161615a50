/** Small statistics for benchmark rounds (performance.md "Benchmark suite": median of per-round ratios, spread). */

/** The median of `xs` (NaN when empty). */
export function median(xs: number[]): number {
  return percentile(xs, 50);
}

/** The p-th percentile (0..100) of `xs`, linear between ranks (NaN when empty). */
export function percentile(xs: number[], p: number): number {
  if (!xs.length) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  const rank = (p / 100) * (s.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  return s[lo] + (s[hi] - s[lo]) * (rank - lo);
}

/** `min–max` of `xs` with `digits` decimals. */
export function spread(xs: number[], digits = 2): string {
  if (!xs.length) return 'n/a';
  return `${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)}`;
}

/** A number with `digits` decimals, or 'n/a'. */
export function fixed(x: number, digits = 2): string {
  return Number.isFinite(x) ? x.toFixed(digits) : 'n/a';
}
