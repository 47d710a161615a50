import { randomInt } from 'node:crypto';

/**
 * Snowflake ids (issue 27 item 3, JNPF primaryKeyPolicy 1): 64-bit, time-ordered, unique across instances —
 * 41 bits of milliseconds since 2020-01-01 UTC (until 2089), 10 bits of worker id, 12 bits of sequence within a
 * millisecond (4,096 ids per ms per worker; the generator waits for the next ms when they run out, and never goes
 * back when the clock does). Sent and stored as a decimal string (beyond JavaScript's safe integers).
 */

/** The epoch of the time bits (ms). */
export const SNOWFLAKE_EPOCH = Date.UTC(2020, 0, 1);
const MAX_WORKER = 1023;
const MAX_SEQUENCE = 4095;

/**
 * The worker id: `KD_WORKER_ID` (0–1023) when set, else random per process (two instances then collide only if they
 * draw the same id and make an id in the same ms with the same sequence). @throws Error when KD_WORKER_ID is invalid.
 */
export function workerIdFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.KD_WORKER_ID;
  if (raw === undefined || raw === '') return randomInt(0, MAX_WORKER + 1);
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > MAX_WORKER) throw new Error(`KD_WORKER_ID must be an integer from 0 to ${MAX_WORKER}, got ${raw}`);
  return n;
}

/** A snowflake generator for one worker. `now` (ms) is injectable for tests. */
export class Snowflake {
  private last = -1;
  private sequence = 0;

  constructor(
    readonly workerId: number = workerIdFromEnv(),
    private readonly now: () => number = Date.now,
  ) {
    if (!Number.isInteger(workerId) || workerId < 0 || workerId > MAX_WORKER) throw new Error(`worker id out of range: ${workerId}`);
  }

  /** The next id as a decimal string; strictly increasing within this generator. */
  next(): string {
    let t = Math.max(this.now(), this.last);
    if (t === this.last) {
      this.sequence = (this.sequence + 1) & MAX_SEQUENCE;
      if (this.sequence === 0) {
        while (t <= this.last) t = this.now();
      }
    } else {
      this.sequence = 0;
    }
    this.last = t;
    return ((BigInt(t - SNOWFLAKE_EPOCH) << 22n) | (BigInt(this.workerId) << 12n) | BigInt(this.sequence)).toString();
  }
}

let shared: Snowflake | null = null;

/** The process's generator (worker id from the environment, created on first use). */
export function snowflake(): Snowflake {
  shared ??= new Snowflake();
  return shared;
}
