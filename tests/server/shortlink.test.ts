import { createDecipheriv } from 'node:crypto';
import { md5Hex } from '../../server/src/lib/password';
import { KEEP_PASSWORD, SHORT_LINK_RATES } from '../../server/src/modules/shortlink/routes';
import { beforeEach, describe, expect, it } from 'vitest';
import { signedInTestApp } from './helpers';

/** 表单外链 (issue 18 item 7): a model's form at a public link, in JNPF 3.4's shapes (modules/shortlink). */
const s = signedInTestApp();
const MODEL = 'vd-supplier';
const SL = '/api/visualdev/ShortLink';
const row = { supplierCode: 'S0101', supplierName: '绍兴恒达纺织有限公司', category: 'fabric', level: 'A', creditLimit: 5000 };

type Link = { formLink: string; formUse: number; formPassUse: number; expiryTime: number | null };
const save = (body: Record<string, unknown>) => s.t.call('PUT', SL, { token: s.token, payload: { id: MODEL, formUse: 1, formPassUse: 0, formPassword: '', columnUse: 0, ...body } });
const tokenOf = (link: string) => link.split('encryption=')[1] ?? '';
/** What JNPF's public page does with `encryption` (Mnxhp src/views/formShortLink/index.vue Decrypt): hex → AES-128-ECB, key jnpflinkjnpflink → JSON. */
const jnpfDecrypt = (hex: string) => {
  const d = createDecipheriv('aes-128-ecb', Buffer.from('jnpflinkjnpflink'), null);
  return JSON.parse(Buffer.concat([d.update(Buffer.from(hex, 'hex')), d.final()]).toString('utf8'));
};
const supplierCount = async () => Number((await s.t.app.db.selectFrom('kd_supplier' as never).select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
/** A fresh address per case, so each case has its own rate-limit bucket. */
let ip = 0;
// biome-ignore lint/suspicious/noExplicitAny: tests read reply data loosely
type Reply = { code: number; msg: string; data: any };
const pub = (method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  s.t.app.inject({ method, url, payload: payload as never, headers, remoteAddress: `10.0.0.${ip}` }).then((r) => ({ status: r.statusCode, ...(r.json() as Reply) }));

beforeEach(async () => {
  ip++;
  await s.t.app.db.deleteFrom('visualdev_short_link' as never).execute();
  await s.t.app.db.deleteFrom('kd_supplier' as never).execute();
});

describe('ShortLink admin', () => {
  it('answers a model without a link as off, and saves one with a link that carries a random token', async () => {
    const before = await s.t.call('GET', `${SL}/${MODEL}`, { token: s.token });
    expect(before.data).toMatchObject({ id: MODEL, formUse: 0, formLink: '', formPassUse: 0, formPassword: '', columnUse: 0, expiryTime: null });
    const saved = await save({});
    expect(saved).toMatchObject({ code: 200, msg: '保存成功', data: { formUse: 1, formPassUse: 0 } });
    expect((saved.data as Link).formLink).toMatch(/\/#\/formShortLink\?id=vd-supplier&encryption=[0-9a-f]+$/);
    // JNPF's own page reads the model and the page kind from the value; the key inside is the link's secret.
    expect(jnpfDecrypt(tokenOf(saved.data.formLink))).toEqual({ modelId: MODEL, type: 'form', key: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect((await s.t.call('GET', `${SL}/${MODEL}`, { token: s.token })).data.formLink).toBe(saved.data.formLink);
    // JNPF's web client (its jnpf-origin header) routes in history mode (Mnxhp src/router/index.js:75): its links have no '#'.
    const jnpf = { 'jnpf-origin': 'pc' };
    const toJnpf = (await s.t.call('GET', `${SL}/${MODEL}`, { token: s.token, headers: jnpf })).data;
    expect(toJnpf.formLink).toBe(saved.data.formLink.replace('/#/formShortLink', '/formShortLink'));
    expect(toJnpf.columnLink).toMatch(/^http:\/\/[^/]+\/formShortLink\?id=vd-supplier&encryption=[0-9a-f]+$/);
    expect((await pub('GET', `${SL}/getConfig/${MODEL}?encryption=${tokenOf(saved.data.formLink)}`, undefined, jnpf)).data.formLink).toBe(toJnpf.formLink);
    // Without a sign-in the admin side answers 602; a password without characters or an expiry in the past is refused.
    expect(await s.t.call('GET', `${SL}/${MODEL}`)).toMatchObject({ code: 602 });
    expect(await save({ formPassUse: 1 })).toMatchObject({ code: 400, msg: '请输入密码' });
    expect(await save({ expiryTime: Date.now() - 1000 })).toMatchObject({ code: 400 });
    // The public query may only use the public form's fields (currency is a dictionary select: not public).
    expect(await save({ columnUse: 1, columnText: JSON.stringify([{ __vModel__: 'currency' }]) })).toMatchObject({ code: 400, msg: '公开查询只能选择外链表单中的字段' });
    expect(await save({ columnUse: 1, columnText: '{' })).toMatchObject({ code: 400 });
    // Our dialog sends plain names: one name stays a list of one.
    expect((await save({ columnUse: 1, columnCondition: ['supplierName'], columnText: ['supplierCode'] })).data).toMatchObject({ columnUse: 1 });
    expect(JSON.parse((await s.t.call('GET', `${SL}/${MODEL}`, { token: s.token })).data.columnText).map((f: { prop: string }) => f.prop)).toEqual(['supplierCode']);
  });
});

describe('ShortLink public side', () => {
  it('refuses a link that is off or unknown like a missing page, and answers nothing of the model', async () => {
    const link = (await save({ formUse: 0 })).data as Link;
    const token = tokenOf(link.formLink);
    expect(await pub('GET', `${SL}/getConfig/${MODEL}?encryption=${token}`)).toMatchObject({ code: 404, msg: '外链不存在或已关闭', data: null });
    expect(await pub('GET', `${SL}/${MODEL}/Config?encryption=${token}`)).toMatchObject({ code: 404 });
    expect(await pub('POST', `${SL}/${MODEL}?encryption=${token}`, row)).toMatchObject({ code: 404 });
    await save({ formUse: 1 });
    expect(await pub('GET', `${SL}/getConfig/${MODEL}?encryption=${'0'.repeat(32)}`)).toMatchObject({ code: 404 });
    expect(await pub('GET', `${SL}/getConfig/${MODEL}`)).toMatchObject({ code: 404 });
    expect(await supplierCount()).toBe(0);
  });

  it('serves the public form without sign-in and creates a record of that model only', async () => {
    const token = tokenOf(((await save({})).data as Link).formLink);
    const info = await pub('GET', `${SL}/getConfig/${MODEL}?encryption=${token}`);
    expect(info).toMatchObject({ code: 200, data: { id: MODEL, fullName: '供应商', formUse: 1, formPassUse: 0, columnUse: 0 } });
    const config = await pub('GET', `${SL}/${MODEL}/Config?encryption=${token}`);
    expect(config).toMatchObject({ code: 200, data: { id: MODEL, fullName: '供应商', enableFlow: 0 } });
    const fields = (JSON.parse(config.data.formData).fields as Array<{ __vModel__: string }>).map((f) => f.__vModel__);
    // Dictionary selects (currency, country) call sign-in APIs: the public form leaves them out, as JNPF's page does.
    expect(fields).toEqual(['supplierCode', 'supplierName', 'category', 'level', 'certifications', 'creditLimit', 'cooperationDate', 'contactPhone', 'active', 'address', 'remark']);
    const created = await pub('POST', `${SL}/${MODEL}?encryption=${token}`, { data: JSON.stringify(row) });
    expect(created).toMatchObject({ code: 200, msg: '提交成功', data: null });
    const stored = await s.t.app.db.selectFrom('kd_supplier' as never).selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ supplierCode: 'S0101', supplierName: '绍兴恒达纺织有限公司', created_by: null });
    // The model's own validation applies (its pattern and its required fields).
    expect(await pub('POST', `${SL}/${MODEL}?encryption=${token}`, { ...row, supplierCode: 'X1' })).toMatchObject({ code: 400, msg: '供应商编码须为S加4位数字' });
    expect(await pub('POST', `${SL}/${MODEL}?encryption=${token}`, { supplierCode: 'S0102' })).toMatchObject({ code: 400 });
    // The token is this model's: another model's path with it is refused; nothing else is written.
    expect(await pub('POST', `${SL}/vd-other?encryption=${token}`, row)).toMatchObject({ code: 404 });
    expect(await pub('GET', `${SL}/${MODEL}/Config?encryption=${token}&n=1`, undefined)).toMatchObject({ code: 200 });
    expect(await supplierCount()).toBe(1);
  });

  it('refuses a field the public form does not show', async () => {
    const token = tokenOf(((await save({})).data as Link).formLink);
    expect(await pub('POST', `${SL}/${MODEL}?encryption=${token}`, { ...row, currency: 'currency-CNY' })).toMatchObject({ code: 403 });
    expect(await supplierCount()).toBe(0);
    // System columns are not the model's fields: dropped as by the normal create, never written.
    expect(await pub('POST', `${SL}/${MODEL}?encryption=${token}`, { ...row, id: 'mine', created_by: 'me' })).toMatchObject({ code: 200 });
    const [stored] = await s.t.app.db.selectFrom('kd_supplier' as never).selectAll().execute();
    expect(stored).toMatchObject({ created_by: null });
    expect((stored as { id: string }).id).not.toBe('mine');
  });

  it('asks for the password: checkPwd and the create refuse a wrong one', async () => {
    const token = tokenOf(((await save({ formPassUse: 1, formPassword: 'Gys@2026' })).data as Link).formLink);
    expect((await pub('GET', `${SL}/getConfig/${MODEL}?encryption=${token}`)).data).toMatchObject({ formPassUse: 1 });
    expect((await s.t.call('GET', `${SL}/${MODEL}`, { token: s.token })).data).toMatchObject({ formPassUse: 1, formPassword: '' });
    const check = (password: string) => pub('POST', `${SL}/checkPwd`, { id: MODEL, type: 0, encryption: token, password });
    expect(await check(md5Hex('wrong'))).toMatchObject({ code: 400, msg: '密码错误' });
    expect(await check(md5Hex('Gys@2026'))).toMatchObject({ code: 200 });
    const post = (headers: Record<string, string>) => pub('POST', `${SL}/${MODEL}?encryption=${token}`, row, headers);
    expect(await post({})).toMatchObject({ code: 400, msg: '请输入密码' });
    expect(await post({ 'x-link-password': md5Hex('wrong') })).toMatchObject({ code: 400, msg: '密码错误' });
    expect(await supplierCount()).toBe(0);
    expect(await post({ 'x-link-password': md5Hex('Gys@2026') })).toMatchObject({ code: 200 });
    // Saving again without a new password keeps the stored one.
    await save({ formPassUse: 1, formPassword: '' });
    expect(await check(md5Hex('Gys@2026'))).toMatchObject({ code: 200 });
    // JNPF's dialog sends back what it read and refuses an empty password with the switch on (ShortLinkDialog.vue:358-360):
    // it reads a stand-in for the stored password, which a save keeps.
    const read = (await s.t.call('GET', `${SL}/${MODEL}`, { token: s.token, headers: { 'jnpf-origin': 'pc' } })).data;
    expect(read).toMatchObject({ formPassUse: 1, formPassword: KEEP_PASSWORD, columnPassword: '' });
    expect((await s.t.call('PUT', SL, { token: s.token, headers: { 'jnpf-origin': 'pc' }, payload: { ...read, columnCondition: '[]', columnText: '[]' } })).code).toBe(200);
    expect(await check(md5Hex('Gys@2026'))).toMatchObject({ code: 200 });
    expect(await check(md5Hex(KEEP_PASSWORD))).toMatchObject({ code: 400 });
  });

  it("unlocks the page for JNPF's client by checkPwd's cookie, which a changed password voids", async () => {
    const token = tokenOf(((await save({ formPassUse: 1, formPassword: 'Gys@2026' })).data as Link).formLink);
    const inject = (method: 'POST', url: string, payload: unknown, cookie?: string) =>
      s.t.app.inject({ method, url, payload: payload as never, headers: cookie ? { cookie } : {}, remoteAddress: `10.0.0.${ip}` });
    const checked = await inject('POST', `${SL}/checkPwd`, { id: MODEL, type: 0, encryption: token, password: md5Hex('Gys@2026') });
    const setCookie = String(checked.headers['set-cookie']);
    expect(setCookie).toMatch(/^kd_sl_form_[0-9a-f]{12}=\d+\.[0-9a-f]{32}; Max-Age=43200; Path=\/api\/visualdev\/ShortLink; HttpOnly; SameSite=Strict$/);
    const cookie = setCookie.split(';')[0];
    // A wrong password sets nothing; the client's create then carries only the cookie (form/index.vue submitForm).
    expect((await inject('POST', `${SL}/checkPwd`, { id: MODEL, type: 0, encryption: token, password: md5Hex('bad') })).headers['set-cookie']).toBeUndefined();
    const create = (c?: string) => inject('POST', `${SL}/${MODEL}?encryption=${token}`, { data: JSON.stringify(row) }, c).then((r) => r.json() as Reply);
    expect(await create()).toMatchObject({ code: 400, msg: '请输入密码' });
    expect(await create(`${cookie.slice(0, -1)}0`)).toMatchObject({ code: 400, msg: '请输入密码' });
    expect(await create(cookie)).toMatchObject({ code: 200, msg: '提交成功' });
    await save({ formPassUse: 1, formPassword: 'Gys@2027' });
    expect(await create(cookie)).toMatchObject({ code: 400, msg: '请输入密码' });
    expect(await supplierCount()).toBe(1);
  });

  it('refuses an expired link', async () => {
    const token = tokenOf(((await save({ expiryTime: Date.now() + 60_000 })).data as Link).formLink);
    expect(await pub('GET', `${SL}/getConfig/${MODEL}?encryption=${token}`)).toMatchObject({ code: 200 });
    await s.t.app.db.updateTable('visualdev_short_link' as never).set({ expires_at: new Date(Date.now() - 1000) } as never).execute();
    expect(await pub('GET', `${SL}/getConfig/${MODEL}?encryption=${token}`)).toMatchObject({ code: 410, msg: '外链已过期' });
    expect(await pub('POST', `${SL}/${MODEL}?encryption=${token}`, row)).toMatchObject({ code: 410 });
    expect(await supplierCount()).toBe(0);
  });

  it('answers 429 once an address passes the password-check limit', async () => {
    const token = tokenOf(((await save({ formPassUse: 1, formPassword: 'Gys@2026' })).data as Link).formLink);
    const check = () => pub('POST', `${SL}/checkPwd`, { id: MODEL, type: 0, encryption: token, password: md5Hex('guess') });
    for (let i = 0; i < SHORT_LINK_RATES.checkPwd; i++) expect((await check()).code).toBe(400);
    expect(await check()).toMatchObject({ code: 429 });
    // Even the right password waits now; another address is not affected.
    expect((await pub('POST', `${SL}/checkPwd`, { id: MODEL, type: 0, encryption: token, password: md5Hex('Gys@2026') })).code).toBe(429);
    ip++;
    expect((await pub('POST', `${SL}/checkPwd`, { id: MODEL, type: 0, encryption: token, password: md5Hex('Gys@2026') })).code).toBe(200);
  });
});

describe('ShortLink public query (公开查询)', () => {
  /** Saves a link with the public query on, showing code, name and level, searchable by name; returns both pages' values. */
  const saveQuery = async (body: Record<string, unknown> = {}) => {
    const shown = ['supplierCode', 'supplierName', 'level'].map((p) => ({ __vModel__: p }));
    const saved = await save({ columnUse: 1, columnCondition: JSON.stringify([{ __vModel__: 'supplierName' }]), columnText: JSON.stringify(shown), ...body });
    expect(saved.code).toBe(200);
    return { saved: saved.data, form: tokenOf(saved.data.formLink), list: tokenOf(saved.data.columnLink) };
  };
  const seed = async () => {
    for (const [code, name, level] of [['S0201', '杭州远航物流有限公司', 'A'], ['S0202', '宁波港丰五金有限公司', 'B'], ['S0203', '杭州明远纺织有限公司', 'C']]) {
      expect((await s.t.call('POST', `/api/visualdev/OnlineDev/${MODEL}`, { token: s.token, payload: { ...row, supplierCode: code, supplierName: name, level } })).code).toBe(200);
    }
  };
  const list = (enc: string, body: Record<string, unknown> = {}, headers: Record<string, string> = {}) => pub('POST', `${SL}/${MODEL}/ListLink?encryption=${enc}`, { currentPage: 1, pageSize: 20, sort: 'desc', sidx: '', menuId: MODEL, queryJson: '', superQueryJson: '', ...body }, headers);

  it('publishes a list of the chosen fields at its own link, searchable by the chosen fields only', async () => {
    await seed();
    const { saved, form, list: enc } = await saveQuery();
    expect(saved).toMatchObject({ columnUse: 1, columnPassUse: 0 });
    expect(JSON.parse(saved.columnText).map((f: { prop: string }) => f.prop)).toEqual(['supplierCode', 'supplierName', 'level']);
    expect(jnpfDecrypt(enc)).toMatchObject({ modelId: MODEL, type: 'list' });
    // JNPF's list page: getConfig (the query's fields as JNPF items), Config (column design of the shown fields), ListLink.
    const info = await pub('GET', `${SL}/getConfig/${MODEL}?encryption=${enc}`);
    expect(info.data).toMatchObject({ id: MODEL, type: 'list', columnUse: 1, columnPassUse: 0 });
    expect(JSON.parse(info.data.columnCondition)[0]).toMatchObject({ prop: 'supplierName', __vModel__: 'supplierName', jnpfKey: 'comInput' });
    const config = await pub('GET', `${SL}/${MODEL}/Config?encryption=${enc}`);
    expect(JSON.parse(config.data.columnData)).toMatchObject({ type: 1, btnsList: [], columnBtnsList: [] });
    expect(JSON.parse(config.data.columnData).columnList.map((c: { prop: string }) => c.prop)).toEqual(['supplierCode', 'supplierName', 'level']);
    const all = await list(enc);
    expect(all).toMatchObject({ code: 200, data: { pagination: { total: 3 } } });
    expect(Object.keys(all.data.list[0]).sort()).toEqual(['id', 'level', 'supplierCode', 'supplierName']);
    const found = await list(enc, { queryJson: JSON.stringify({ supplierName: '杭州' }) });
    expect(found.data.list.map((r: { supplierCode: string }) => r.supplierCode).sort()).toEqual(['S0201', 'S0203']);
    // A field the query does not search by, or a sort by a column it does not show: refused.
    expect((await list(enc, { queryJson: JSON.stringify({ creditLimit: 5000 }) })).code).toBe(400);
    expect((await list(enc, { sidx: 'creditLimit' })).code).toBe(400);
    // The detail (JNPF's DataChange) carries only the shown fields.
    const detail = await pub('GET', `${SL}/${MODEL}/${all.data.list[0].id}/DataChange?encryption=${enc}`);
    expect(Object.keys(JSON.parse(detail.data.data)).sort()).toEqual(['id', 'level', 'supplierCode', 'supplierName']);
    expect((await pub('GET', `${SL}/${MODEL}/no-such-row/DataChange?encryption=${enc}`)).code).toBe(404);
    // Each page's value opens only its page: the form's value lists nothing, the query's value creates nothing.
    expect((await list(form)).code).toBe(404);
    expect((await pub('POST', `${SL}/${MODEL}?encryption=${enc}`, row)).code).toBe(404);
    expect(await supplierCount()).toBe(3);
  });

  it('asks for the query password; turning the query off closes its link', async () => {
    await seed();
    const { list: enc } = await saveQuery({ columnPassUse: 1, columnPassword: 'Cx@20261' });
    expect((await pub('GET', `${SL}/getConfig/${MODEL}?encryption=${enc}`)).data).toMatchObject({ columnPassUse: 1, formPassUse: 0 });
    expect(await pub('POST', `${SL}/checkPwd`, { id: MODEL, type: 1, encryption: enc, password: md5Hex('nope') })).toMatchObject({ code: 400, msg: '密码错误' });
    expect(await pub('POST', `${SL}/checkPwd`, { id: MODEL, type: 1, encryption: enc, password: md5Hex('Cx@20261') })).toMatchObject({ code: 200 });
    expect(await list(enc)).toMatchObject({ code: 400, msg: '请输入密码' });
    expect((await list(enc, {}, { 'x-link-password': md5Hex('Cx@20261') })).data.list).toHaveLength(3);
    // JNPF's list page sends no password after checkPwd: the query's unlock cookie opens ListLink (not the form).
    const checked = await s.t.app.inject({ method: 'POST', url: `${SL}/checkPwd`, payload: { id: MODEL, type: 1, encryption: enc, password: md5Hex('Cx@20261') }, remoteAddress: `10.0.0.${ip}` });
    const cookie = String(checked.headers['set-cookie']).split(';')[0];
    expect(cookie).toMatch(/^kd_sl_list_/);
    expect((await list(enc, {}, { cookie })).data.list).toHaveLength(3);
    await save({ columnUse: 0 });
    expect(await list(enc, {}, { 'x-link-password': md5Hex('Cx@20261') })).toMatchObject({ code: 404, msg: '外链不存在或已关闭' });
  });

  it('keeps a link saved before the query existed (the bare token) opening the form', async () => {
    await save({});
    const { token } = await s.t.app.db.selectFrom('visualdev_short_link' as never).select('token' as never).executeTakeFirstOrThrow() as { token: string };
    expect((await pub('GET', `${SL}/getConfig/${MODEL}?encryption=${token}`)).data).toMatchObject({ type: 'form', formUse: 1 });
    expect((await list(token)).code).toBe(404);
  });
});
