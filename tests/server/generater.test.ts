import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, grant, type TestApp } from './helpers';
import { orderModel } from './visualdev-fixtures';

/** Code generation API (spec 001 §7 Generater AreasName, CodePreview, DownloadCode; issue 4 item 8). */
const G = '/api/visualdev/Generater';
const PREVIEW = `${G}/vd-supplier/Actions/CodePreview`;
const DOWNLOAD = `${G}/vd-supplier/Actions/DownloadCode`;

type File = { fileName: string; fileContent: string; fileType: string };

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(async () => {
  await t.close();
});

describe('Generater AreasName', () => {
  it('lists the module areas as a plain array of folder names, to any signed-in user', async () => {
    const r = await t.call('GET', `${G}/AreasName?n=1`, { token: admin });
    expect(r.code).toBe(200);
    expect(r.data).toEqual(expect.arrayContaining(['system', 'extend', 'purchasing', 'inspection', 'stock', 'costing', 'order', 'sample', 'scheduling', 'shipping']));
    for (const a of r.data) expect(a).toMatch(/^[a-z][A-Za-z]*$/);
    expect(await t.call('GET', `${G}/AreasName`)).toMatchObject({ code: 602 });
  });
});

describe('Generater CodePreview', () => {
  it('answers the page, the server module, the model and a README for the supplier model', async () => {
    const r = await t.call('POST', PREVIEW, { token: admin, payload: { module: 'purchasing' } });
    expect(r.code).toBe(200);
    const files: File[] = r.data.list;
    expect(files.map((f) => [f.fileName, f.fileType])).toEqual([
      ['src/app/pages/purchasing/SupplierPage.tsx', 'tsx'],
      ['server/src/modules/purchasing/supplier/routes.ts', 'ts'],
      ['server/src/modules/purchasing/supplier/repository.ts', 'ts'],
      ['server/src/modules/purchasing/supplier/model.ts', 'ts'],
      ['server/src/modules/purchasing/supplier/model.json', 'json'],
      ['server/src/modules/purchasing/supplier/README.md', 'md'],
    ]);
    const [page, routes, repository, , json, readme] = files.map((f) => f.fileContent);
    expect(page).toContain("from '../../../runtime/ModelList'");
    expect(page).toContain("export const MODEL_ID = 'vd-supplier';");
    expect(page).toContain('export const FORM: FormConfig = {');
    expect(page).toContain('export default function SupplierPage(');
    expect(routes).toContain("from '../../../../../src/engine/validate'");
    expect(routes).toContain('const model = compileModel(MODEL);');
    expect(routes).toContain('validateRecord(model.compiled, present, req.lang)');
    expect(routes).toContain("const BASE = '/api/visualdev/OnlineDev/vd-supplier';");
    expect(repository).toContain('export interface SupplierTable {');
    expect(repository).toContain('  creditLimit: number | null;');
    expect(repository).toContain('  certifications: Json;');
    expect(repository).toContain("export const KEYWORD_FIELDS: ReadonlyArray<'supplierCode' | 'supplierName'>");
    const model = JSON.parse(json);
    expect(model).toMatchObject({ id: 'vd-supplier', enCode: 'supplier', tables: [{ table: 'kd_supplier' }] });
    expect(model.formData.fields).toHaveLength(13);
    expect(readme).toContain("() => import('./purchasing/supplier/routes'),");
  });

  it('uses the given class name and description, and keeps hostile text out of the code', async () => {
    const r = await t.call('POST', PREVIEW, { token: admin, payload: { module: 'stock', className: 'VendorMaster', description: 'Vendors */ process.exit(1) /*\nnext' } });
    expect(r.code).toBe(200);
    const files: File[] = r.data.list;
    expect(files[0].fileName).toBe('src/app/pages/stock/VendorMasterPage.tsx');
    expect(files[1].fileName).toBe('server/src/modules/stock/vendor-master/routes.ts');
    expect(files[2].fileContent).toContain('export async function listVendorMaster(');
    for (const f of files.filter((x) => x.fileType !== 'json')) {
      expect(f.fileContent).not.toContain('*/ process.exit');
      expect(f.fileContent).toContain('Vendors *∕ process.exit(1) /* next');
    }
  });

  it('refuses a missing or unknown area, a bad class name and an unknown model, naming the field', async () => {
    expect(await t.call('POST', PREVIEW, { token: admin, payload: {} })).toMatchObject({ code: 400, msg: 'module不能为空' });
    expect(await t.call('POST', PREVIEW, { token: admin, payload: { module: '../../etc' } })).toMatchObject({ code: 400, msg: 'module的值不在可选范围内' });
    expect(await t.call('POST', PREVIEW, { token: admin, payload: { module: 'stock', className: 'supplier; drop' } })).toMatchObject({ code: 400, msg: 'className格式不正确' });
    expect(await t.call('POST', PREVIEW, { token: admin, payload: { module: 'stock', className: 'X'.repeat(51) } })).toMatchObject({ code: 400 });
    expect(await t.call('POST', `${G}/nope/Actions/CodePreview`, { token: admin, payload: { module: 'stock' } })).toMatchObject({ code: 404 });
  });

  it('generates a model with sub-tables: child-table rows in the repository, the sub-table accepted by the routes', async () => {
    const created = await t.call('POST', '/api/visualdev/Base', { token: admin, payload: orderModel('genorder', 'kd_genorder') });
    expect(created.code).toBe(200);
    const list = await t.call('GET', '/api/visualdev/Base?keyword=genorder', { token: admin });
    const id = list.data.list.find((m: { enCode: string }) => m.enCode === 'genorder').id;
    const r = await t.call('POST', `${G}/${id}/Actions/CodePreview`, { token: admin, payload: { module: 'order' } });
    expect(r.code).toBe(200);
    const repo = r.data.list.find((f: File) => f.fileName.endsWith('/repository.ts')).fileContent as string;
    expect(repo).toContain("{ vModel: 'lines', table: 'kd_genorder_lines', key: 'parent_id', fields: ['item', 'qty', 'price', 'lineTotal']");
    expect(repo).toContain('export interface GenorderLinesRow');
    expect(repo).toContain('lines: GenorderLinesRow[]');
    const routes = r.data.list.find((f: File) => f.fileName.endsWith('/routes.ts')).fileContent as string;
    expect(routes).toContain('SUB_TABLES.map((st) => st.vModel)');
  });

  it('is allowed to holders of the model menu and refused (暂无权限) to others', async () => {
    await createUser(t.app, { account: 'dev', password: 'Pass@123' });
    const token = await t.login('dev', 'Pass@123');
    expect(await t.call('POST', PREVIEW, { token, payload: { module: 'stock' } })).toMatchObject({ code: 403, msg: '暂无权限' });
    expect(await t.call('POST', DOWNLOAD, { token, payload: { module: 'stock' } })).toMatchObject({ code: 403 });
    await grant(t.app, 'User', 'user-dev', [['module', 'menu-supplier']]);
    expect((await t.call('POST', PREVIEW, { token, payload: { module: 'stock' } })).code).toBe(200);
  });
});

describe('Generater DownloadCode', () => {
  it('answers a zip holding exactly the CodePreview files at their paths', async () => {
    const body = { module: 'purchasing', className: 'Supplier' };
    const preview: File[] = (await t.call('POST', PREVIEW, { token: admin, payload: body })).data.list;
    const res = await t.app.inject({ method: 'POST', url: DOWNLOAD, headers: { authorization: admin }, payload: body });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain('supplier-code.zip');
    const zip = await JSZip.loadAsync(res.rawPayload);
    const names = Object.keys(zip.files).filter((n) => !zip.files[n].dir);
    expect(names.sort()).toEqual(preview.map((f) => f.fileName).sort());
    for (const f of preview) expect(await zip.file(f.fileName)!.async('string')).toBe(f.fileContent);
  });

  it('answers an envelope, not a zip, on bad input', async () => {
    const res = await t.app.inject({ method: 'POST', url: DOWNLOAD, headers: { authorization: admin }, payload: { module: 'nowhere' } });
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toMatchObject({ code: 400 });
  });
});
