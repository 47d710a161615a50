import Ajv from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PageConfig, PageConfigSchema } from '../../schemas/page';
import { builtinPages, readPageFiles } from '../../server/src/modules/visualdev/builtin-pages';
import { validateModel } from '../../server/src/modules/visualdev/model-validate';
import { createTestApp, createUser, grant, type TestApp } from './helpers';

/**
 * Issue 26 item 2: every built-in page config (src/pages/<area>/<page>.page.json) is a valid page (schemas/page.ts)
 * whose form and column configs pass the same check as an imported model ("a model that imports must save"), and the
 * server answers it through GET OnlineDev/{code}/Config, guarded by the system menu the page belongs to.
 */

const files = readPageFiles();
const checkPage = new Ajv({ allErrors: true, strict: false }).compile(PageConfigSchema);

describe('built-in page configs', () => {
  it('there are page files, each with a unique code', () => {
    expect(files.length).toBeGreaterThan(0);
    const codes = files.map(([, p]) => (p as PageConfig).code);
    expect(new Set(codes).size).toBe(codes.length);
  });
  it.each(files.map(([path, page]) => [path, page] as const))('%s validates against schemas/page.ts and the model check', (_path, page) => {
    expect(checkPage(page), JSON.stringify(checkPage.errors)).toBe(true);
    const p = page as PageConfig;
    // The same check an imported model passes (schemas/model.ts, known kdKeys, names, patterns, compile and table
    // layout), bound to a notional main table: the page's records live in the area's own tables.
    const tables = [{ typeId: '1', table: `page_${p.code.toLowerCase()}` }];
    // Checked as resource-backed (not columns; rules may name what the records carry: the tree node's nodeFields and
    // the add actions' defaults; a page with its own tree needs no treeRelation).
    const values = new Set([...Object.keys(p.resource.tree?.nodeFields ?? {}), ...(p.resource.actions ?? []).flatMap((a) => Object.keys(a.defaults ?? {}))]);
    for (const formData of [p.formData, ...Object.values(p.forms ?? {})]) {
      expect(() => validateModel({ id: p.code, fullName: p.fullName, enCode: p.code, webType: 2, tables, formData, columnData: p.columnData }, new Set(), { values, ownTree: !!p.resource.tree })).not.toThrow();
    }
    // Every column, search field and state field names a form field or a value the list call answers (no typos in props).
    for (const a of p.resource.actions ?? []) expect(a.kind === 'navigate' ? a.to : a.kind === 'form' ? p.forms?.[a.form ?? ''] : a.kind === 'dialog' ? a.renderer : a.kind === 'add' ? p.resource.create : a.kind === 'page' ? a.page : a.path, a.value).toBeTruthy();
    // A `page` action opens an existing page and hands it every parameter it declares.
    for (const a of (p.resource.actions ?? []).filter((x) => x.kind === 'page')) {
      const target = files.map(([, f]) => f as PageConfig).find((f) => f.code === a.page);
      expect(target, `${a.value} → ${a.page}`).toBeTruthy();
      expect(Object.keys(a.params ?? {}).sort()).toEqual([...(target?.params ?? [])].sort());
    }
  });
});

describe('GET OnlineDev/{page code}/Config (issue 26 item 2)', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers a built-in page like a model (formData/columnData as JSON strings) with its resource binding', async () => {
    const page = builtinPages().get('billRule')!;
    const r = await t.call('GET', '/api/visualdev/OnlineDev/billRule/Config', { token: admin });
    expect(r).toMatchObject({ status: 200, code: 200, data: { id: 'billRule', enCode: 'billRule', fullName: '单据规则', builtin: true, resource: page.resource } });
    expect(JSON.parse(r.data.formData)).toEqual(page.formData);
    expect(JSON.parse(r.data.columnData)).toEqual(page.columnData);
  });

  it('refuses a user without a grant on the page menu (403), allows one with it; models keep their own rule', async () => {
    await t.app.db.insertInto('role').values({ id: 'role-clerk', full_name: '文员', en_code: 'clerk' }).execute();
    await createUser(t.app, { account: 'clerk', password: 'Pass@123', roleIds: ['role-clerk'] });
    const token = await t.login('clerk', 'Pass@123');
    expect(await t.call('GET', '/api/visualdev/OnlineDev/billRule/Config', { token })).toMatchObject({ status: 200, code: 403, msg: '暂无权限' });
    expect(await t.call('GET', '/api/visualdev/OnlineDev/vd-supplier/Config', { token })).toMatchObject({ code: 403 });
    expect(await t.call('GET', '/api/visualdev/OnlineDev/no-such-thing/Config', { token })).toMatchObject({ code: 403 });
    await grant(t.app, 'Role', 'role-clerk', [['module', 'menu-bill-rule']]);
    expect((await t.call('GET', '/api/visualdev/OnlineDev/billRule/Config', { token })).code).toBe(200);
    expect(await t.call('GET', '/api/visualdev/OnlineDev/vd-supplier/Config', { token })).toMatchObject({ code: 403 });
    expect((await t.call('GET', '/api/visualdev/OnlineDev/no-such-thing/Config', { token: admin })).code).toBe(404);
  });
});
