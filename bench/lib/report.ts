import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { fixed, median, spread } from './stats';

/** One benchmark's result: per-round ratios (subject / baseline) and its goal (performance.md "Benchmark suite"). */
export interface Outcome {
  id: string;
  name: string;
  /** What the ratio divides by, with its absolute figure. */
  baseline: string;
  /** The measured thing, with its absolute figure. */
  subject: string;
  ratios: number[];
  /** ≥ goal when higherIsBetter, else ≤ goal; null: a measurement without a goal (shown as —). */
  goal: number | null;
  higherIsBetter: boolean;
  /** A second condition (e.g. event-loop delay) and whether it held. */
  extraOk?: boolean;
  extraGoal?: string;
}

/** Whether an outcome met its goal (median ratio, plus the extra condition); null when it has no goal. */
export function met(o: Outcome): boolean | null {
  if (o.goal === null) return null;
  const m = median(o.ratios);
  return (o.higherIsBetter ? m >= o.goal : m <= o.goal) && o.extraOk !== false;
}

function goalText(o: Outcome): string {
  if (o.goal === null) return '— (measured)';
  return `${o.higherIsBetter ? '≥' : '≤'} ${o.goal}${o.higherIsBetter ? '' : '×'}${o.extraGoal ? `, ${o.extraGoal}` : ''}`;
}

/** Prints the results as the Markdown table of bench/RESULTS.md, then the notes. */
export function printReport(bench: string, outcomes: Outcome[], notes: string[], env: string): void {
  const lines = [
    `### ${bench} (${env})`,
    '',
    '| benchmark | subject | baseline | ratio median | spread | goal | met? |',
    '|---|---|---|---|---|---|---|',
    ...outcomes.map(
      (o) =>
        `| ${o.id} ${o.name} | ${o.subject} | ${o.baseline} | ${fixed(median(o.ratios))}${o.higherIsBetter ? '' : '×'} | ${spread(o.ratios)} | ${goalText(o)} | ${met(o) === null ? '—' : met(o) ? 'yes' : 'no'} |`,
    ),
    '',
    ...notes.map((n) => `- ${n}`),
    '',
  ];
  console.log(lines.join('\n'));
}

/**
 * Flags a regression (performance.md rule): a ratio more than 15% worse than its value recorded in
 * bench/recorded.json (`{ "B2": 0.55, … }`). Prints one line per benchmark with a recorded value.
 */
export function checkRegressions(outcomes: Outcome[]): void {
  let recorded: Record<string, number> = {};
  try {
    recorded = JSON.parse(readFileSync(fileURLToPath(new URL('../recorded.json', import.meta.url)), 'utf8'));
  } catch {
    return;
  }
  for (const o of outcomes) {
    const was = recorded[o.id];
    if (typeof was !== 'number') continue;
    const now = median(o.ratios);
    const worse = o.higherIsBetter ? now < was * 0.85 : now > was / 0.85;
    console.log(`${worse ? 'REGRESSION' : 'ok'} ${o.id}: ${fixed(now)} (recorded ${fixed(was)})`);
  }
}
