import { beforeAll, describe, expect, it } from 'vitest';
import { PU_PRINT_ID } from '../../server/src/db/seed/purchasing-print';
import { signedInTestApp } from './helpers';
import { DEMO, demoLogin, grantPuReq, P, reqBody } from './purchasing-fixtures';

/**
 * The seeded 采购申请单 print template (issue 17 item 2): bound to the requisition record source (source:puReq), so
 * printing reads a requisition with the purchasing routes' menu and department scope — 李娜 and 王芳 (采购部) print
 * 李娜's requisition; 孙丽 (品管部, granted the menu) gets 404 for it, for the data, the batch and the PDF alike.
 */
const ctx = signedInTestApp();
const D = '/api/system/printDev';
const tok: Record<string, string> = {};
const call = (method: 'GET' | 'POST', url: string, payload?: unknown, token = ctx.token) => ctx.t.call(method, url, { token, payload });
let reqId = '';
let billNo = '';

beforeAll(async () => {
  await grantPuReq(ctx.t, DEMO.roles.inspector, ['btn_add']);
  for (const u of ['lina', 'wangfang', 'sunli']) tok[u] = await demoLogin(ctx.t, u);
  const made = await call('POST', `${P}/CreateReq`, reqBody(3, { remark: '<b>加急</b>' }), tok.lina);
  expect(made.code, made.msg).toBe(200);
  reqId = made.data.id;
  billNo = made.data.billNo;
});

describe('requisition print (issue 17 item 2)', () => {
  it('the requester and the department print the sheet: header, every line, escaped text', async () => {
    for (const who of ['lina', 'wangfang']) {
      const r = await call('GET', `${D}/Data?id=${PU_PRINT_ID}&formId=${reqId}`, undefined, tok[who]);
      expect(r.code, `${who}: ${r.msg}`).toBe(200);
      expect(r.data.fullName).toBe('采购申请单');
      expect(r.data.printData).toMatchObject({ billNo, organizeName: '采购部', requesterName: '李娜', lineCount: 3, totalQty: 33, auditStateName: '草稿' });
      expect(r.data.html).toContain(`申请单号：${billNo}`);
      expect(r.data.html.match(/<td[^>]*>FA000\d<\/td>/g)).toHaveLength(3);
      expect(r.data.html).toContain('&lt;b&gt;加急&lt;/b&gt;');
      expect(r.data.pageParam).toMatchObject({ paper: 'A4', orientation: 'portrait' });
    }
  });

  it("another department's requisition cannot be printed: 404 for the data, the batch and the PDF", async () => {
    expect(await call('GET', `${D}/Data?id=${PU_PRINT_ID}&formId=${reqId}`, undefined, tok.sunli)).toMatchObject({ code: 404 });
    expect(await call('GET', `${D}/BatchData?id=${PU_PRINT_ID}&formId=${reqId}`, undefined, tok.sunli)).toMatchObject({ code: 404 });
    const pdf = await ctx.t.app.inject({ method: 'POST', url: `${D}/${PU_PRINT_ID}/Actions/Pdf`, headers: { authorization: tok.sunli as string }, payload: { formIds: [reqId] } });
    expect(pdf.json()).toMatchObject({ code: 404 });
    expect(await call('GET', `${D}/Data?id=${PU_PRINT_ID}&formId=no-such-requisition`, undefined, tok.lina)).toMatchObject({ code: 404 });
  });

  it('the designer sees the source fields; a template cannot bind an unknown source', async () => {
    const tree = (await call('POST', `${D}/Fields`, { modelId: 'source:puReq', sqlTemplate: '[]' })).data as Array<{ id: string; children?: Array<{ id: string }> }>;
    expect(tree.map((n) => n.id)).toEqual(['headTable', 'lines', 'approvals']);
    expect(tree[0]?.children?.map((c) => c.id)).toContain('billNo');
    const bad = await call('POST', D, { fullName: '坏绑定', enCode: 'badSource', type: 2, modelId: 'source:nothing', sqlTemplate: '[]', printTemplate: '<p>x</p>' });
    expect(bad).toMatchObject({ code: 400 });
  });
});
