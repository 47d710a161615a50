import { describe, expect, it } from 'vitest';
import { signedInTestApp } from './helpers';
import { field, linesTable } from './visualdev-fixtures';

/**
 * 公开查询 (issue 18 item 7, gaps): date, time, cascader and treeSelect fields as query conditions in the shapes the
 * public pages send (ours, src/app/shortlink/ConditionInput.tsx, and JNPF's Mnxhp formShortLink/list/Search.vue), the
 * keyword over the link's fields, and sub-table fields refused as query fields with a message naming them.
 */
const s = signedInTestApp();
const SL = '/api/visualdev/ShortLink';
const AREAS = [
  { id: 'zj', fullName: '浙江', children: [{ id: 'zj-hz', fullName: '杭州' }, { id: 'zj-nb', fullName: '宁波' }] },
  { id: 'js', fullName: '江苏', children: [{ id: 'js-nj', fullName: '南京' }] },
];
const KINDS = [{ id: 'raw', fullName: '原料', children: [{ id: 'raw-cloth', fullName: '面料' }, { id: 'raw-yarn', fullName: '纱线' }] }, { id: 'part', fullName: '辅料' }];
const day = (d: number) => new Date(2026, 2, d, 10, 30).getTime();
const RECORDS = [
  { code: 'A1', name: '杭州面料行', note: '长期合作', day: day(2), clock: '08:15:00', area: ['zj', 'zj-hz'], kind: 'raw-cloth' },
  { code: 'A2', name: '宁波纱线厂', note: '杭州办事处', day: day(5), clock: '13:40:00', area: ['zj', 'zj-nb'], kind: 'raw-yarn' },
  { code: 'A3', name: '南京辅料店', note: '', day: day(9), clock: '18:05:00', area: ['js', 'js-nj'], kind: 'part' },
];

let modelId = '';
let enc = '';
let ip = 0;
// biome-ignore lint/suspicious/noExplicitAny: tests read reply data loosely
type Reply = { code: number; msg: string; data: any };
const pub = (url: string, payload: unknown) => s.t.app.inject({ method: 'POST', url, payload: payload as never, remoteAddress: `10.9.0.${++ip % 250}` }).then((r) => r.json() as Reply);
/** ListLink as the public pages call it; the codes of the rows found, sorted. */
const codes = async (query: Record<string, unknown>, keyword = '') => {
  const r = await pub(`${SL}/${modelId}/ListLink?encryption=${enc}`, { currentPage: 1, pageSize: 20, sort: 'desc', sidx: '', menuId: modelId, queryJson: Object.keys(query).length ? JSON.stringify(query) : '', keyword, superQueryJson: '' });
  expect(r.code, r.msg).toBe(200);
  return (r.data.list as Array<{ code: string }>).map((x) => x.code).sort();
};
const saveLink = (columnCondition: unknown, columnText: unknown = ['code', 'name']) =>
  s.t.call('PUT', SL, { token: s.token, payload: { id: modelId, formUse: 0, formPassUse: 0, formPassword: '', columnUse: 1, columnPassUse: 0, columnPassword: '', columnCondition, columnText } });

describe('ShortLink public query conditions', () => {
  it('creates the model, its records and a query over date, time, cascader and treeSelect', async () => {
    const fields = [
      field('comInput', 'code', '编码'),
      field('comInput', 'name', '名称'),
      field('comInput', 'note', '备注'),
      field('date', 'day', '日期'),
      field('time', 'clock', '时间'),
      field('cascader', 'area', '地区', {}, { options: AREAS }),
      field('treeSelect', 'kind', '类别', {}, { options: KINDS }),
      linesTable(),
    ];
    const model = {
      fullName: '外链条件',
      enCode: 'slCond',
      type: 1,
      state: 1,
      webType: 2,
      tables: [{ typeId: '1', table: 'kd_sl_cond', tableKey: 'id', tableField: '', relationTable: '', relationField: '' }],
      formData: { formRef: 'elForm', formModel: 'dataForm', size: 'small', labelPosition: 'right', labelWidth: 100, gutter: 15, span: 24, disabled: false, popupType: 'general', fields },
      columnData: { type: 1, columnList: [], searchList: [], sort: 'desc', defaultSidx: '', hasPage: true, pageSize: 20, btnsList: [], columnBtnsList: [] },
    };
    const created = await s.t.call('POST', '/api/visualdev/Base', { token: s.token, payload: model });
    expect(created.code, created.msg).toBe(200);
    modelId = created.data.id;
    expect(modelId).toBeTruthy();
    for (const r of RECORDS) expect((await s.t.call('POST', `/api/visualdev/OnlineDev/${modelId}`, { token: s.token, payload: { ...r, lines: [{ item: `${r.code}-线`, qty: 1, price: 1 }] } })).code).toBe(200);
    const saved = await saveLink(['day', 'clock', 'area', 'kind'], ['code', 'name']);
    expect(saved.code, saved.msg).toBe(200);
    enc = String(saved.data.columnLink).split('encryption=')[1];
    expect(enc).toBeTruthy();
  });

  it('finds rows by a date range: ours (start and end of day, ms) and JNPF daterange timestamps', async () => {
    expect(await codes({ day: [new Date(2026, 2, 2).getTime(), new Date(2026, 2, 5, 23, 59, 59, 999).getTime()] })).toEqual(['A1', 'A2']);
    expect(await codes({ day: [new Date(2026, 2, 6).getTime(), null] })).toEqual(['A3']);
    // Dates as text are read as whole days.
    expect(await codes({ day: ['2026-03-05', '2026-03-09'] })).toEqual(['A2', 'A3']);
  });

  it('finds rows by a time range in the field format', async () => {
    expect(await codes({ clock: ['08:00:00', '14:00:00'] })).toEqual(['A1', 'A2']);
    expect(await codes({ clock: ['13:00:00', null] })).toEqual(['A2', 'A3']);
  });

  it('finds rows by a cascader path (the picked node or one under it) and a treeSelect node', async () => {
    expect(await codes({ area: ['zj', 'zj-hz'] })).toEqual(['A1']);
    expect(await codes({ area: ['zj'] })).toEqual(['A1', 'A2']);
    expect(await codes({ area: 'js-nj' })).toEqual(['A3']);
    expect(await codes({ kind: 'raw-yarn' })).toEqual(['A2']);
    expect(await codes({ kind: 'part', area: ['js'] })).toEqual(['A3']);
  });

  it("searches the keyword in the link's text fields, searched or shown, and not in others", async () => {
    expect(await codes({}, '杭州')).toEqual(['A1']);
    expect(await codes({}, 'a3')).toEqual(['A3']);
    expect(await codes({ area: ['zj'] }, '纱线')).toEqual(['A2']);
    // 备注 is neither searched nor shown: its 杭州办事处 is not searched.
    expect(await codes({}, '办事处')).toEqual([]);
  });

  it('refuses a sub-table field as a query or shown field, naming it', async () => {
    for (const name of ['lines', 'lines-item', 'item']) {
      const r = await saveLink([name]);
      expect(r).toMatchObject({ code: 400 });
      expect(r.msg).toContain('订单明细');
    }
    expect((await saveLink(['day'], [{ __vModel__: 'lines-qty' }])).msg).toBe('公开查询不能使用子表字段「订单明细/数量」：只能按主表字段查询和显示');
    expect((await saveLink(['nope'])).msg).toBe('公开查询只能选择外链表单中的字段');
  });
});
