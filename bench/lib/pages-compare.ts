import { loadavg } from 'node:os';
import { type Opening, openRoute, type Tab } from './pages-measure';
import type { Outcome } from './report';
import { fixed, median, spread } from './stats';

/** A built-in page of B26 and the commit that replaced its hand-written screen (its parent is the baseline). */
export interface PageCase {
  id: string;
  name: string;
  /** The menu's urlAddress (the same in every commit concerned: server/src/db/seed/menus.ts, data-interface-menu.ts). */
  route: string;
  change: string;
  /** The baseline's git revision when not `${change}^` (the predecessor did not serve the hand-written page), and why. */
  baseline?: { ref: string; why: string };
}

/** The git revision of a case's baseline: `baseline.ref`, else the parent of `change`. */
export function baselineRef(c: PageCase): string {
  return c.baseline?.ref ?? `${c.change}^`;
}

/** What one page's comparison gives: two report rows, a note and the HISTORY.md fragment. */
export interface Compared {
  outcomes: Outcome[];
  note: string;
  history: string;
}

const load = () => loadavg()[0].toFixed(1);
const kb = (bytes: number) => `${fixed(bytes / 1024, 1)} KB`;
const range = (xs: number[]) => `${fixed(Math.min(...xs), 0)}–${fixed(Math.max(...xs), 0)}`;
const phase = (xs: Opening[], key: 'apiFirst' | 'apiLast') => fixed(median(xs.map((o) => o[key]).filter(Number.isFinite)), 0);
const hasEngineList = (tab: Tab) => tab.page.evaluate(() => document.querySelector('[data-testid="model-list"]') !== null);

/**
 * Opens `c.route` on the baseline tab and the subject tab: one warm-up each, then `rounds` rounds alternating the
 * order (A B, B A, …). Time row: ratio per round = baseline ms / subject ms (goal ≥ 0.9). JS row: subject bytes /
 * baseline bytes per round (no goal: measured). `subjectLabel` / `baseLabel` name the commits. Throws what openRoute
 * throws.
 */
export async function comparePage(c: PageCase, base: Tab, subject: Tab, rounds: number, baseLabel: string, subjectLabel: string): Promise<Compared> {
  const loadBefore = load();
  await openRoute(base, c.route);
  const baseIsEngine = await hasEngineList(base);
  await openRoute(subject, c.route);
  const subjIsEngine = await hasEngineList(subject);
  const b: Opening[] = [];
  const s: Opening[] = [];
  for (let r = 0; r < rounds; r++) {
    if (r % 2 === 0) {
      b.push(await openRoute(base, c.route));
      s.push(await openRoute(subject, c.route));
    } else {
      s.push(await openRoute(subject, c.route));
      b.push(await openRoute(base, c.route));
    }
  }
  const loadAfter = load();
  const ms = (xs: Opening[]) => median(xs.map((o) => o.ms));
  const js = (xs: Opening[]) => median(xs.map((o) => o.jsBytes));
  const jsText = (xs: Opening[]) =>
    `${kb(js(xs))} in ${median(xs.map((o) => o.jsFiles))} files (${kb(median(xs.map((o) => o.jsDecoded)))} unpacked; largest ${xs[0].largest.join(', ')})`;
  const ratios = b.map((o, i) => o.ms / s[i].ms);
  const outcomes: Outcome[] = [
    {
      id: c.id,
      name: `${c.name} opens and lists: first data row after the hash change (\`#/${c.route}\` from #/home)`,
      subject: `config page (${subjectLabel}${subjIsEngine ? '' : ', NO engine list found'}): ${fixed(ms(s), 0)} ms (${range(s.map((o) => o.ms))}), ${s[0].rows} rows`,
      baseline: `hand-written (${baseLabel}${baseIsEngine ? ', an engine list found!' : ''}): ${fixed(ms(b), 0)} ms (${range(b.map((o) => o.ms))}), ${b[0].rows} rows`,
      ratios,
      goal: 0.9,
      higherIsBetter: true,
    },
    {
      id: `${c.id}js`,
      name: `${c.name}: JS transferred for the route (Brotli as served, headers included)`,
      subject: jsText(s),
      baseline: jsText(b),
      ratios: b.map((o, i) => s[i].jsBytes / o.jsBytes),
      goal: null,
      higherIsBetter: false,
    },
  ];
  return {
    outcomes,
    note: `${c.id}: load average ${loadBefore} → ${loadAfter}; per-round ms baseline ${b.map((o) => fixed(o.ms, 0)).join(', ')}; subject ${s.map((o) => fixed(o.ms, 0)).join(', ')}. Medians: first API request at ${phase(s, 'apiFirst')} (config) vs ${phase(b, 'apiFirst')} ms (hand-written), last API answer at ${phase(s, 'apiLast')} vs ${phase(b, 'apiLast')} ms, row at ${fixed(ms(s), 0)} vs ${fixed(ms(b), 0)} ms.`,
    history: `${c.id} ${fixed(median(ratios))} (${spread(ratios)}; ${fixed(ms(s), 0)} vs ${fixed(ms(b), 0)} ms; JS ${kb(js(s))} vs ${kb(js(b))}; load ${loadBefore}→${loadAfter})`,
  };
}
