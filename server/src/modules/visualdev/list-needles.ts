import { foldHay, type KeywordProbe, type WrittenRow } from './list-match';

/**
 * Keyword-only list filters by keyword (issue 28 item 4; list-cache.ts): a write is tested against every cached filter
 * of its model, and with hundreds of keywords in use (B16: 900) calling each filter's row test cost a tenth of the
 * server's CPU. Filters whose row test is a keyword alone (list-match.ts `KeywordProbe`, with a folded needle) are
 * kept here per searched columns and needle; a written row finds those it can match by looking up the substrings of
 * its folded text of the needles' lengths (a 10-character name and one needle length: 5 lookups, not 900 calls).
 * Same semantics as the row test (list-match.ts contains): a value the writer did not send (undefined), a value that
 * is no string, or text JS cannot fold as the database would (foldHay null) matches every such filter; null matches
 * none of its column.
 */
export class NeedleIndex {
  /** Columns signature → { columns, needle → filter keys, needle length → how many needles have it }. */
  readonly #bySig = new Map<string, { cols: readonly string[]; needles: Map<string, Set<string>>; lengths: Map<number, number> }>();

  /** True when `probe` is indexed here (a keyword with a folded needle); others are tested one by one. */
  static covers(probe: KeywordProbe | undefined): probe is KeywordProbe & { needle: string } {
    return !!probe && probe.needle !== null && probe.needle !== '';
  }

  /** Indexes filter `key` (its probe must be covered). */
  add(key: string, probe: KeywordProbe & { needle: string }): void {
    const sig = probe.cols.join('\u0000');
    let s = this.#bySig.get(sig);
    if (!s) {
      s = { cols: probe.cols, needles: new Map(), lengths: new Map() };
      this.#bySig.set(sig, s);
    }
    let keys = s.needles.get(probe.needle);
    if (!keys) {
      keys = new Set();
      s.needles.set(probe.needle, keys);
      s.lengths.set(probe.needle.length, (s.lengths.get(probe.needle.length) ?? 0) + 1);
    }
    keys.add(key);
  }

  /** Removes filter `key` (indexed with `probe`). */
  delete(key: string, probe: KeywordProbe & { needle: string }): void {
    const sig = probe.cols.join('\u0000');
    const s = this.#bySig.get(sig);
    const keys = s?.needles.get(probe.needle);
    if (!s || !keys?.delete(key) || keys.size) return;
    s.needles.delete(probe.needle);
    const n = (s.lengths.get(probe.needle.length) ?? 1) - 1;
    if (n > 0) s.lengths.set(probe.needle.length, n);
    else s.lengths.delete(probe.needle.length);
    if (!s.needles.size) this.#bySig.delete(sig);
  }

  /** Forgets every filter. */
  clear(): void {
    this.#bySig.clear();
  }

  /** Adds to `out` the keys of the indexed filters one of `rows` could match (see the module comment). */
  matching(rows: readonly WrittenRow[], out: Set<string>): void {
    const addAll = (needles: Map<string, Set<string>>) => {
      for (const keys of needles.values()) for (const k of keys) out.add(k);
    };
    for (const { cols, needles, lengths } of this.#bySig.values()) {
      eachRow: for (const row of rows) {
        for (const col of cols) {
          const v = row[col];
          if (v === null) continue;
          const hay = typeof v === 'string' ? foldHay(v) : null;
          if (hay === null) {
            addAll(needles);
            break eachRow;
          }
          for (const len of lengths.keys()) {
            for (let i = 0; i + len <= hay.length; i++) {
              const keys = needles.get(hay.slice(i, i + len));
              if (keys) for (const k of keys) out.add(k);
            }
          }
        }
      }
    }
  }
}
