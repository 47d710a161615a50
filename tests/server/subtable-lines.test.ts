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
    // The server's own validation is unchanged: an empty required 物料 in line 15,001 is refused with its cell.
    const bad = lines.slice();
    bad[15000] = { qty: 1 };
    const refused = await t.call('POST', `/api/visualdev/OnlineDev/App/${modelId}/${id}`, { token, payload: { title: 'BIG', lines: bad, version: again.data.version } });
    expect(refused.code).toBe(400);
    expect(refused.data.errors).toContainEqual(expect.objectContaining({ field: 'lines[15000].item' }));
  });
});
