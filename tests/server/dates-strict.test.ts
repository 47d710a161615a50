import { describe, expect, it } from 'vitest';
import { download, multipart, sheetRows, xlsx } from './excel-helpers';
import { signedInTestApp } from './helpers';
import { anOrder, orderModel } from './visualdev-fixtures';

/**
 * Issue 24 items 2 and 5 as a caller sees them: impossible dates answer 400 naming the field and the value (list
 * filters, the sign-in log filter, Excel import rows) in the request's language, the accepted formats still work, and
 * rich text reaches an Excel cell with its character references decoded.
 */

const s = signedInTestApp();
const IMPOSSIBLE = ['2025-02-30', 'abc 2025', '2025-01-15 99:99', '2025-01-15 25:00', '2025-13-01'];
const local = (y: number, m: number, d: number, h = 0, min = 0, sec = 0) => new Date(y, m - 1, d, h, min, sec).getTime();

async function model(enCode: string): Promise<string> {
  const r = await s.t.call('POST', '/api/visualdev/Base', { token: s.token, payload: orderModel(enCode, `kd_${enCode}`) });
  expect(r.code).toBe(200);
  return r.data.id;
}

describe('list filters (issue 24 item 2)', () => {
  it('refuse each impossible date with 400 naming the field and the value, in the request language', async () => {
    const id = await model('dt_list');
    const list = (payload: unknown, lang?: string) =>
      s.t.call('POST', `/api/visualdev/OnlineDev/${id}/List`, { token: s.token, payload, headers: lang ? { 'accept-language': lang } : undefined });
    for (const v of IMPOSSIBLE) {
      expect(await list({ queryJson: { orderDate: [v, null] } })).toMatchObject({ code: 400, msg: `orderDate的日期${v}格式不正确` });
      expect(await list({ queryJson: { orderDate: [null, v] } }, 'en')).toMatchObject({ code: 400, msg: `orderDate: ${v} is not a valid date` });
    }
    expect(await list({ queryJson: { orderDate: [123, null] } })).toMatchObject({ code: 400, msg: 'orderDate的日期123格式不正确' });
  });

  it('accept ms and seconds timestamps, YYYY-MM-DD, YYYY-MM-DD HH:mm and YYYY-MM-DD HH:mm:ss', async () => {
    const id = await model('dt_ok');
    const L = `/api/visualdev/OnlineDev/${id}`;
    for (const [no, at] of [['A', local(2025, 1, 15, 8, 30)], ['B', local(2025, 1, 16, 12)], ['C', local(2025, 1, 17)]] as const) {
      expect((await s.t.call('POST', L, { token: s.token, payload: anOrder({ orderNo: no, orderDate: at }) })).code).toBe(200);
    }
    const nos = async (range: unknown[]) => {
      const r = await s.t.call('POST', `${L}/List`, { token: s.token, payload: { typed: true, queryJson: { orderDate: range }, sidx: 'orderNo', sort: 'asc' } });
      expect(r.code).toBe(200);
      return r.data.list.map((x: { orderNo: string }) => x.orderNo);
    };
    expect(await nos(['2025-01-15', '2025-01-16'])).toEqual(['A', 'B']);
    expect(await nos(['2025-01-15 08:31', '2025-01-17 00:00:00'])).toEqual(['B', 'C']);
    expect(await nos([local(2025, 1, 15, 8, 30), String(local(2025, 1, 16, 12) / 1000)])).toEqual(['A', 'B']);
    expect(await nos([String(local(2025, 1, 16)), null])).toEqual(['B', 'C']);
  });
});

describe('sign-in log filter (issue 24 item 2)', () => {
  it('refuses impossible dates naming the parameter and the value; accepts the formats', async () => {
    const log = (q: string, lang?: string) => s.t.call('GET', `/api/permission/Users/Current/SystemLog?${q}`, { token: s.token, headers: lang ? { 'accept-language': lang } : undefined });
    for (const v of IMPOSSIBLE) {
      expect(await log(`startTime=${encodeURIComponent(v)}`)).toMatchObject({ code: 400, msg: `startTime的日期${v}不正确` });
      expect(await log(`endTime=${encodeURIComponent(v)}`, 'en')).toMatchObject({ code: 400, msg: `endTime: ${v} is not a valid date` });
    }
    for (const q of ['startTime=2025-01-15', 'startTime=2025-01-15%2008:30', 'startTime=2025-01-15%2008:30:00', 'startTime=1736899200', 'startTime=1736899200000&endTime=2099-12-31']) {
      const r = await log(q);
      expect(r.code, q).toBe(200);
      expect(r.data.pagination.total, q).toBeGreaterThan(0);
    }
  });
});

describe('Excel (issue 24 items 2 and 5)', () => {
  it('imports nothing when a date cell is impossible and lists each one in the row errors', async () => {
    const id = await model('dt_xl_bad');
    const rows = IMPOSSIBLE.map((v, i) => [`X-${i}`, '草稿', v]);
    const r = await s.t.call('POST', `/api/visualdev/OnlineDev/${id}/Actions/Import`, { token: s.token, ...multipart(await xlsx([['订单号', '状态', '下单日期'], ['OK', '草稿', '2025-01-15'], ...rows])) });
    expect(r).toMatchObject({ code: 400, msg: `导入失败：共${IMPOSSIBLE.length}处错误，未导入任何数据` });
    expect(r.data.errors).toEqual(IMPOSSIBLE.map((v, i) => ({ row: i + 3, field: 'orderDate', label: '下单日期', message: `下单日期的日期${v}格式不正确` })));
    expect((await s.t.call('POST', `/api/visualdev/OnlineDev/${id}/List`, { token: s.token, payload: { typed: true } })).data.pagination.total).toBe(0);
  });

  it('imports every accepted date format: text, ms and seconds timestamps, date cells', async () => {
    const id = await model('dt_xl_ok');
    const cells: Array<[unknown, number]> = [
      ['2025-01-15', local(2025, 1, 15)],
      ['2025-01-15 08:30', local(2025, 1, 15, 8, 30)],
      ['2025-01-15 08:30:45', local(2025, 1, 15, 8, 30, 45)],
      ['2025/1/5', local(2025, 1, 5)],
      [local(2025, 1, 16, 9), local(2025, 1, 16, 9)],
      [String(local(2025, 1, 17) / 1000), local(2025, 1, 17)],
      [new Date(Date.UTC(2025, 0, 18, 10, 15)), local(2025, 1, 18, 10, 15)],
    ];
    const buf = await xlsx([['订单号', '状态', '下单日期'], ...cells.map(([v], i) => [`OK-${i}`, '草稿', v])]);
    expect(await s.t.call('POST', `/api/visualdev/OnlineDev/${id}/Actions/Import`, { token: s.token, ...multipart(buf) })).toMatchObject({ code: 200 });
    const list = (await s.t.call('POST', `/api/visualdev/OnlineDev/${id}/List`, { token: s.token, payload: { typed: true, sidx: 'orderNo', sort: 'asc', pageSize: 50 } })).data.list;
    expect(list.map((x: { orderDate: number }) => x.orderDate)).toEqual(cells.map(([, ms]) => ms));
  });

  it('exports rich text with entities decoded', async () => {
    const id = await model('dt_xl_text');
    const note = '<p>A &amp; B &lt;3&gt; &quot;x&quot; &#20013;</p>';
    expect((await s.t.call('POST', `/api/visualdev/OnlineDev/${id}`, { token: s.token, payload: anOrder({ note }) })).code).toBe(200);
    const res = await download(s.t, s.token, `/api/visualdev/OnlineDev/${id}/Actions/Export`, { selectKey: ['orderNo', 'note'] });
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual(['订单号', '说明']);
    expect(rows[1]).toEqual(['SO-001', 'A & B <3> "x" 中']);
  });
});
