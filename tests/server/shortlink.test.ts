import { md5Hex } from '../../server/src/lib/password';
import { SHORT_LINK_RATES } from '../../server/src/modules/shortlink/routes';
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
    expect((saved.data as Link).formLink).toMatch(/\/#\/formShortLink\?id=vd-supplier&encryption=[0-9a-f]{32}$/);
    expect((await s.t.call('GET', `${SL}/${MODEL}`, { token: s.token })).data.formLink).toBe(saved.data.formLink);
    // Without a sign-in the admin side answers 602; a password without characters or an expiry in the past is refused.
    expect(await s.t.call('GET', `${SL}/${MODEL}`)).toMatchObject({ code: 602 });
    expect(await save({ formPassUse: 1 })).toMatchObject({ code: 400, msg: '请输入密码' });
    expect(await save({ expiryTime: Date.now() - 1000 })).toMatchObject({ code: 400 });
    expect(await save({ columnUse: 1 })).toMatchObject({ code: 400, msg: '暂不支持公开查询' });
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
