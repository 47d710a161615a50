/**
 * `npm run bench -- shell`: the application shell's front-end weight and paint (issue 5 item 10; performance.md §7):
 * B13 (bench/bundle.ts, the sign-in route's initial JS against React + ReactDOM) and B14 (bench/lcp.ts, the home
 * page's LCP under mobile throttling). About 1.5 minutes. Exits 1 when a goal is missed.
 */
import { GOAL_RATIO, runBundleBench } from './bundle';
import { GOAL_MS, runLcpBench } from './lcp';

const bundle = await runBundleBench();
const paint = await runLcpBench();
const missed = [bundle.ratio > GOAL_RATIO ? 'B13' : '', bundle.chunksOver.length ? 'B13c' : '', paint.lcpMs >= GOAL_MS ? 'B14' : ''].filter(Boolean);
if (missed.length) console.log(`goal missed: ${missed.join(', ')}`);
process.exitCode = missed.length ? 1 : 0;
