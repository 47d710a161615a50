import { describe, expect, it } from 'vitest';
import { definitions } from '../../renderers';
import { RULES } from '../../src/engine/rules';
import { fromJnpfField, toJnpfField } from '../../server/src/modules/visualdev/jnpf-config';
import { JNPF_WIDGETS, jnpfKeyOf, kdKeyOf, WIDGET_BY_KDKEY } from '../../server/src/modules/visualdev/jnpf-widgets';
import { exportRecord, importModel } from '../../server/src/modules/visualdev/model-io';
import { loadModel } from '../../server/src/modules/visualdev/model-store';
import { signedInTestApp } from './helpers';

/**
 * Configs in JNPF v3.4's names (issue 22 item 1): the widget table covers every kdKey of the model catalogue, each
 * widget's config maps to JNPF's names and back unchanged, `OnlineDev/{id}/Config` speaks both (what the client reads:
 * Mnxhp src/components/Generator/parser/Parser.vue, views/basic/dynamicModel/list/Search.vue), and a model exported
 * here and imported again is the same model.
 */

type Obj = Record<string, unknown>;
/** The model widgets: the catalogue up to the built-in pages' own widgets (renderers/index.ts, sqlEditor onwards). */
const MODEL_WIDGETS = definitions.slice(
  0,
  definitions.findIndex((d) => d.kdKey === 'sqlEditor'),
);

describe('the widget table (every kdKey maps)', () => {
  it('has one row per model kdKey, with our scaffold’s tag', () => {
    expect(MODEL_WIDGETS).toHaveLength(55);
    expect(JNPF_WIDGETS.map((r) => r[0])).toEqual(MODEL_WIDGETS.map((d) => d.kdKey));
    for (const d of MODEL_WIDGETS) expect([d.kdKey, WIDGET_BY_KDKEY.get(d.kdKey)?.kdTag]).toEqual([d.kdKey, (d.scaffold.__config__ as Obj).tag]);
  });

  it('names each kdKey as JNPF does and back; legacy JNPF names map to ours', () => {
    for (const d of MODEL_WIDGETS) expect(kdKeyOf(jnpfKeyOf(d.kdKey))).toBe(d.kdKey);
    expect(jnpfKeyOf('text')).toBe('JNPFText');
    expect(jnpfKeyOf('select')).toBe('select');
    expect([kdKeyOf('dicSelect'), kdKeyOf('PsdInput'), kdKeyOf('JNPFAmount')]).toEqual(['select', 'comInput', 'numInput']);
  });

  it('maps every widget’s default config to JNPF’s names and back unchanged', () => {
    for (const d of MODEL_WIDGETS) {
      const field = structuredClone(d.scaffold) as unknown as Obj;
      const jnpf = toJnpfField(field);
      const cfg = jnpf.__config__ as Obj;
      expect([d.kdKey, cfg.jnpfKey, cfg.kdKey]).toEqual([d.kdKey, jnpfKeyOf(d.kdKey), d.kdKey]);
      expect(typeof cfg.showLabel).toBe('boolean');
      expect(cfg.tag).toBe(WIDGET_BY_KDKEY.get(d.kdKey)?.jnpfTag);
      expect(fromJnpfField(jnpf)).toEqual(field);
    }
  });

  it('reads a JNPF 3.4.7 select (options and props.props at the top level, jnpfKey only)', () => {
    const jnpf = { __config__: { jnpfKey: 'select', label: '等级', tag: 'JnpfSelect', showLabel: true, dataType: 'static' }, __vModel__: 'level', options: [{ fullName: 'A', id: 'a' }], props: { props: { label: 'fullName', value: 'id' } } };
    expect(fromJnpfField(jnpf)).toEqual({ __config__: { kdKey: 'select', label: '等级', tag: 'el-select', dataType: 'static' }, __vModel__: 'level', __slot__: { options: [{ fullName: 'A', id: 'a' }] } });
  });

  it('which copy of a select’s options wins: ours on the way out, JNPF’s edited top-level copy on the way in', () => {
    const ours = { __config__: { kdKey: 'select', label: '类别', tag: 'el-select', props: { label: 'name', value: 'code' } }, __vModel__: 'kind', __slot__: { options: [{ name: '甲', code: 'a' }] }, options: [{ name: '旧', code: 'x' }] };
    // Out: JNPF's designer shows what our engine renders (__slot__.options, __config__.props), not a stray top-level copy.
    const out = toJnpfField(ours);
    expect(out).toMatchObject({ options: [{ name: '甲', code: 'a' }], props: { props: { label: 'name', value: 'code' } } });
    // In: JNPF 3.4.7 edits the top-level options and props.props (RightComponents/Select.vue:31-39) and carries the
    // stale __slot__ along; its copies replace ours and leave no top-level members behind.
    const edited = { ...out, options: [{ name: '乙', code: 'b' }], props: { props: { label: 'fullName', value: 'id' } } };
    expect(fromJnpfField(edited)).toEqual({ __config__: { kdKey: 'select', label: '类别', tag: 'el-select', props: { label: 'fullName', value: 'id' } }, __vModel__: 'kind', __slot__: { options: [{ name: '乙', code: 'b' }] } });
    // Unedited, our own field comes back exact (minus the stray copy, which our engine never read).
    const { options: _stray, ...exact } = ours;
    expect(fromJnpfField(out)).toEqual(exact);
  });
});

const h = signedInTestApp();

describe('validation rules for JNPF’s client', () => {
  it('a catalogue rule picked here (no message) gets the catalogue’s zh message for JNPF (kept when read back); typed messages and other patterns stay', () => {
    const regList = [
      { pattern: RULES.mobile.pattern, message: '' },
      { pattern: `/${RULES.email.pattern}/`, message: '' },
      { pattern: RULES.mobile.pattern, message: '请填手机' },
      { pattern: '^A\\d+$', message: '' },
    ];
    const field = { __config__: { kdKey: 'comInput', tag: 'el-input', label: '电话', regList }, __vModel__: 'tel' };
    const jnpf = toJnpfField(field) as { __config__: { regList: Obj[] } };
    expect(jnpf.__config__.regList.map((r) => r.message)).toEqual([RULES.mobile.message, RULES.email.message, '请填手机', '']);
    expect(jnpf.__config__.regList.every((r) => typeof r.message === 'string' && (r.message !== '' || r.pattern === '^A\\d+$'))).toBe(true);
    const back = fromJnpfField(jnpf) as { __config__: { regList: Obj[] } };
    expect(back).toEqual({ ...field, __config__: { ...field.__config__, regList: jnpf.__config__.regList } });
  });
});

describe('OnlineDev Config and model files in JNPF’s names', () => {
  it('Config gives the supplier model’s fields jnpfKey beside kdKey, showLabel, the form members, and searchList items as fields', async () => {
    const r = await h.t.call('GET', '/api/visualdev/OnlineDev/vd-supplier/Config', { token: h.token });
    expect(r.code).toBe(200);
    const form = JSON.parse(r.data.formData);
    expect(form).toMatchObject({ classJson: '', className: [], formStyle: '', formRules: 'rules' });
    const leaves: Obj[] = [];
    const walk = (list: Obj[]) => {
      for (const f of list) {
        leaves.push(f);
        const children = (f.__config__ as Obj).children;
        if (Array.isArray(children)) walk(children as Obj[]);
      }
    };
    walk(form.fields);
    expect(leaves.length).toBeGreaterThan(5);
    for (const f of leaves) {
      const cfg = f.__config__ as Obj;
      expect(cfg.jnpfKey).toBe(jnpfKeyOf(String(cfg.kdKey)));
      expect(typeof cfg.showLabel).toBe('boolean');
    }
    const level = leaves.find((f) => f.__vModel__ === 'level')!;
    if ((level.__config__ as Obj).dataType === 'static') expect(level.options).toEqual((level.__slot__ as Obj).options);
    expect(level.props).toMatchObject({ props: { label: expect.any(String), value: expect.any(String) } });

    const columns = JSON.parse(r.data.columnData);
    const kdKeyOfProp = (prop: string) => String((leaves.find((f) => f.__vModel__ === prop)?.__config__ as Obj | undefined)?.kdKey ?? '');
    for (const c of columns.columnList) expect(c.jnpfKey).toBe(jnpfKeyOf(c.kdKey ?? kdKeyOfProp(c.prop)));
    expect(columns.searchList.length).toBeGreaterThan(0);
    for (const s of columns.searchList) {
      expect(s).toMatchObject({ prop: expect.any(String), label: expect.any(String), jnpfKey: expect.any(String), value: '' });
      expect(s.__config__).toMatchObject({ jnpfKey: s.jnpfKey, label: expect.any(String) });
      expect(s.__vModel__).toBe(s.prop);
    }
    // The supplier menu has 导出 (btn_download): the list's 导出 button shows.
    expect(columns.btnsList.map((b: Obj) => b.value)).toContain('download');
  });

  it('a model exported here and imported again is the same model', async () => {
    const original = (await loadModel(h.t.app.db, 'vd-supplier'))!.record;
    const file = JSON.parse(JSON.stringify(exportRecord(original)));
    expect(JSON.stringify(file.formData)).toContain('"jnpfKey"');
    expect(file.columnData.searchList[0].__config__.jnpfKey).toBeTruthy();
    const imported = await importModel(h.t.app.db, file, null);
    expect(imported.id).not.toBe(original.id);
    const { id: _a, enCode: _b, tables: _c, ...rest } = imported;
    const { id: _d, enCode: _e, tables: _f, ...expected } = original;
    expect(JSON.parse(JSON.stringify(rest.formData))).toEqual(JSON.parse(JSON.stringify(expected.formData)));
    expect(rest.columnData).toEqual(expected.columnData);
    expect(rest.fullName).toBe(expected.fullName);
  });

  it('the export route gives the file in JNPF’s names', async () => {
    const res = await h.t.app.inject({ method: 'GET', url: '/api/visualdev/Base/vd-supplier/Actions/Export', headers: { authorization: h.token } });
    const file = JSON.parse(res.body);
    expect(file.formData.fields.every((f: Obj) => typeof (f.__config__ as Obj).jnpfKey === 'string')).toBe(true);
  });

  it('the designer: GET Base/{id} in JNPF names to JNPF’s client, PUT Base/{id} saves what it sends back', async () => {
    // mixins/generator/form.js:68-82 reads formData, columnData, tables (JSON strings); :96-103 sends dataForm back with PUT.
    const jnpf = { 'jnpf-origin': 'pc' };
    const info = (await h.t.call('GET', '/api/visualdev/Base/vd-supplier', { token: h.token, headers: jnpf })).data;
    const form = JSON.parse(info.formData);
    expect(form.fields.every((f: Obj) => typeof (f.__config__ as Obj).jnpfKey === 'string')).toBe(true);
    expect(form).toMatchObject({ formRules: 'rules', className: [] });
    expect(JSON.parse(info.columnData).columnList[0].jnpfKey).toEqual(expect.any(String));
    expect(Array.isArray(JSON.parse(info.tables))).toBe(true);
    // Our designer reads our names only.
    expect((await h.t.call('GET', '/api/visualdev/Base/vd-supplier', { token: h.token })).data.formData).not.toContain('"jnpfKey"');
    const before = (await loadModel(h.t.app.db, 'vd-supplier'))!.record;
    const edited = { ...form, fields: form.fields.map((f: Obj) => (f.__vModel__ === 'supplierName' ? { ...f, placeholder: '供应商全称' } : f)) };
    const saved = await h.t.call('PUT', '/api/visualdev/Base/vd-supplier', { token: h.token, headers: jnpf, payload: { ...info, formData: JSON.stringify(edited), appColumnData: null, interfaceParam: null } });
    expect(saved).toMatchObject({ code: 200, msg: '修改成功', data: { lastModifyTime: expect.any(Number) } });
    const after = (await loadModel(h.t.app.db, 'vd-supplier'))!.record;
    expect(JSON.stringify(after.formData)).not.toContain('"jnpfKey"');
    expect((after.formData.fields as unknown as Obj[]).find((f) => f.__vModel__ === 'supplierName')?.placeholder).toBe('供应商全称');
    expect(after.columnData).toEqual(before.columnData);
    // The version check applies: the stamp of the first read is stale now.
    expect((await h.t.call('PUT', '/api/visualdev/Base/vd-supplier', { token: h.token, headers: jnpf, payload: info })).code).toBe(409);
    // Put the model back as it was (other tests read it).
    expect((await h.t.call('POST', '/api/visualdev/Base/vd-supplier', { token: h.token, payload: { formData: before.formData } })).code).toBe(200);
    expect((await h.t.call('PUT', '/api/visualdev/Base/vd-supplier', { token: h.token, payload: [] })).code).toBe(400);
  });

  it('the designer’s table step: our database as the data source, a model table’s columns as JNPF’s fields (common.js:57-66, 104-123)', async () => {
    const jnpf = { 'jnpf-origin': 'pc' };
    const sources = (await h.t.call('GET', '/api/system/DataSource/Selector', { token: h.token, headers: jnpf })).data.list;
    expect(sources.filter((o: Obj) => Array.isArray(o.children) && (o.children as Obj[]).length)[0].children[0]).toMatchObject({ id: '0', fullName: '默认数据库' });
    const table = JSON.parse((await h.t.call('GET', '/api/visualdev/Base/vd-supplier', { token: h.token, headers: jnpf })).data.tables)[0].table;
    const fields = await h.t.call('GET', `/api/system/DataModel/0/Tables/${table}/Fields?type=0`, { token: h.token, headers: jnpf });
    expect(fields.code).toBe(200);
    expect(fields.data.list).toContainEqual(expect.objectContaining({ field: 'id', primaryKey: 1 }));
    expect(fields.data.list.every((f: Obj) => typeof f.field === 'string' && typeof f.fieldName === 'string' && typeof f.dataType === 'string')).toBe(true);
    expect((await h.t.call('GET', '/api/system/DataModel/0/Tables/users/Fields', { token: h.token })).code).toBe(404);
    expect((await h.t.call('GET', `/api/system/DataModel/other/Tables/${table}/Fields`, { token: h.token })).code).toBe(404);
  });
});
