import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

/** What a probe measured between start and stop: event-loop delay percentiles and max (ms), CPU and wall time (ms). */
export interface Probe {
  p50: number;
  p99: number;
  max: number;
  cpuMs: number;
  wallMs: number;
}

/**
 * An event-loop delay probe of this process (`monitorEventLoopDelay`, 1 ms resolution) with its CPU time:
 * `start()` resets and starts it, `stop()` returns what it saw since (B5, issue 4 item 9).
 */
export function createLoopProbe(): { start(): void; stop(): Probe } {
  const eld = monitorEventLoopDelay({ resolution: 1 });
  let cpuAt = process.cpuUsage();
  let wallAt = performance.now();
  return {
    start() {
      eld.reset();
      eld.enable();
      cpuAt = process.cpuUsage();
      wallAt = performance.now();
    },
    stop() {
      eld.disable();
      const d = process.cpuUsage(cpuAt);
      return { p50: eld.percentile(50) / 1e6, p99: eld.percentile(99) / 1e6, max: eld.max / 1e6, cpuMs: (d.user + d.system) / 1000, wallMs: performance.now() - wallAt };
    },
  };
}

/** As a bench child (`startChild('bench/lib/loop-probe.ts', …)`): an idle process answering `probe` start/stop. */
if (process.send && process.env.BENCH_IDLE_PROBE === '1') {
  const probe = createLoopProbe();
  process.on('message', (m: { id: number; cmd: string; action?: string }) => {
    if (m.cmd === 'close') setImmediate(() => process.exit(0));
    let result: Probe | null = null;
    if (m.cmd === 'probe' && m.action === 'start') probe.start();
    else if (m.cmd === 'probe') result = probe.stop();
    process.send?.({ id: m.id, result });
  });
  process.on('disconnect', () => process.exit(0));
  process.send({ ready: true });
}
