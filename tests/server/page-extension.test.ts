import { describe, expect, it } from 'vitest';
import { md5Hex } from '../../server/src/lib/password';
import { download, multipart, sheetRows, xlsx } from './excel-helpers';
import { createUser, grant, signedInTestApp } from './helpers';

/**
 * Issue 26 item 4: an administrator adds fields to a built-in entity (a user's employee number and WeChat) and a
 * column to its list. They are kept apart from the shipped page config (PUT …/Extension, checked as any model's
 * fields, versioned), appear in the page's Config, travel with the entity's own create / update / get / list calls,
 * are checked there with the same rules, and go when the record goes. Pages without additions answer as shipped.
 */
const ctx = signedInTestApp();
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, token = ctx.token) => ctx.t.call(method, url, { token, payload });
const EXT = '/api/visualdev/OnlineDev/permissionUser/Extension';
const importFile = (buf: Buffer) => ctx.t.call('POST', '/api/permission/Users/ImportData', { token: ctx.token, ...multipart(buf) });

const employeeNo = {
  __vModel__: 'employeeNo',
  __config__: { kdKey: 'comInput', label: '工号', required: true, regList: [{ pattern: '^KD\\d{4}$', message: '工号格式为KD加4位数字' }] },
};
const wechat = { __vModel__: 'wechat', __config__: { kdKey: 'comInput', label: '微信' } };
const columns = [{ prop: 'employeeNo', label: '工号', width: 100 }];

describe('extending a built-in page (issue 26 item 4)', () => {
  it('starts empty; the Config is as shipped', async () => {
    expect(await call('GET', EXT)).toMatchObject({ code: 200, data: { fields: [], columns: [], version: 0 } });
    const cfg = (await call('GET', '/api/visualdev/OnlineDev/permissionUser/Config')).data;
    expect(cfg.extensionVersion).toBe(0);
    expect(JSON.parse(cfg.formData).fields.map((f: { __vModel__: string }) => f.__vModel__)).not.toContain('employeeNo');
  });

  it('refuses bad additions with their path and stores nothing', async () => {
    const put = (fields: unknown[], cols: unknown[] = []) => call('PUT', EXT, { fields, columns: cols, version: 0 });
    expect(await put([{ __vModel__: 'account', __config__: { kdKey: 'comInput', label: '账户2' } }])).toMatchObject({ code: 400, msg: 'fields[0].__vModel__：字段名account已被页面自带的字段使用' });
    expect(await put([{ __vModel__: 'x', __config__: { kdKey: 'noSuchWidget', label: 'x' } }])).toMatchObject({ code: 400, data: { path: 'fields[0].__config__.kdKey' } });
    expect(await put([{ __vModel__: 'select', __config__: { kdKey: 'comInput', label: 'x' } }, { __vModel__: 'select', __config__: { kdKey: 'comInput', label: 'y' } }])).toMatchObject({ code: 400, data: { path: 'fields[1].__vModel__' } });
    expect(await put([{ __vModel__: 'bad', __config__: { kdKey: 'comInput', label: 'x', regList: [{ pattern: '([', message: 'm' }] } }])).toMatchObject({ code: 400, data: { path: 'fields[0].__config__.regList[0].pattern' } });
    expect(await put([{ __vModel__: 'lines', __config__: { kdKey: 'table', label: '明细', children: [] } }])).toMatchObject({ code: 400, data: { path: 'fields[0]' } });
    expect(await put([wechat], [{ prop: 'nickname', label: '昵称' }])).toMatchObject({ code: 400, data: { path: 'columns[0].prop' } });
    expect(await call('PUT', '/api/visualdev/OnlineDev/noSuchPage/Extension', { fields: [], columns: [], version: 0 })).toMatchObject({ code: 404 });
    expect((await call('GET', EXT)).data.version).toBe(0);
  });

  it('saves additions once; a stale version is refused (409) and overwrites nothing', async () => {
    expect(await call('PUT', EXT, { fields: [employeeNo, wechat], columns, version: 0 })).toMatchObject({ code: 200, data: { version: 1 } });
    expect(await call('PUT', EXT, { fields: [wechat], columns: [], version: 0 })).toMatchObject({ code: 409, data: { version: 1 } });
    expect((await call('GET', EXT)).data).toMatchObject({ version: 1, fields: [employeeNo, wechat], columns });
    const cfg = (await call('GET', '/api/visualdev/OnlineDev/permissionUser/Config')).data;
    expect(cfg.extensionVersion).toBe(1);
    const fields = JSON.parse(cfg.formData).fields.map((f: { __vModel__: string }) => f.__vModel__);
    expect(fields.slice(0, 2)).toEqual(['account', 'realName']);
    expect(fields.slice(-2)).toEqual(['employeeNo', 'wechat']);
    expect(JSON.parse(cfg.columnData).columnList.at(-1)).toEqual(columns[0]);
  });

  it('carries the values through create, get, list and update of the entity, checked by the added rules', async () => {
    const body = { account: 'Axiang', realName: '阿香', password: md5Hex('Stitch#Bag2026'), organizeId: 'org-quality' };
    expect(await call('POST', '/api/permission/Users', body)).toMatchObject({ code: 400, msg: '工号不能为空' });
    expect(await call('POST', '/api/permission/Users', { ...body, employeeNo: 'A1' })).toMatchObject({ code: 400, msg: '工号格式为KD加4位数字' });
    expect((await call('GET', '/api/permission/Users?keyword=Axiang')).data.list).toHaveLength(0);
    const created = await call('POST', '/api/permission/Users', { ...body, employeeNo: 'KD0042', wechat: 'axiang_bags' });
    expect(created.code).toBe(200);
    const id = created.data.id as string;
    expect((await call('GET', `/api/permission/Users/${id}`)).data).toMatchObject({ account: 'Axiang', employeeNo: 'KD0042', wechat: 'axiang_bags' });
    expect((await call('GET', '/api/permission/Users?keyword=Axiang')).data.list[0]).toMatchObject({ id, employeeNo: 'KD0042', wechat: 'axiang_bags' });
    // An update that sends none of them keeps them; one that sends one changes only it, checked against the rules.
    expect((await call('POST', `/api/permission/Users/${id}`, { account: 'Axiang', realName: '王阿香', organizeId: 'org-quality' })).code).toBe(200);
    expect(await call('POST', `/api/permission/Users/${id}`, { account: 'Axiang', realName: '王阿香', organizeId: 'org-quality', employeeNo: 'bad' })).toMatchObject({ code: 400, msg: '工号格式为KD加4位数字' });
    expect((await call('POST', `/api/permission/Users/${id}`, { account: 'Axiang', realName: '王阿香', organizeId: 'org-quality', wechat: 'xiang2' })).code).toBe(200);
    expect((await call('GET', `/api/permission/Users/${id}`)).data).toMatchObject({ realName: '王阿香', employeeNo: 'KD0042', wechat: 'xiang2' });
    // Deleting the user deletes its values.
    expect((await call('DELETE', `/api/permission/Users/${id}`)).code).toBe(200);
    expect(await ctx.t.app.db.selectFrom('page_extension_value').selectAll().where('record_id', '=', id).execute()).toEqual([]);
  });

  it('puts the added fields in the users Excel: export, template and an all-or-nothing import checked by their rules', async () => {
    const shift = { __vModel__: 'shift', __config__: { kdKey: 'select', label: '班次', dataType: 'static' }, __slot__: { options: [{ id: 'd', fullName: '白班' }, { id: 'n', fullName: '夜班' }] } };
    const version = (await call('GET', EXT)).data.version;
    expect((await call('PUT', EXT, { fields: [employeeNo, wechat, shift], columns, version })).code).toBe(200);
    const template = await sheetRows((await download(ctx.t, ctx.token, '/api/permission/Users/TemplateDownload', undefined, 'GET')).rawPayload);
    expect(template[0].slice(-3)).toEqual(['*工号', '微信', '班次']);
    expect(String(template[1].at(-1))).toContain('白班/夜班');
    const head = ['账户', '姓名', '所属组织', '工号', '班次'];
    const bad = await xlsx([head, ['Alan', '阿兰', '品质部', 'KD1', '夜班'], ['Bea', '阿贝', '品质部', 'KD0002', '早班'], ['Cai', '阿才', '品质部', '', '白班']]);
    const refused = await importFile(bad);
    expect(refused).toMatchObject({ code: 400, msg: '导入失败：共3处错误，未导入任何数据' });
    expect(refused.data.errors).toEqual([
      { row: 2, field: 'employeeNo', label: '工号', message: '工号格式为KD加4位数字' },
      { row: 3, field: 'shift', label: '班次', message: '班次的值早班不在可选范围内' },
      { row: 4, field: 'employeeNo', label: '工号', message: '工号不能为空' },
    ]);
    expect((await call('GET', '/api/permission/Users?keyword=Alan')).data.list).toHaveLength(0);
    const good = await xlsx([head, ['Alan', '阿兰', '品质部', 'KD1001', '夜班']]);
    expect((await importFile(good)).code).toBe(200);
    const alan = (await call('GET', '/api/permission/Users?keyword=Alan')).data.list[0];
    expect(alan).toMatchObject({ account: 'Alan', employeeNo: 'KD1001', shift: 'n' });
    const exported = await sheetRows((await download(ctx.t, ctx.token, '/api/permission/Users/ExportData', { keyword: 'Alan' })).rawPayload);
    expect(exported[0].slice(-3)).toEqual(['工号', '微信', '班次']);
    expect(exported[1].slice(-3)).toEqual(['KD1001', '', '夜班']);
    const picked = await sheetRows((await download(ctx.t, ctx.token, '/api/permission/Users/ExportData', { keyword: 'Alan', selectKey: ['account', 'employeeNo'] })).rawPayload);
    expect(picked[0]).toEqual(['账户', '工号']);
  });

  it('only an online-development editor may change additions; anyone who opens the page reads them', async () => {
    await ctx.t.app.db.insertInto('role').values({ id: 'role-hr', full_name: '人事', en_code: 'hr' }).execute();
    await createUser(ctx.t.app, { account: 'hr1', password: 'Pass@123', roleIds: ['role-hr'] });
    const hr = await ctx.t.login('hr1', 'Pass@123');
    expect((await call('GET', EXT, undefined, hr)).code).toBe(404);
    const menu = await ctx.t.app.db.selectFrom('module').select('id').where('url_address', '=', 'permission/user').executeTakeFirstOrThrow();
    await grant(ctx.t.app, 'Role', 'role-hr', [['module', menu.id]]);
    const { version } = (await call('GET', EXT, undefined, hr)).data;
    expect(version).toBe((await call('GET', EXT)).data.version);
    expect((await call('PUT', EXT, { fields: [], columns: [], version }, hr)).code).toBe(403);
  });
});
