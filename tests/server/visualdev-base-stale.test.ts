import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from './helpers';
import { orderModel } from './visualdev-fixtures';

/**
 * The server's version check of a model save (spec 001 §7 Base): GET Base/{id} answers `lastModifyTime` (ms) and who
 * saved; POST Base/{id} with that `lastModifyTime` saves only while nobody saved since — else 409 naming who and
 * when, the model unchanged; saves sent at once with the same stamp: one saved, the others refused.
 */
let t: TestApp;
let admin: string;
let bob: string;
const B = '/api/visualdev/Base';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  const bobId = await createUser(t.app, { account: 'bob.stale', password: 'Bob12345!', realName: '王小明' });
  await t.app.db.updateTable('users').set({ is_administrator: true }).where('id', '=', bobId).execute();
  bob = await t.login('bob.stale', 'Bob12345!');
});
afterAll(async () => {
  await t.close();
});

const stampOf = async (id: string) => (await t.call('GET', `${B}/${id}`, { token: admin })).data.lastModifyTime as number;

describe('POST Base/{id} version check', () => {
  it('saves with the stamp read; refuses a stale stamp naming who saved meanwhile, changing nothing', async () => {
    const made = await t.call('POST', B, { token: admin, payload: orderModel('staleCheck', 'kd_stale_check') });
    expect(made.code).toBe(200);
    const id = made.data.id as string;
    const got = await t.call('GET', `${B}/${id}`, { token: admin });
    expect(typeof got.data.lastModifyTime).toBe('number');
    const read = got.data.lastModifyTime as number;

    const saved = await t.call('POST', `${B}/${id}`, { token: admin, payload: { fullName: '订单一', lastModifyTime: read } });
    expect(saved).toMatchObject({ code: 200, msg: '修改成功' });
    const mine = saved.data.lastModifyTime as number;
    expect(mine).toBe(await stampOf(id));
    expect(mine).not.toBe(read);

    // 王小明 saves meanwhile; a save carrying the older stamp is refused and the model keeps his change.
    expect((await t.call('POST', `${B}/${id}`, { token: bob, payload: { fullName: '小明改的', lastModifyTime: mine } })).code).toBe(200);
    const stale = await t.call('POST', `${B}/${id}`, { token: admin, payload: { fullName: '订单二', lastModifyTime: mine } });
    expect(stale.code).toBe(409);
    expect(stale.msg).toMatch(/^王小明于\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}修改了此模型，本次修改未保存。请重新加载后再修改$/);
    expect(stale.data).toMatchObject({ lastModifyTime: await stampOf(id), lastModifyUserName: '王小明' });
    expect((await t.call('GET', `${B}/${id}`, { token: admin })).data).toMatchObject({ fullName: '小明改的', lastModifyUserId: 'user-bob.stale' });
    const en = await t.call('POST', `${B}/${id}`, { token: admin, payload: { fullName: '订单二', lastModifyTime: mine }, headers: { 'accept-language': 'en' } });
    expect(en.msg).toMatch(/^王小明 changed this model at .+; your changes were not saved/);

    // Without a stamp the save is as before (JNPF clients); a stamp that is no number is refused.
    expect((await t.call('POST', `${B}/${id}`, { token: admin, payload: { fullName: '订单三' } })).code).toBe(200);
    expect(await t.call('POST', `${B}/${id}`, { token: admin, payload: { fullName: '订单四', lastModifyTime: 'yesterday' } })).toMatchObject({ code: 400, msg: 'lastModifyTime 须为毫秒时间戳' });
    expect((await t.call('GET', `${B}/${id}`, { token: admin })).data.fullName).toBe('订单三');
  });

  it('saves sent at once with the same stamp: one is saved, the others refused', async () => {
    const id = (await t.call('POST', B, { token: admin, payload: orderModel('staleRace', 'kd_stale_race') })).data.id as string;
    const read = await stampOf(id);
    const names = ['甲', '乙', '丙', '丁', '戊'];
    const answers = await Promise.all(names.map((fullName, i) => t.call('POST', `${B}/${id}`, { token: i % 2 ? bob : admin, payload: { fullName, lastModifyTime: read } })));
    expect(answers.map((a) => a.code).sort()).toEqual([200, 409, 409, 409, 409]);
    const winner = names[answers.findIndex((a) => a.code === 200)];
    expect((await t.call('GET', `${B}/${id}`, { token: admin })).data.fullName).toBe(winner);
  });
});
