/**
 * Requests answered over the last minute, in one-second buckets (issue 23 item 3: the monitor's requests per second
 * and error rate). `add` is O(1) and allocates nothing; `read` sums the buckets of the last `seconds` whole seconds.
 */
export class RequestWindow {
  private readonly counts: Float64Array;
  private readonly errors: Float64Array;
  private readonly stamps: Float64Array;

  /** @param seconds the window's length (default 60). */
  constructor(readonly seconds = 60) {
    this.counts = new Float64Array(seconds);
    this.errors = new Float64Array(seconds);
    this.stamps = new Float64Array(seconds).fill(-1);
  }

  /** Counts one answered request at `now` (epoch ms); `error`: a server fault (HTTP 5xx or envelope code ≥ 500). */
  add(error: boolean, now = Date.now()): void {
    const sec = Math.floor(now / 1000);
    const i = sec % this.seconds;
    if (this.stamps[i] !== sec) {
      this.stamps[i] = sec;
      this.counts[i] = 0;
      this.errors[i] = 0;
    }
    this.counts[i]++;
    if (error) this.errors[i]++;
  }

  /**
   * The last `seconds` (the current second included) → `{ requests, errors, perSecond (requests / window seconds, two
   * decimals), errorRate (errors / requests, 0–1, four decimals; 0 without requests), windowSeconds }`.
   */
  read(now = Date.now()): { requests: number; errors: number; perSecond: number; errorRate: number; windowSeconds: number } {
    const sec = Math.floor(now / 1000);
    let requests = 0;
    let errors = 0;
    for (let i = 0; i < this.seconds; i++) {
      if (this.stamps[i] > sec - this.seconds && this.stamps[i] <= sec) {
        requests += this.counts[i];
        errors += this.errors[i];
      }
    }
    return {
      requests,
      errors,
      perSecond: Math.round((requests / this.seconds) * 100) / 100,
      errorRate: requests ? Math.round((errors / requests) * 10_000) / 10_000 : 0,
      windowSeconds: this.seconds,
    };
  }
}
