import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/src/app';
import { PU_PRINT_ID } from '../server/src/db/seed/purchasing-print';
import { type Outcome, printReport } from './lib/report';
import { fixed, median, percentile } from './lib/stats';

/**
 * P1/P2 (issue 16 "Performance"): PDFs made on the server by Debian's Chromium (the warm browser the app keeps).
 * P1: one requisition printed with the seeded 采购申请单 template — POST printDev/{id}/Actions/Pdf end to end through
 * Fastify's inject (access check, data, merge, Chromium, PDF bytes) — p50 and p99 over BENCH_ROUNDS (30), against
 * printDev/Data (the same record's data and merge, no PDF) as the baseline; ratio = Data ms / PDF ms (recorded, no
 * goal: the issue asks for the figures). P2: 100 requisitions in one PDF (seconds) and the Node process's peak RSS
 * above its level before (sampled every 20 ms; Chromium's own memory is in its processes, reported from /proc when
 * readable). PGlite in a temporary folder with the demo data (2 years of requisitions).
 */

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const BATCH = 100;
const PASSWORD = 'Bench@12345';

/** Peak RSS (bytes) of this process while `run` runs, sampled every 20 ms. */
async function peakRss<T>(run: () => Promise<T>): Promise<{ value: T; peak: number; before: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  try {
    const value = await run();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { value, peak, before };
  } finally {
    clearInterval(timer);
  }
}

const dir = mkdtempSync(join(tmpdir(), 'kd-print-bench-'));
const app = await buildApp({ dataDir: dir, adminPassword: PASSWORD, serveClient: false });
try {
  const login = await app.inject({
    method: 'POST',
    url: '/api/oauth/Login',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ account: 'admin', password: createHash('md5').update(PASSWORD).digest('hex'), grant_type: 'password' }).toString(),
  });
  const token = (login.json() as { data: { token: string } }).data.token;
  const ids = (await app.db.selectFrom('pu_req').select('id').orderBy('id').limit(BATCH).execute()).map((r) => r.id);
  if (ids.length < BATCH) throw new Error(`only ${ids.length} demo requisitions`);
  const pdf = async (formIds: string[]) => {
    const t0 = performance.now();
    const r = await app.inject({ method: 'POST', url: `/api/system/printDev/${PU_PRINT_ID}/Actions/Pdf`, headers: { authorization: token }, payload: { formIds } });
    const ms = performance.now() - t0;
    if (r.statusCode !== 200 || !r.rawPayload.subarray(0, 5).equals(Buffer.from('%PDF-'))) throw new Error(`pdf: ${r.statusCode} ${r.body.slice(0, 200)}`);
    return { ms, bytes: r.rawPayload.length };
  };
  const data = async (formId: string) => {
    const t0 = performance.now();
    const r = await app.inject({ method: 'GET', url: `/api/system/printDev/Data?id=${PU_PRINT_ID}&formId=${encodeURIComponent(formId)}`, headers: { authorization: token } });
    if ((r.json() as { code: number }).code !== 200) throw new Error(`data: ${r.body.slice(0, 200)}`);
    return performance.now() - t0;
  };
  await pdf([ids[0]]); // starts the warm browser
  await data(ids[0]);
  const loadBefore = loadavg()[0];
  const pdfMs: number[] = [];
  const dataMs: number[] = [];
  const ratios: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const id = ids[i % ids.length];
    const p = (await pdf([id])).ms;
    const d = await data(id);
    pdfMs.push(p);
    dataMs.push(d);
    ratios.push(d / p);
  }
  const batch = await peakRss(() => pdf(ids));
  const loadAfter = loadavg()[0];
  const p1: Outcome = {
    id: 'P1',
    name: 'a 1-page PDF of one requisition (采购申请单), end to end on the server, warm Chromium',
    subject: `p50 ${fixed(median(pdfMs), 0)} ms, p99 ${fixed(percentile(pdfMs, 99), 0)} ms`,
    baseline: `printDev/Data of the same record (data + merge, no PDF): ${fixed(median(dataMs), 1)} ms`,
    ratios,
    goal: null,
    higherIsBetter: true,
  };
  const p2: Outcome = {
    id: 'P2',
    name: `${BATCH} requisitions in one PDF`,
    subject: `${fixed(batch.value.ms / 1000, 2)} s, ${fixed(batch.value.bytes / 1024, 0)} KB; Node RSS peak +${fixed((batch.peak - batch.before) / 1048576, 0)} MB`,
    baseline: `${BATCH} × the single PDF's p50: ${fixed((BATCH * median(pdfMs)) / 1000, 1)} s`,
    ratios: [(BATCH * median(pdfMs)) / batch.value.ms],
    goal: null,
    higherIsBetter: true,
  };
  printReport('print', [p1, p2], [`load ${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)}; PDF ms ${pdfMs.map((x) => x.toFixed(0)).join(', ')}`], 'PGlite, demo data');
} finally {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
}
