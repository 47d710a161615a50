import { type Answer, fakeData } from './fakeData';

/** Supplier records of model `m1` for relationForm stories (OnlineDev list and one record, `data` as a JSON string). */
export const SUPPLIERS = [
  { id: 's1', supplierName: '华东钢铁', contact: '王五', phone: '13800000001' },
  { id: 's2', supplierName: '南方塑料', contact: '赵六', phone: '13800000002' },
];
/** Materials of data interface `mat` for popupSelect stories. */
export const MATERIALS = [
  { id: 'm-01', fullName: '螺栓 M8', spec: 'M8x30', unit: '个' },
  { id: 'm-02', fullName: '垫片 8mm', spec: '8mm', unit: '片' },
];

const match = (rows: Record<string, unknown>[], body: unknown) => {
  const k = String((body as { keyword?: string } | undefined)?.keyword ?? '');
  const list = k ? rows.filter((r) => Object.values(r).some((v) => String(v).includes(k))) : rows;
  return { list, pagination: { currentPage: 1, pageSize: 50, total: list.length } };
};

/** Data access answering the relation/popup calls from SUPPLIERS and MATERIALS. */
export const popupData = fakeData({
  '/api/visualdev/OnlineDev/m1/List': ((_m, _p, body) => match(SUPPLIERS, body)) as Answer,
  '/api/visualdev/OnlineDev/m1/': ((_m, path) => {
    const row = SUPPLIERS.find((s) => path.endsWith(`/${s.id}`));
    return row ? { id: row.id, data: JSON.stringify(row) } : null;
  }) as Answer,
  '/api/system/DataInterface/mat/Actions/List': ((_m, _p, body) => match(MATERIALS, body)) as Answer,
  '/api/system/DataInterface/mat/Actions/Info': ((_m, _p, body) => MATERIALS.find((r) => r.id === (body as { id?: string }).id) ?? null) as Answer,
});
