import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classify, decide, isOutboundError, type OutboundError, outboundRequest, parseAllowlist, type Resolver } from '../../server/src/lib/outbound';
import { createTestApp, createUser, type TestApp } from './helpers';

/**
 * The guarded outbound client (issue 24 item 1). Only ever connects to 127.0.0.1: every other address is only
 * classified (the machine has no internet, and outbound traffic is forbidden).
 */

let hits: string[] = [];
let server: Server;
let base: string;
let port: number;
let other: Server;
let otherPort: number;
beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(req.url ?? '');
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/ok') res.writeHead(200, { 'content-type': 'text/plain' }).end('hello');
    else if (url.pathname === '/to-other') res.writeHead(302, { location: `http://127.0.0.1:${otherPort}/ok` }).end();
    else if (url.pathname === '/to-mapped') res.writeHead(302, { location: `http://[::ffff:127.0.0.1]:${otherPort}/ok` }).end();
    else if (url.pathname === '/to-metadata') res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    else if (url.pathname === '/to-self') res.writeHead(307, { location: `/hop?n=${Number(url.searchParams.get('n') ?? 0) + 1}` }).end();
    else if (url.pathname === '/hop') {
      const n = Number(url.searchParams.get('n'));
      if (url.searchParams.has('stop') && n >= Number(url.searchParams.get('stop'))) res.writeHead(200).end(`hop ${n}`);
      else res.writeHead(302, { location: `/hop?n=${n + 1}${url.searchParams.has('stop') ? `&stop=${url.searchParams.get('stop')}` : ''}` }).end();
    } else if (url.pathname === '/big') {
      // Chunked, no content-length: the cap must count streamed bytes.
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('x'.repeat(1000));
      res.end('y'.repeat(1000));
    } else if (url.pathname === '/declared-big') res.writeHead(200, { 'content-length': '5000' }).end('z'.repeat(5000));
    else if (url.pathname === '/slow') setTimeout(() => res.writeHead(200).end('late'), 3000).unref();
    else res.writeHead(404).end();
  });
  other = createServer((req, res) => {
    hits.push(`other${req.url}`);
    res.writeHead(200).end('other');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
  otherPort = (other.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  other.closeAllConnections();
  await new Promise((r) => server.close(r));
  await new Promise((r) => other.close(r));
});

/** The error a call rejects with (fails the test when it resolves). */
async function refusal(p: Promise<unknown>): Promise<OutboundError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  if (!isOutboundError(e)) throw new Error(`expected an OutboundError, got ${String(e)}`);
  return e;
}

/** Settings allowing exactly the test server's 127.0.0.1:port. */
const allowServer = () => ({ allow: parseAllowlist(`127.0.0.1:${port}`).entries });

describe('address classification (ipaddr.js ranges)', () => {
  const none = parseAllowlist('').entries;
  const table: Array<[string, 'refused' | 'private', string]> = [
    ['127.0.0.1', 'private', 'loopback'],
    ['::1', 'private', 'loopback'],
    ['0.0.0.0', 'refused', 'unspecified'],
    ['::', 'refused', 'unspecified'],
    ['169.254.169.254', 'refused', 'linkLocal'],
    ['[::ffff:169.254.169.254]', 'refused', 'linkLocal'],
    ['::ffff:a9fe:a9fe', 'refused', 'linkLocal'],
    ['64:ff9b::a9fe:a9fe', 'refused', 'linkLocal'],
    ['64:ff9b::7f00:1', 'private', 'loopback'],
    ['::ffff:7f00:1', 'private', 'loopback'],
    ['::7f00:1', 'refused', 'ipv4Compatible'],
    ['fe80::1', 'refused', 'linkLocal'],
    ['224.0.0.1', 'refused', 'multicast'],
    ['ff02::1', 'refused', 'multicast'],
    ['255.255.255.255', 'refused', 'broadcast'],
    ['100.64.0.1', 'refused', 'carrierGradeNat'],
    ['192.0.2.1', 'refused', 'reserved'],
    ['198.18.0.1', 'refused', 'reserved'],
    ['240.0.0.1', 'refused', 'reserved'],
    ['2001:db8::1', 'refused', 'reserved'],
    ['2002:7f00:1::1', 'refused', '6to4'],
    ['10.0.0.1', 'private', 'private'],
    ['172.16.5.4', 'private', 'private'],
    ['192.168.1.1', 'private', 'private'],
    ['fc00::1', 'private', 'uniqueLocal'],
    ['fd12:3456::1', 'private', 'uniqueLocal'],
  ];
  it.each(table)('%s is %s (%s) without an allowlist', (address, why, range) => {
    expect(decide(address, 'some.host', 80, none)).toMatchObject({ why, address: { range } });
  });

  it('public unicast addresses are allowed (classified only, never connected to)', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      expect(classify(address).kind, address).toBe('public');
      expect(decide(address, 'example.com', 443, none), address).toBeNull();
    }
  });

  it('private ranges only for allowlisted hosts, loopback only for an entry with its port, never the rest', () => {
    const allow = parseAllowlist('erp.office.lan, 10.0.0.0/8; [fd00::5]:8443 127.0.0.1:8080').entries;
    expect(decide('10.0.0.1', 'anything', 80, allow)).toBeNull();
    expect(decide('192.168.1.1', 'erp.office.lan', 80, allow)).toBeNull();
    expect(decide('192.168.1.1', 'other.lan', 80, allow)).toMatchObject({ why: 'private' });
    expect(decide('fd00::5', 'fd00::5', 8443, allow)).toBeNull();
    expect(decide('fd00::5', 'fd00::5', 443, allow)).toMatchObject({ why: 'private' });
    expect(decide('127.0.0.1', '127.0.0.1', 8080, allow)).toBeNull();
    expect(decide('127.0.0.1', '127.0.0.1', 8081, allow)).toMatchObject({ why: 'private' });
    // A host-name entry without a port does not open loopback: erp.office.lan pointing at 127.0.0.1 stays refused.
    expect(decide('127.0.0.1', 'erp.office.lan', 80, allow)).toMatchObject({ why: 'private' });
    // Never reachable, whatever the allowlist says.
    const all = parseAllowlist('169.254.0.0/16 0.0.0.0/0 metadata.internal').entries;
    expect(decide('169.254.169.254', 'metadata.internal', 80, all)).toMatchObject({ why: 'refused' });
    expect(parseAllowlist('good.lan, bad_host!, 10.0.0.0/99, [::1]:99999').bad).toEqual(['bad_host!', '10.0.0.0/99', '[::1]:99999']);
  });
});

describe('outboundRequest', () => {
  it('refuses literal addresses of every refused range before connecting', async () => {
    for (const url of ['http://[::ffff:169.254.169.254]/', 'http://[::ffff:a9fe:a9fe]/', 'http://[64:ff9b::a9fe:a9fe]/', 'http://169.254.169.254/', 'http://0.0.0.0/', 'http://[fe80::1]/', 'http://224.0.0.1/', 'http://255.255.255.255/', 'http://100.64.0.1/']) {
      expect((await refusal(outboundRequest(url))).reason, url).toBe('blocked');
    }
    for (const url of ['http://10.0.0.1/', 'http://192.168.1.1/', 'http://[fc00::1]/', `${base}/ok`, `http://[::1]:${port}/ok`, `http://[::ffff:127.0.0.1]:${port}/ok`]) {
      const e = await refusal(outboundRequest(url));
      expect(e.reason, url).toBe('private');
      expect(e.message, url).toContain('outboundAllowedHosts');
    }
    expect((await refusal(outboundRequest('file:///etc/passwd'))).reason).toBe('scheme');
    expect(hits).toEqual([]);
  });

  it('answers through an allowlisted host:port', async () => {
    const res = await outboundRequest(`${base}/ok`, { settings: allowServer() });
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe('hello');
  });

  it('checks the address connected to: a name rebinding to 127.0.0.1 after a public first answer is refused', async () => {
    hits = [];
    const calls: string[] = [];
    const rebinding: Resolver = async (host) => {
      calls.push(host);
      return calls.length === 1 ? [{ address: '93.184.216.34', family: 4 }] : [{ address: '127.0.0.1', family: 4 }];
    };
    const e = await refusal(outboundRequest(`http://rebind.example:${port}/ok`, { resolve: rebinding }));
    expect(e.reason).toBe('private');
    expect(e.vars).toMatchObject({ host: 'rebind.example', address: '127.0.0.1' });
    expect(calls).toEqual(['rebind.example', 'rebind.example']);
    expect(hits).toEqual([]);
  });

  it('re-checks every redirect hop', async () => {
    hits = [];
    expect((await refusal(outboundRequest(`${base}/to-other`, { settings: allowServer() }))).reason).toBe('private');
    expect((await refusal(outboundRequest(`${base}/to-mapped`, { settings: allowServer() }))).reason).toBe('private');
    const meta = await refusal(outboundRequest(`${base}/to-metadata`, { settings: allowServer() }));
    expect(meta.vars).toMatchObject({ host: '169.254.169.254', range: 'linkLocal' });
    expect(hits).toEqual(['/to-other', '/to-mapped', '/to-metadata']);
    // Five redirects are followed, the sixth is refused.
    expect((await outboundRequest(`${base}/hop?n=0&stop=5`, { settings: allowServer() })).body.toString()).toBe('hop 5');
    expect((await refusal(outboundRequest(`${base}/hop?n=0`, { settings: allowServer() }))).reason).toBe('redirects');
  });

  it('aborts past the byte cap, streamed or declared', async () => {
    const e = await refusal(outboundRequest(`${base}/big`, { settings: { ...allowServer(), maxBytes: 1500 } }));
    expect(e.reason).toBe('tooLarge');
    expect(e.message).toContain('1 KB');
    expect((await refusal(outboundRequest(`${base}/declared-big`, { settings: allowServer(), maxBytes: 4096 }))).reason).toBe('tooLarge');
    expect((await outboundRequest(`${base}/big`, { settings: { ...allowServer(), maxBytes: 2000 } })).body.length).toBe(2000);
  });

  it('gives up at the deadline', async () => {
    const started = Date.now();
    const e = await refusal(outboundRequest(`${base}/slow`, { settings: { ...allowServer(), timeoutMs: 300 } }));
    expect(e.reason).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('outbound settings in the system settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('administrators edit the allowlist; a refusal names the setting; others may not read it', async () => {
    const token = await t.login();
    const before = await outboundRequest(`${base}/ok`, { db: t.app.db }).then(
      () => null,
      (e: OutboundError) => e,
    );
    expect(before?.message).toBe(`地址 127.0.0.1（127.0.0.1）是内网地址，未被允许访问；如需访问，请管理员在系统设置“外部访问白名单”（outboundAllowedHosts）中加入 127.0.0.1:${port}`);
    expect((await t.call('GET', '/api/system/SysConfig/Outbound', { token })).data).toEqual({ outboundAllowedHosts: '', outboundTimeoutMs: 10000, dataInterfaceMaxBytes: 10 * 1024 * 1024, version: 1 });
    const bad = await t.call('PUT', '/api/system/SysConfig/Outbound', { token, payload: { outboundAllowedHosts: 'ok.lan bad_host!' } });
    expect(bad).toMatchObject({ code: 400, msg: 'outboundAllowedHosts: bad_host!格式不正确' });
    expect(await t.call('PUT', '/api/system/SysConfig/Outbound', { token, payload: { outboundAllowedHosts: `127.0.0.1:${port}`, outboundTimeoutMs: 5000 } })).toMatchObject({ code: 200 });
    expect((await outboundRequest(`${base}/ok`, { db: t.app.db })).body.toString()).toBe('hello');
    expect((await t.call('GET', '/api/system/SysConfig/Outbound', { token })).data).toMatchObject({ outboundAllowedHosts: `127.0.0.1:${port}`, outboundTimeoutMs: 5000 });
    await createUser(t.app, { account: 'clerk9', password: 'Clerk123' });
    const clerk = await t.login('clerk9', 'Clerk123');
    expect(await t.call('GET', '/api/system/SysConfig/Outbound', { token: clerk })).toMatchObject({ code: 403 });
    expect(await t.call('PUT', '/api/system/SysConfig/Outbound', { token: clerk, payload: { outboundAllowedHosts: '' } })).toMatchObject({ code: 403 });
  });
});
