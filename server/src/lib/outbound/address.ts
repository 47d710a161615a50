import ipaddr from 'ipaddr.js';

/**
 * Address policy of outbound requests (issue 24 item 1). Every address is normalised with ipaddr.js first: an
 * IPv4-mapped IPv6 address (`::ffff:a.b.c.d`) and a NAT64 address (`64:ff9b::/96`, RFC 6052) become the IPv4 address
 * they carry, so `[::ffff:169.254.169.254]` is link-local like `169.254.169.254`. Then ipaddr.js's `range()` decides:
 * - 'unicast' → public: allowed;
 * - 'private' (10/8, 172.16/12, 192.168/16) and 'uniqueLocal' (fc00::/7) → private: allowed only for a host on the
 *   administrators' allowlist (sys_config `outboundAllowedHosts`, settings.ts);
 * - 'loopback' (127/8, ::1) → allowed only by an allowlist entry that names the host or address AND a port
 *   (`127.0.0.1:8080`): one local service, never the whole machine;
 * - every other range (unspecified, broadcast, multicast, linkLocal 169.254/16 and fe80::/10, carrierGradeNat,
 *   reserved incl. documentation and benchmarking, as112, amt, 6to4, teredo, rfc6145, orchid2, …) and the deprecated
 *   IPv4-compatible `::a.b.c.d` → refused, whatever the allowlist says.
 */

/** How an address is treated: see the module comment. */
export type AddressClass = 'public' | 'private' | 'loopback' | 'refused';

/** A classified address: its normalised text (IPv4 when it carried one), ipaddr.js range name and class. */
export interface Classified {
  address: string;
  range: string;
  kind: AddressClass;
}

type Parsed = ipaddr.IPv4 | ipaddr.IPv6;

/** Strips URL brackets and an IPv6 zone id (`fe80::1%eth0`). */
function bare(text: string): string {
  return text.trim().replace(/^\[|\]$/g, '').replace(/%.*$/, '');
}

/** True when `text` is an IPv4 or IPv6 literal (brackets allowed). */
export function isIpLiteral(text: string): boolean {
  return ipaddr.isValid(bare(text)) && /[.:]/.test(text);
}

/** Parses an address and unwraps IPv4-mapped and NAT64 (64:ff9b::/96) IPv6 addresses; null when not an address. */
export function normalize(text: string): Parsed | null {
  const s = bare(text);
  if (!ipaddr.isValid(s)) return null;
  const addr = ipaddr.parse(s);
  if (addr.kind() === 'ipv4') return addr;
  const v6 = addr as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address();
  const p = v6.parts;
  if (p[0] === 0x64 && p[1] === 0xff9b && p[2] === 0 && p[3] === 0 && p[4] === 0 && p[5] === 0) {
    return new ipaddr.IPv4([p[6] >> 8, p[6] & 0xff, p[7] >> 8, p[7] & 0xff]);
  }
  return v6;
}

/** Classifies an address (see the module comment); a text that is no address is refused with range 'invalid'. */
export function classify(text: string): Classified {
  const addr = normalize(text);
  if (!addr) return { address: text, range: 'invalid', kind: 'refused' };
  const address = addr.toString();
  let range: string = addr.range();
  if (addr.kind() === 'ipv6' && range === 'unicast' && (addr as ipaddr.IPv6).parts.slice(0, 6).every((x) => x === 0)) range = 'ipv4Compatible';
  if (range === 'unicast') return { address, range, kind: 'public' };
  if (range === 'private' || range === 'uniqueLocal') return { address, range, kind: 'private' };
  if (range === 'loopback') return { address, range, kind: 'loopback' };
  return { address, range, kind: 'refused' };
}

/** One allowlist entry: a host name or address (optionally with a port), or a CIDR block of addresses. */
export interface AllowEntry {
  host?: string;
  address?: string;
  cidr?: [Parsed, number];
  port?: number;
}

/**
 * Parses the allowlist text (entries separated by commas, semicolons or white space): `erp.local`, `erp.local:8080`,
 * `10.1.2.3`, `10.1.2.3:8080`, `[fd00::5]:8080`, `10.1.0.0/16`, `fd00::/8`. Returns the entries and the texts that
 * are none of these (`bad`), so a settings form can name them.
 */
export function parseAllowlist(text: string): { entries: AllowEntry[]; bad: string[] } {
  const entries: AllowEntry[] = [];
  const bad: string[] = [];
  for (const raw of text.split(/[\s,;]+/).filter(Boolean)) {
    const item = raw.toLowerCase();
    if (item.includes('/')) {
      if (ipaddr.isValidCIDR(item)) entries.push({ cidr: ipaddr.parseCIDR(item) });
      else bad.push(raw);
      continue;
    }
    // `[v6]:port` or `[v6]`; a bare IPv6 address (two colons or more) has no port; else `host` or `host:port`.
    const m = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(item) ?? (item.split(':').length > 2 ? [item, item] : /^([^:]+)(?::(\d{1,5}))?$/.exec(item));
    const port = m?.[2] ? Number(m[2]) : undefined;
    if (!m || (port !== undefined && (port < 1 || port > 65535))) {
      bad.push(raw);
      continue;
    }
    const addr = normalize(m[1]);
    if (addr) entries.push({ address: addr.toString(), port });
    else if (/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(m[1])) entries.push({ host: m[1], port });
    else bad.push(raw);
  }
  return { entries, bad };
}

/** Does an entry allow connecting to `address` (classified) for the URL host `host` on `port`? */
function matches(e: AllowEntry, host: string, port: number, address: Classified): boolean {
  if (e.port !== undefined && e.port !== port) return false;
  if (e.host) return e.host === host;
  if (e.address) return e.address === address.address;
  if (e.cidr) {
    const addr = normalize(address.address);
    return !!addr && addr.kind() === e.cidr[0].kind() && addr.match(e.cidr);
  }
  return false;
}

/**
 * The decision for connecting to `address` for URL host `host` (lower case, no brackets) and `port`:
 * null when allowed, else why not: 'refused' (a range never reached) or 'private' (private or loopback and no
 * allowlist entry permits it; loopback needs an entry with a port).
 */
export function decide(address: string, host: string, port: number, allow: readonly AllowEntry[]): null | { why: 'refused' | 'private'; address: Classified } {
  const c = classify(address);
  if (c.kind === 'public') return null;
  if (c.kind === 'refused') return { why: 'refused', address: c };
  const h = bare(host).toLowerCase();
  const ok = allow.some((e) => matches(e, h, port, c) && (c.kind === 'private' || (e.port !== undefined && !e.cidr)));
  return ok ? null : { why: 'private', address: c };
}
