import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linesOf, subtableModel } from '../fixtures/subtable';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
let token: string;
let modelId: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  const r = await t.call('POST', '/api/visualdev/Base', { token, payload: subtableModel(true) });
  expect(r.code).toBe(200);
  modelId = r.data.id;
});
afterAll(async () => {
  await t.close();
});

describe('a record with a 20,000-line sub-table (issue 25 item 1)', () => {
  it('is created, read back whole, updated and still checked per cell by the server', async () => {
    const created = await t.call('POST', `/api/visualdev/OnlineDev/${modelId}`, { token, payload: { title: 'BIG', lines: linesOf(20000) } });
    expect(created.code).toBe(200);
    const id = created.data.id as string;
    const read = await t.call('GET', `/api/visualdev/OnlineDev/${modelId}/${id}`, { token });
    expect(read.data.lines).toHaveLength(20000);
    expect(read.data.lines[19999]).toMatchObject({ item: 'M20000', qty: 50, price: 1.25, amount: 62.5 });
    const lines = read.data.lines as Record<string, unknown>[];
    lines[0] = { ...lines[0], qty: 11 };
    const updated = await t.call('POST', `/api/visualdev/OnlineDev/App/${modelId}/${id}`, { token, payload: { title: 'BIG', lines, version: read.data.version } });
    expect(updated.code).toBe(200);
    const again = await t.call('GET', `/api/visualdev/OnlineDev/${modelId}/${id}`, { token });
    expect(again.data.lines[0]).toMatchObject({ qty: 11, amount: 13.75 });
    // A line removed near the end and one appended: the others keep their ids and order (only changed rows written).
    const edited = (again.data.lines as Record<string, unknown>[]).slice();
    edited.splice(19990, 1);
    edited.push({ item: 'NEW', qty: 2, price: 1 });
    const saved = await t.call('POST', `/api/visualdev/OnlineDev/App/${modelId}/${id}`, { token, payload: { title: 'BIG', lines: edited, version: again.data.version } });
    expect(saved.code).toBe(200);
    const after = await t.call('GET', `/api/visualdev/OnlineDev/${modelId}/${id}`, { token });
    expect(after.data.lines).toHaveLength(20000);
    expect(after.data.lines.slice(19989, 19991).map((l: { item: string }) => l.item)).toEqual(['M19990', 'M19992']);
    expect(after.data.lines[19999]).toMatchObject({ item: 'NEW', qty: 2, price: 1, amount: 2 });
    expect(after.data.lines[5].id).toBe(again.data.lines[5].id);
    expect(after.data.lines[19990].id).toBe(again.data.lines[19991].id);
    // The server's own validation is unchanged: an empty required 物料 in line 15,001 is refused with its cell.
    const bad = lines.slice();
    bad[15000] = { qty: 1 };
    const refused = await t.call('POST', `/api/visualdev/OnlineDev/App/${modelId}/${id}`, { token, payload: { title: 'BIG', lines: bad, version: after.data.version } });
    expect(refused.code).toBe(400);
    expect(refused.data.errors).toContainEqual(expect.objectContaining({ field: 'lines[15000].item' }));
  });

  it('a removal near the top of 300 lines (every later line moves) keeps ids, order and cells as sent', async () => {
    const created = await t.call('POST', `/api/visualdev/OnlineDev/${modelId}`, { token, payload: { title: 'MOVED', lines: linesOf(300) } });
    const id = created.data.id as string;
    const read = await t.call('GET', `/api/visualdev/OnlineDev/${modelId}/${id}`, { token });
    const lines = (read.data.lines as Record<string, unknown>[]).slice(1);
    lines[10] = { ...lines[10], qty: 3 };
    lines.push({ item: 'LAST', qty: 1, price: 4 });
    const saved = await t.call('POST', `/api/visualdev/OnlineDev/App/${modelId}/${id}`, { token, payload: { title: 'MOVED', lines, version: read.data.version } });
    expect(saved.code).toBe(200);
    const after = await t.call('GET', `/api/visualdev/OnlineDev/${modelId}/${id}`, { token });
    expect(after.data.lines).toHaveLength(300);
    expect(after.data.lines.map((l: { id: string }) => l.id).slice(0, 299)).toEqual(lines.slice(0, 299).map((l) => l.id));
    expect(after.data.lines[0]).toMatchObject({ item: 'M00002' });
    expect(after.data.lines[10]).toMatchObject({ item: 'M00012', qty: 3, amount: 3.75 });
    expect(after.data.lines[299]).toMatchObject({ item: 'LAST', amount: 4 });
  });
});
