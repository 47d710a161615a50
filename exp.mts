import { PGlite, protocol, parse } from '@electric-sql/pglite';
import pgUtils from 'pg/lib/utils.js';
const { serialize } = protocol;
const db = new PGlite();
await db.exec(`create table t (id text primary key, a text, b double precision, c boolean, d jsonb, created_at timestamptz default now());
insert into t select 'id'||g, 'name '||g, g*1.5, g%2=0, jsonb_build_object('x', g), now() - g * interval '1 second' from generate_series(1,100000) g; create index on t (created_at, id); analyze t;`);
function concat(parts: Uint8Array[]) { const n = parts.reduce((s, p) => s + p.length, 0); const out = new Uint8Array(n); let o = 0; for (const p of parts) { out.set(p, o); o += p.length; } return out; }
const named = new Map<string, string>();
async function prep(text: string, params: unknown[]) {
  const values = params.map((v) => (v === null || v === undefined ? null : pgUtils.prepareValue(v)));
  let name = named.get(text); const parts: Uint8Array[] = [];
  if (!name) { name = 's' + named.size; named.set(text, name); parts.push(serialize.parse({ text, name })); }
  parts.push(serialize.bind({ statement: name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync());
  const { messages } = await db.execProtocol(concat(parts));
  return parse.parseResults(messages, (db as any).parsers)[0];
}
async function fast(text: string, params: unknown[]) {
  const values = params.map((v) => (v === null || v === undefined ? null : pgUtils.prepareValue(v)));
  const msg = concat([serialize.parse({ text }), serialize.bind({ values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]);
  const { messages } = await db.execProtocol(msg);
  return parse.parseResults(messages, (db as any).parsers)[0];
}
const page = `select (select coalesce(json_agg(agg), '[]') from (select id, a, b, c, d, created_at from t where created_at < $1 order by created_at desc, id desc limit $2) agg) as rows`;
const one = 'select 1 as x, $1::text as y';
console.log(JSON.stringify(await fast(one, ['hi'])), JSON.stringify(await db.query(one, ['hi'])));
const a = await fast(page, [new Date(), 20]); const b = await db.query(page, [new Date(), 20]);
console.log(JSON.stringify(a).length, JSON.stringify(a.rows).slice(0, 200), JSON.stringify(a.rows) === JSON.stringify(b.rows), a.fields, b.fields);
try { await fast('select * from nope where x = $1', [1]); } catch (e) { console.log('err', (e as any).code, (e as Error).message); }
console.log(JSON.stringify(await fast(one, ['after error'])));
for (const [name, q, p] of [['select1', one, ['a']], ['page', page, [new Date(), 20]]] as const) {
  for (let r = 0; r < 3; r++) {
    let t0 = performance.now(); for (let i = 0; i < 2000; i++) await db.query(q, p as unknown[]); const std = (performance.now() - t0) / 2000;
    t0 = performance.now(); for (let i = 0; i < 2000; i++) await fast(q, p as unknown[]); const f = (performance.now() - t0) / 2000;
    t0 = performance.now(); for (let i = 0; i < 2000; i++) await prep(q, p as unknown[]); const pr = (performance.now() - t0) / 2000;
    console.log(name, 'query', (std * 1000).toFixed(0), 'µs  fast', (f * 1000).toFixed(0), 'µs prepared', (pr * 1000).toFixed(0));
  }
}
