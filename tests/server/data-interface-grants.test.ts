import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeBuiltinBins } from '../../server/src/modules/_shared/builtin-recycle';
import { createTestApp, createUser, grant, type TestApp } from './helpers';

/**
 * Data interfaces are granted (issue 20 item 3): running one needs a grant on it (roles, positions, users), the
 * explicit "every signed-in user" choice, or a form the caller may open whose stored field binds it.
 */

let t: TestApp;
let admin: string;
let clerk: string;
let staff: string;
let id: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  await t.app.db.insertInto('role').values({ id: 'role-di', full_name: '数据查看', en_code: 'diViewer' }).execute();
  await createUser(t.app, { account: 'diclerk', password: 'Clerk123' });
  await createUser(t.app, { account: 'distaff', password: 'Staff123', roleIds: ['role-di'] });
  clerk = await t.login('diclerk', 'Clerk123');
  staff = await t.login('distaff', 'Staff123');
  const made = await t.call('POST', B, { token: admin, payload: { fullName: '等级', enCode: 'grades', dataType: 2, query: JSON.stringify([{ id: 'g1', fullName: '一级' }]) } });
  id = made.data.id;
}, 300_000);
afterAll(async () => {
  await t.close();
});

const B = '/api/system/DataInterface';
const run = (token: string, body: Record<string, unknown> = {}) => t.call('POST', `${B}/${id}/Actions/Response`, { token, payload: body });

describe('running an interface needs a grant (issue 20 item 3)', () => {
  it('refuses a user without a grant, answers one granted through a role, and everyone once "every signed-in user" is chosen', async () => {
    expect(await run(clerk)).toMatchObject({ code: 403, msg: '暂无权限' });
    expect(await t.call('GET', `${B}/${id}/Actions/Response`, { token: staff })).toMatchObject({ code: 403, msg: '暂无权限' });
    expect(await t.call('POST', `${B}/${id}/Actions/List`, { token: staff, payload: { pageSize: 5 } })).toMatchObject({ code: 403 });
    expect(await run(admin)).toMatchObject({ code: 200, data: [{ id: 'g1' }] });
    expect((await t.call('GET', `${B}/${id}`, { token: admin })).data.runScope).toBe('granted');

    expect(await t.call('GET', `${B}/${id}/Authorize`, { token: admin })).toMatchObject({ code: 200, data: { runScope: 'granted', roleIds: [], userIds: [], positionIds: [] } });
    expect(await t.call('POST', `${B}/${id}/Authorize`, { token: admin, payload: { runScope: 'granted', roleIds: ['role-di'] } })).toMatchObject({ code: 200, msg: '修改成功' });
    expect(await t.call('GET', `${B}/${id}/Authorize`, { token: admin })).toMatchObject({ data: { runScope: 'granted', roleIds: ['role-di'], userIds: [] } });
    expect(await run(staff)).toMatchObject({ code: 200, data: [{ id: 'g1', fullName: '一级' }] });
    expect(await t.call('POST', `${B}/${id}/Actions/List`, { token: staff, payload: { pageSize: 5 } })).toMatchObject({ code: 200, data: { pagination: { total: 1 } } });
    expect(await run(clerk)).toMatchObject({ code: 403 });
    // A field source of type 2 sent as a config is checked the same way.
    const source = { config: { type: 2, content: id, multipleSelection: true, besideSelects: true, pagination: true, fields: [] }, pageSize: 20 };
    expect(await t.call('POST', `${B}/Source/List`, { token: clerk, payload: source })).toMatchObject({ code: 403 });
    expect(await t.call('POST', `${B}/Source/List`, { token: staff, payload: source })).toMatchObject({ code: 200 });

    expect(await t.call('POST', `${B}/${id}/Authorize`, { token: admin, payload: { runScope: 'signedIn', roleIds: [] } })).toMatchObject({ code: 200 });
    expect(await run(clerk)).toMatchObject({ code: 200, data: [{ id: 'g1' }] });
    expect((await t.call('GET', B, { token: admin })).data.list.find((d: { id: string }) => d.id === id).runScope).toBe('signedIn');
    await t.call('POST', `${B}/${id}/Authorize`, { token: admin, payload: { runScope: 'granted' } });
    expect(await run(clerk)).toMatchObject({ code: 403 });
  });

  it('grants are read and set only with the interface menu\'s btn_edit; unknown roles or users are refused by name', async () => {
    expect(await t.call('GET', `${B}/${id}/Authorize`, { token: staff })).toMatchObject({ code: 403, msg: '暂无权限' });
    expect(await t.call('POST', `${B}/${id}/Authorize`, { token: staff, payload: { runScope: 'signedIn' } })).toMatchObject({ code: 403 });
    expect(await t.call('POST', `${B}/${id}/Authorize`, { token: admin, payload: { runScope: 'granted', userIds: ['no-such-user'] } })).toMatchObject({ code: 400, msg: '用户不存在：no-such-user' });
    expect(await t.call('POST', `${B}/${id}/Authorize`, { token: admin, payload: { runScope: 'everyone' } })).toMatchObject({ code: 400 });
    expect(await t.call('GET', `${B}/no-such/Authorize`, { token: admin })).toMatchObject({ code: 404 });
    const clerkId = 'user-diclerk';
    expect(await t.call('POST', `${B}/${id}/Authorize`, { token: admin, payload: { runScope: 'granted', userIds: [clerkId] } })).toMatchObject({ code: 200 });
    expect(await run(clerk)).toMatchObject({ code: 200 });
    await t.call('POST', `${B}/${id}/Authorize`, { token: admin, payload: { runScope: 'granted' } });
    expect(await run(clerk)).toMatchObject({ code: 403 });
  });

  it('a form field bound to the interface loads its options for users who may open that form, and only there', async () => {
    // The supplier form's second field binds the interface as its dynamic options; the third binds nothing.
    await sql`update visualdev set form_data = jsonb_set(jsonb_set(form_data, '{fields,1,__config__,dataType}', '"dynamic"'), '{fields,1,__config__,propsUrl}', ${JSON.stringify(id)}::jsonb) where id = 'vd-supplier'`.execute(t.app.db);
    const fields = (await t.app.db.selectFrom('visualdev').select('form_data').where('id', '=', 'vd-supplier').executeTakeFirstOrThrow()).form_data as { fields: Array<{ __vModel__: string }> };
    const [bound, other] = [fields.fields[1].__vModel__, fields.fields[2].__vModel__];
    const via = (vModel?: string, modelId = 'vd-supplier') => ({ modelId, ...(vModel ? { vModel } : {}) });
    // The clerk may not open the supplier form yet.
    expect(await run(clerk, via(bound))).toMatchObject({ code: 403, msg: '暂无权限' });
    await grant(t.app, 'User', 'user-diclerk', [['module', 'menu-supplier']]);
    expect(await run(clerk, via(bound))).toMatchObject({ code: 200, data: [{ id: 'g1' }] });
    expect(await run(clerk, via())).toMatchObject({ code: 200 });
    expect(await t.call('GET', `${B}/${id}/Actions/Response?modelId=vd-supplier&vModel=${bound}`, { token: clerk })).toMatchObject({ code: 200 });
    // A field that does not bind this interface, or a model that does not exist, proves nothing.
    expect(await run(clerk, via(other))).toMatchObject({ code: 403 });
    expect(await run(clerk, via(bound, 'no-such-model'))).toMatchObject({ code: 403 });
    // The staff user may not open the supplier form: the field does not help them.
    expect(await run(staff, via(bound))).toMatchObject({ code: 403 });
    // The binding is the server's: once the field no longer binds it, the clerk is refused.
    await sql`update visualdev set form_data = jsonb_set(form_data, '{fields,1,__config__,propsUrl}', '"elsewhere"') where id = 'vd-supplier'`.execute(t.app.db);
    expect(await run(clerk, via(bound))).toMatchObject({ code: 403 });
  });

  it('deleting an interface bins it with its grants (a restore keeps them; the purge removes them, issue 27)', async () => {
    const other = (await t.call('POST', B, { token: admin, payload: { fullName: '临时', enCode: 'temp', dataType: 2, query: '[]' } })).data.id;
    await t.call('POST', `${B}/${other}/Authorize`, { token: admin, payload: { runScope: 'granted', roleIds: ['role-di'] } });
    const grants = () => t.app.db.selectFrom('authorize').select('id').where('item_type', '=', 'dataInterface').where('item_id', '=', other).execute();
    expect(await t.call('DELETE', `${B}/${other}`, { token: admin })).toMatchObject({ code: 200 });
    expect(await grants()).toHaveLength(1);
    expect((await t.call('POST', `${B}/Recycle/Actions/Restore`, { token: admin, payload: { ids: [other] } })).code).toBe(200);
    expect((await t.call('GET', `${B}/${other}/Authorize`, { token: admin })).data).toMatchObject({ roleIds: ['role-di'] });
    expect(await t.call('DELETE', `${B}/${other}`, { token: admin })).toMatchObject({ code: 200 });
    await t.app.db.updateTable('data_interface').set({ f_deleted_at: new Date(Date.now() - 31 * 86_400_000) }).where('id', '=', other).execute();
    await purgeBuiltinBins(t.app.db, 30);
    expect(await grants()).toEqual([]);
  });
});
