#!/usr/bin/env node
/**
 * `npm test`: runs the test phases and prints how long each took (seconds), so every CI log shows where the time goes.
 * Stage 1 runs the static checks and the client build side by side (type check, lint, dependency check, vite build;
 * each one's output is printed whole when it ends); then the vitest run (unit, component and server tests, on PGlite
 * and, with DATABASE_URL set, on PostgreSQL too), then the end-to-end tests (need the build). Stops after the first
 * stage that fails; exit code 1 then. Usage: `node scripts/test-phases.mjs` (no arguments).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

const stages = [
  ['typecheck', 'lint', 'deps', 'build'],
  ['test:unit'],
  ['test:e2e'],
];
const times = [];

/** Runs `npm run <script>`; resolves { name, code, seconds, output } (output buffered when `buffer`). */
function run(name, buffer) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', name], { stdio: buffer ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    child.stdout?.on('data', (d) => {
      output += d;
    });
    child.stderr?.on('data', (d) => {
      output += d;
    });
    child.on('close', (code) => {
      const seconds = (Date.now() - started) / 1000;
      if (buffer) process.stdout.write(`\n[test] ── ${name} ──\n${output}`);
      console.log(`[test] phase ${name}: ${code === 0 ? 'ok' : `FAILED (exit ${code})`} in ${seconds.toFixed(1)} s`);
      times.push([name, seconds, code]);
      resolve({ name, code });
    });
  });
}

/** Prints the 15 slowest vitest files (project, seconds) from test-output/vitest.json, when test:unit wrote it. */
function slowestFiles() {
  let report;
  try {
    report = JSON.parse(readFileSync('test-output/vitest.json', 'utf8'));
  } catch {
    return;
  }
  const files = (report.testResults ?? []).map((f) => [f.name.replace(`${process.cwd()}/`, ''), (f.endTime - f.startTime) / 1000]);
  files.sort((a, b) => b[1] - a[1]);
  console.log('\n[test] slowest vitest files (s; both server passes count separately):');
  for (const [name, seconds] of files.slice(0, 15)) console.log(`[test]   ${seconds.toFixed(1).padStart(7)}  ${name}`);
}

const started = Date.now();
let failed = false;
for (const stage of stages) {
  const results = await Promise.all(stage.map((name) => run(name, stage.length > 1)));
  if (results.some((r) => r.code !== 0)) {
    failed = true;
    break;
  }
}
slowestFiles();
console.log('\n[test] phase times (s):');
for (const [name, seconds, code] of times) console.log(`[test]   ${name.padEnd(10)} ${seconds.toFixed(1).padStart(7)}${code === 0 ? '' : '  FAILED'}`);
console.log(`[test]   ${'total'.padEnd(10)} ${((Date.now() - started) / 1000).toFixed(1).padStart(7)}`);
process.exit(failed ? 1 : 0);
