import { renderers } from '../../../../renderers';
import type { FieldConfig } from '../../../../schemas/field';
import type { FormConfig } from '../../../../schemas/form';
import type { FlowTreeNode } from '../../modules/workflow/engine/types';
import { releaseFlow, saveFlow } from '../../modules/workflow/flow-repository';
import { DEMO, demoEnabled } from './demo-company';
import type { SeedContext } from './index';

/** The enCode of the requisition approval flow; modules/purchasing/flow.ts finds the flow and registers its task hook by it. */
export const PU_FLOW_CODE = 'puReqApproval';
/** Total requested quantity above which the purchasing manager approves after the department head. */
export const PU_FLOW_THRESHOLD = 10000;

let formId = 700;
function field(kdKey: string, vModel: string, label: string, props: Record<string, unknown> = {}, config: Record<string, unknown> = {}): FieldConfig {
  const def = renderers[kdKey];
  if (!def) throw new Error(`purchasing flow: renderer ${kdKey} is not registered`);
  const scaffold = structuredClone(def.scaffold);
  formId += 1;
  return { ...scaffold, ...props, __config__: { ...scaffold.__config__, label, formId, renderKey: formId, ...config }, __vModel__: vModel };
}

/** The header fields of the summary form [vModel, kdKey, label]. */
const HEADER: Array<[string, string, string]> = [
  ['billNo', 'comInput', '申请单号'],
  ['reqTypeName', 'comInput', '申请类型'],
  ['organizeName', 'comInput', '申请部门'],
  ['requesterName', 'comInput', '申请人'],
  ['reqDate', 'comInput', '申请日期'],
  ['deliveryDate', 'comInput', '交货日期'],
  ['mno', 'comInput', '制单号'],
  ['lineCount', 'numInput', '明细行数'],
  ['totalQty', 'numInput', '申请总数量'],
  ['remark', 'textarea', '备注'],
];
/** The line columns [vModel, kdKey, label]. */
const LINES: Array<[string, string, string]> = [
  ['materialCode', 'comInput', '物料编码'],
  ['materialName', 'comInput', '物料名称'],
  ['spec', 'comInput', '规格'],
  ['unit', 'comInput', '单位'],
  ['quantity', 'numInput', '申请数量'],
  ['deliveryDate', 'comInput', '交货日期'],
  ['supplier', 'comInput', '建议供应商'],
  ['mno', 'comInput', '制单号'],
];

/** The flow's inline form: a read-only summary of the requisition (header + lines) that the task page shows. */
export function summaryForm(): FormConfig {
  const table = field('table', 'lines', '申请明细', { disabled: true }, { children: LINES.map(([v, k, l]) => field(k, v, l, { disabled: true })), showTitle: true });
  return {
    formRef: 'elForm',
    formModel: 'dataForm',
    size: 'small',
    labelPosition: 'right',
    labelWidth: 100,
    gutter: 15,
    span: 24,
    disabled: true,
    popupType: 'general',
    fields: [...HEADER.map(([v, k, l]) => field(k, v, l, { disabled: true }, { span: v === 'remark' ? 24 : 12 })), table],
  };
}

/** Every field read-only at an approver node (approvers see the summary, change nothing; the requisition is edited in its own page). */
const readOnly = () => [...HEADER.map(([v]) => ({ id: v, read: true, write: false })), { id: 'lines', read: true, write: false }, ...LINES.map(([v]) => ({ id: `lines-${v}`, read: true, write: false }))];

const node = (type: string, nodeId: string, properties: Record<string, unknown>, childNode: FlowTreeNode | null = null): FlowTreeNode => ({ type, nodeId, properties, childNode });

/**
 * The 采购申请审批 tree (issue 17 item 3): the requester's department head (assigneeType 2), then, when the total
 * requested quantity is above {@link PU_FLOW_THRESHOLD}, the purchasing manager (with demo data the 采购主管 role;
 * without, nobody is named and the start node's errorRule 1 hands the step to the administrators, who can name the
 * approvers in the designer). Rejecting at either step returns the task to the requester (rejectStep 0).
 */
export function approvalTree(demo: boolean): FlowTreeNode {
  const manager = node('approver', 'purchaseManager', { title: '采购经理', assigneeType: 6, approverRole: demo ? [DEMO.roles.purchaseManager] : [], rejectStep: '0', formOperates: readOnly() });
  const split = node('empty', 'amountSplit', { title: '金额判断' });
  split.conditionType = 'condition';
  split.conditionNodes = [
    node('condition', 'large', { title: `总数量大于${PU_FLOW_THRESHOLD}`, priority: 1, conditions: [{ field: 'totalQty', fieldName: '申请总数量', symbol: '>', fieldValue: String(PU_FLOW_THRESHOLD), fieldValueType: 2, logic: '&&' }] }, manager),
    node('condition', 'other', { title: '其他', isDefault: true, priority: 2 }),
  ];
  const head = node('approver', 'deptHead', { title: '部门主管', assigneeType: 2, rejectStep: '0', formOperates: readOnly() }, split);
  return node('start', 'start', { title: '申请人', errorRule: 1 }, head);
}

/**
 * Seeds the 采购申请审批 flow (configuration, so with or without demo data; issue 17 item 3) once: when no flow has the
 * code puReqApproval it is created and released (version 1). A flow already there — maybe changed by a designer — is
 * left alone, so later starts change nothing. Submitting a requisition launches a task of it (modules/purchasing/flow.ts).
 */
export default async function seedPurchasingFlow({ db }: SeedContext): Promise<void> {
  if (await db.selectFrom('flow_engine').select('id').where('en_code', '=', PU_FLOW_CODE).executeTakeFirst()) return;
  const id = await saveFlow(
    db,
    { enCode: PU_FLOW_CODE, fullName: '采购申请审批', category: 'purchase', formType: 2, formData: summaryForm(), flowTemplateJson: approvalTree(demoEnabled()), description: '采购申请提交后：部门主管审批，总数量超过阈值时再由采购经理审批' },
    null,
  );
  await releaseFlow(db, id, null);
}
