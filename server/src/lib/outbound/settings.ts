import type { Db } from '../../db/types';
import { type AllowEntry, parseAllowlist } from './address';

/**
 * Outbound settings kept by administrators in sys_config (issue 24 item 1; editable through
 * GET/PUT /api/system/SysConfig, modules/sysconfig/routes.ts):
 * - `outboundAllowedHosts`: the allowlist of internal hosts (address.ts parseAllowlist syntax), default '' (none);
 * - `outboundTimeoutMs`: the whole call's deadline in ms (redirects and body included), default 10 000;
 * - `dataInterfaceMaxBytes`: the largest response body in bytes, default 10 MiB — one cap shared with the answers of
 *   data interfaces (modules/data-interface/limits.ts, issue 20 item 4): any positive integer.
 */

/** The sys_config keys. */
export const OUTBOUND_KEYS = { allowedHosts: 'outboundAllowedHosts', timeoutMs: 'outboundTimeoutMs', maxBytes: 'dataInterfaceMaxBytes' } as const;

/** Default deadline of one outbound call, ms (today's data-interface timeout). */
export const DEFAULT_TIMEOUT_MS = 10_000;
/** Default response body cap, bytes (10 MiB). */
export const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;
/** Bounds of the values: timeout 1 s … 5 min; body 1 B … 1 GiB. */
export const LIMITS = { timeoutMs: [1000, 300_000], maxBytes: [1, 1024 ** 3] } as const;

/** The settings one call uses. */
export interface OutboundSettings {
  allow: AllowEntry[];
  timeoutMs: number;
  maxBytes: number;
}

/** The raw settings as stored (what the admin form edits). */
export interface OutboundSettingsText {
  outboundAllowedHosts: string;
  outboundTimeoutMs: number;
  dataInterfaceMaxBytes: number;
}

const within = (v: unknown, [lo, hi]: readonly [number, number], dflt: number): number => {
  const n = Number(v);
  return Number.isInteger(n) && n >= lo && n <= hi ? n : dflt;
};

/** Reads the stored settings (defaults for absent or out-of-range values). */
export async function readOutboundSettings(db: Db): Promise<OutboundSettingsText> {
  const rows = await db.selectFrom('sys_config').select(['key', 'value']).where('key', 'in', Object.values(OUTBOUND_KEYS)).execute();
  const v = new Map(rows.map((r) => [r.key, r.value]));
  return {
    outboundAllowedHosts: v.get(OUTBOUND_KEYS.allowedHosts) ?? '',
    outboundTimeoutMs: within(v.get(OUTBOUND_KEYS.timeoutMs), LIMITS.timeoutMs, DEFAULT_TIMEOUT_MS),
    dataInterfaceMaxBytes: within(v.get(OUTBOUND_KEYS.maxBytes), LIMITS.maxBytes, DEFAULT_MAX_BYTES),
  };
}

/** The settings of one call: stored ones when `db` is given, else the defaults (no allowlist). */
export async function outboundSettings(db?: Db): Promise<OutboundSettings> {
  const s = db ? await readOutboundSettings(db) : { outboundAllowedHosts: '', outboundTimeoutMs: DEFAULT_TIMEOUT_MS, dataInterfaceMaxBytes: DEFAULT_MAX_BYTES };
  return { allow: parseAllowlist(s.outboundAllowedHosts).entries, timeoutMs: s.outboundTimeoutMs, maxBytes: s.dataInterfaceMaxBytes };
}

/**
 * Validates and stores settings (administrators only; the route checks). Returns the names of invalid parts
 * (`outboundAllowedHosts: <bad entries>`, `outboundTimeoutMs`, `dataInterfaceMaxBytes`) and writes nothing when any.
 */
export async function writeOutboundSettings(db: Db, input: Partial<OutboundSettingsText>): Promise<string[]> {
  const bad: string[] = [];
  const writes: Array<[string, string]> = [];
  if (input.outboundAllowedHosts !== undefined) {
    const text = String(input.outboundAllowedHosts);
    const wrong = parseAllowlist(text).bad;
    if (wrong.length) bad.push(`${OUTBOUND_KEYS.allowedHosts}: ${wrong.join(', ')}`);
    writes.push([OUTBOUND_KEYS.allowedHosts, text.trim()]);
  }
  for (const k of ['timeoutMs', 'maxBytes'] as const) {
    const key = OUTBOUND_KEYS[k];
    const value = input[key];
    if (value === undefined) continue;
    if (within(value, LIMITS[k], Number.NaN) !== Number(value)) bad.push(key);
    else writes.push([key, String(Number(value))]);
  }
  if (bad.length) return bad;
  for (const [key, value] of writes) {
    await db
      .insertInto('sys_config')
      .values({ key, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
  }
  return [];
}
