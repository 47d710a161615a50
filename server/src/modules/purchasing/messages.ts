import { failWith, type MessageTable } from '../dictionary/localized-error';

/**
 * Purchasing messages (spec 001 §5 "Business messages", verbatim where the spec gives them: 'X cannot be empty',
 * quantity > 0, delivery date later than today and later than the request date, outsourced/received quantities, batch
 * rules). zh and en; tw is derived from zh, mas falls back to en (dictionary/localized-error.ts).
 */
const table: MessageTable<
  | 'notFound'
  | 'required'
  | 'quantity'
  | 'quantityTooLarge'
  | 'deliveryAfterToday'
  | 'deliveryAfterRequest'
  | 'dateFormat'
  | 'reqType'
  | 'tooManyLines'
  | 'noLines'
  | 'stale'
  | 'refused'
  | 'deleteDraftOnly'
  | 'outsourced'
  | 'received'
  | 'outsourceState'
  | 'lineNotFound'
  | 'bnoSearch'
  | 'bnoPrefix'
  | 'bnoAtLeastOne'
  | 'bnoDuplicate'
  | 'lineDuplicate'
  | 'mnoNotFound'
  | 'tnoUnknown'
  | 'forbidden'
  | 'flowPending'
  | 'flowNoReq'
> = {
  zh: {
    notFound: '采购申请不存在',
    required: '{field}不能为空',
    quantity: '第{row}行：申请数量必须大于0',
    quantityTooLarge: '第{row}行：申请数量不能超过{max}',
    deliveryAfterToday: '{row}交货日期必须大于今天',
    deliveryAfterRequest: '{row}交货日期必须大于申请日期',
    dateFormat: '{field}格式不正确（YYYY-MM-DD）',
    reqType: '申请类型不正确：{type}',
    tooManyLines: '明细不能超过{max}行',
    noLines: '请至少添加一行明细',
    stale: '该申请已被{user}于{time}修改（版本{version}），请刷新后再保存；您的修改未保存，也未丢失',
    refused: '当前状态（{state}）不允许{action}',
    deleteDraftOnly: '只能删除草稿状态的申请',
    outsourced: '第{row}行：外发数量必须大于0且不能大于部件总数{total}',
    received: '第{row}行：收货数量必须大于0且不能大于外发数量{total}',
    outsourceState: '只有审核通过的申请才能登记外发',
    lineNotFound: '明细不存在：{id}',
    bnoSearch: '批号搜索至少输入6个字符',
    bnoPrefix: '批号必须以239开头：{bno}',
    bnoAtLeastOne: '请至少输入一个3位批次',
    bnoDuplicate: '批号/型号/物料重复：{key}',
    lineDuplicate: '第{row}行：批号/型号/物料重复',
    mnoNotFound: '制单不存在：{mno}',
    tnoUnknown: '临时单号无效：{tno}',
    forbidden: '暂无权限',
    flowPending: '该申请正在流程审批中（{step}），请在待办事宜中处理',
    flowNoReq: '采购申请审批流程只能从采购申请提交',
  },
  en: {
    notFound: 'No such purchase requisition',
    required: '{field} cannot be empty',
    quantity: 'Row {row}: the requested quantity must be greater than 0',
    quantityTooLarge: 'Row {row}: the requested quantity cannot exceed {max}',
    deliveryAfterToday: '{row}The delivery date must be later than today',
    deliveryAfterRequest: '{row}The delivery date must be later than the request date',
    dateFormat: '{field} is not a valid date (YYYY-MM-DD)',
    reqType: 'Unknown requisition type: {type}',
    tooManyLines: 'A requisition can have at most {max} lines',
    noLines: 'Add at least one line',
    stale: 'This requisition was changed by {user} at {time} (version {version}); reload before saving. Your changes were not saved and are not lost',
    refused: 'The current state ({state}) does not allow {action}',
    deleteDraftOnly: 'Only draft requisitions can be deleted',
    outsourced: 'Row {row}: the outsourced quantity must be greater than 0 and not more than the part total {total}',
    received: 'Row {row}: the received quantity must be greater than 0 and not more than the outsourced quantity {total}',
    outsourceState: 'Outsourcing can be recorded only on an approved requisition',
    lineNotFound: 'No such line: {id}',
    bnoSearch: 'Batch number search needs at least 6 characters',
    bnoPrefix: 'Batch numbers must start with 239: {bno}',
    bnoAtLeastOne: 'Enter at least one 3-digit batch',
    bnoDuplicate: 'Duplicate batch/model/material: {key}',
    lineDuplicate: 'Row {row}: duplicate batch/model/material',
    mnoNotFound: 'No such manufacturing order: {mno}',
    tnoUnknown: 'Unknown temporary number: {tno}',
    forbidden: 'No permission',
    flowPending: 'This requisition is in its approval flow ({step}); handle it from the to-do list',
    flowNoReq: 'The requisition approval flow can only be started by submitting a purchase requisition',
  },
  mas: {
    flowPending: 'Permohonan ini sedang dalam aliran kelulusan ({step}); uruskannya dari senarai tugasan',
    flowNoReq: 'Aliran kelulusan permohonan hanya boleh dimulakan dengan menghantar permohonan pembelian',
  },
};

/** Field labels used in messages. */
export const FIELD = {
  reqType: { zh: '申请类型', en: 'Requisition type' },
  reqDate: { zh: '申请日期', en: 'Request date' },
  deliveryDate: { zh: '交货日期', en: 'Delivery date' },
  organizeId: { zh: '申请部门', en: 'Department' },
  materialCode: { zh: '物料编码', en: 'Material code' },
  quantity: { zh: '申请数量', en: 'Quantity' },
  mno: { zh: '制单号', en: 'Manufacturing order' },
  sno: { zh: '款号', en: 'Style number' },
  action: { zh: '操作', en: 'Action' },
} as const;

/** Action names for the refusal message. */
export const ACTION_NAMES: Record<string, { zh: string; en: string }> = {
  edit: { zh: '修改', en: 'editing' },
  delete: { zh: '删除', en: 'deleting' },
  ready: { zh: '保存为待提交', en: 'marking ready' },
  submit: { zh: '提交审核', en: 'submitting' },
  approve: { zh: '审核通过', en: 'approving' },
  reject: { zh: '驳回', en: 'rejecting' },
  withdraw: { zh: '撤回', en: 'withdrawing' },
  terminate: { zh: '终止', en: 'terminating' },
  unaudit: { zh: '反审核', en: 'un-auditing' },
  cancel: { zh: '作废', en: 'cancelling' },
  restore: { zh: '恢复', en: 'restoring' },
};

/** `fail(code, key, vars, data)`: a LocalizedError from the purchasing table. */
export const fail = failWith(table, 'purchasing');
