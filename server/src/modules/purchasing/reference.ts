/**
 * Two shared reference calls the requisition screens use (spec 001 §7 "Other shared calls"; the spec shows no shapes):
 * - GET /api/SubDev/QcInspectPlan/GetInspectPlanInfo → the incoming-inspection plans a requisition line may name
 *   (GB/T 2828.1 sampling levels with their AQL): `{ list: [{ code, name, level, aql }] }`;
 * - GET /api/SubDev/pobargaining/GetMachiningType → the machining (outsourced processing) types of 外发 requisitions:
 *   `{ list: [{ code, name }] }`.
 * Fixed lists: the inspection and bargaining modules, which would own them, do not exist yet.
 */
export const INSPECT_PLANS = [
  { code: 'GB2828-II-2.5', name: '一般检验水平 II，AQL 2.5', level: 'II', aql: 2.5 },
  { code: 'GB2828-II-1.5', name: '一般检验水平 II，AQL 1.5', level: 'II', aql: 1.5 },
  { code: 'GB2828-I-4.0', name: '一般检验水平 I，AQL 4.0', level: 'I', aql: 4.0 },
  { code: 'GB2828-S3-2.5', name: '特殊检验水平 S-3，AQL 2.5', level: 'S-3', aql: 2.5 },
  { code: 'FULL', name: '全检', level: 'full', aql: 0 },
  { code: 'EXEMPT', name: '免检', level: 'exempt', aql: 0 },
];

/** Machining types of outsourced processing. */
export const MACHINING_TYPES = [
  { code: 'cutting', name: '裁剪' },
  { code: 'sewing', name: '车缝' },
  { code: 'printing', name: '丝印' },
  { code: 'embroidery', name: '绣花' },
  { code: 'heatPress', name: '压胶' },
  { code: 'laminating', name: '复合贴合' },
  { code: 'highFrequency', name: '高频压花' },
  { code: 'packing', name: '包装' },
];
