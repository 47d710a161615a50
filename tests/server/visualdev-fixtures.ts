import { expect } from 'vitest';
import { renderers } from '../../renderers';
import type { FieldConfig } from '../../schemas/field';
import type { TestApp } from './helpers';

/**
 * Test models for the online development tests: an order with a sub-table (order lines), static and dictionary
 * selects, a date, a switch, rich text, storing calculate fields and system fields.
 */

let formId = 500;

/** A field from the renderer's scaffold when registered (else a bare config), with our settings. */
export function field(kdKey: string, vModel: string, label: string, config: Record<string, unknown> = {}, props: Record<string, unknown> = {}): FieldConfig {
  const scaffold = renderers[kdKey] ? structuredClone(renderers[kdKey].scaffold) : { __config__: { kdKey, layout: 'colFormItem' } };
  formId += 1;
  return { ...scaffold, ...props, __config__: { ...scaffold.__config__, kdKey, label, formId, renderKey: formId, ...config }, __vModel__: vModel } as FieldConfig;
}

/** The order lines sub-table: item, qty, price and a storing lineTotal = qty × price. */
export function linesTable(): FieldConfig {
  return {
    __config__: {
      kdKey: 'table',
      label: '订单明细',
      layout: 'rowFormItem',
      tag: 'jnpfInputTable',
      formId: 900,
      children: [
        field('comInput', 'item', '物料', { required: true }),
        field('numInput', 'qty', '数量', {}, { min: 0 }),
        field('numInput', 'price', '单价', {}, { min: 0 }),
        field('calculate', 'lineTotal', '金额', { isStorage: 1 }, { expression: [{ __vModel__: 'qty', label: '数量' }, '×', { __vModel__: 'price', label: '单价' }], precision: 2 }),
      ],
    },
    __vModel__: 'lines',
  };
}

/** The order form. */
export function orderFields(): FieldConfig[] {
  return [
    field('comInput', 'orderNo', '订单号', { required: true }, { maxlength: 20 }),
    field('comInput', 'customer', '客户'),
    field('select', 'status', '状态', {}, { __slot__: { options: [{ id: 'draft', fullName: '草稿' }, { id: 'done', fullName: '完成' }] } }),
    field('select', 'currency', '币种', { dataType: 'dictionary', dictionaryType: 'dict-currency' }, { __slot__: { options: [] } }),
    field('numInput', 'amount', '金额', {}, { min: 0 }),
    field('date', 'orderDate', '下单日期'),
    field('switch', 'urgent', '加急'),
    field('editor', 'note', '说明'),
    linesTable(),
    field('calculate', 'totalQty', '总数量', { isStorage: 1 }, { expression: [{ __vModel__: 'lines.qty', label: '数量' }], precision: 2 }),
    field('createUser', 'creator', '创建人'),
    field('createTime', 'createdTime', '创建时间'),
    field('modifyTime', 'modifiedTime', '修改时间'),
    field('currDept', 'dept', '所属部门'),
  ];
}

/** An order model record (design.md §4) bound to `table`. */
export function orderModel(enCode = 'order', table = 'kd_order') {
  const cols = ['orderNo', 'customer', 'status', 'currency', 'amount', 'orderDate', 'urgent', 'totalQty'];
  return {
    id: '',
    fullName: '销售订单',
    enCode,
    category: 'sales',
    type: 1,
    state: 1,
    webType: 2,
    tables: [{ typeId: '1', table, tableKey: 'id', tableField: '', relationTable: '', relationField: '' }],
    formData: { formRef: 'elForm', formModel: 'dataForm', size: 'small', labelPosition: 'right', labelWidth: 100, gutter: 15, span: 24, disabled: false, popupType: 'general', fields: orderFields() },
    columnData: {
      type: 1,
      searchList: [
        { prop: 'customer', label: '客户', kdKey: 'comInput', searchType: 2 },
        { prop: 'status', label: '状态', kdKey: 'select', searchType: 1 },
        { prop: 'orderDate', label: '下单日期', kdKey: 'date', searchType: 3 },
        { prop: 'amount', label: '金额', kdKey: 'numInput', searchType: 3 },
        { prop: 'urgent', label: '加急', kdKey: 'switch', searchType: 1 },
      ],
      columnList: cols.map((prop) => ({ prop, label: prop, sortable: ['orderNo', 'amount', 'orderDate'].includes(prop), width: 100, align: 'left', fixed: 'none' })),
      sort: 'desc',
      defaultSidx: '',
      hasPage: true,
      pageSize: 20,
      summaryField: ['amount', 'totalQty'],
      treeRelation: 'status',
      groupField: 'status',
      btnsList: [{ value: 'add', label: '新增' }],
      columnBtnsList: [{ value: 'edit', label: '编辑' }],
    },
    flowId: null,
    enableFlow: 0,
  };
}

/** A valid order record with two lines. */
export function anOrder(over: Record<string, unknown> = {}) {
  return {
    orderNo: 'SO-001',
    customer: '华美面料',
    status: 'draft',
    currency: 'currency-CNY',
    amount: 1200.5,
    orderDate: Date.UTC(2024, 5, 1),
    urgent: false,
    note: '<p>普通订单</p>',
    lines: [
      { item: '棉布', qty: 10, price: 12.5, lineTotal: 125 },
      { item: '纽扣', qty: 200, price: 0.35, lineTotal: 70 },
    ],
    ...over,
  };
}

/**
 * Appends `fields` to the seeded supplier model's form config (GET then POST /api/visualdev/Base/vd-supplier, spec 001
 * §5; formData kept in the form the server answered it: JSON string or object) and asserts the save answered code 200.
 */
export async function addSupplierFields(t: TestApp, token: string, ...fields: FieldConfig[]): Promise<void> {
  const cfg = await t.call('GET', '/api/visualdev/Base/vd-supplier', { token });
  const asString = typeof cfg.data.formData === 'string';
  const formData = asString ? JSON.parse(cfg.data.formData) : cfg.data.formData;
  formData.fields.push(...fields);
  const saved = await t.call('POST', '/api/visualdev/Base/vd-supplier', { token, payload: { ...cfg.data, formData: asString ? JSON.stringify(formData) : formData } });
  expect(saved.code).toBe(200);
}

/**
 * A model record over existing tables (issue 13 item 3): `tables` as given (see {@link bindMain}), the form's
 * `fields`, an empty list config.
 */
export function bindModel(enCode: string, fields: FieldConfig[], tables: unknown[]) {
  return {
    id: '',
    fullName: `绑定${enCode}`,
    enCode,
    type: 1,
    state: 1,
    webType: 2,
    tables,
    formData: { formRef: 'elForm', formModel: 'dataForm', size: 'small', labelPosition: 'right', labelWidth: 100, gutter: 15, span: 24, disabled: false, popupType: 'general', fields },
    columnData: { type: 1, columnList: [], searchList: [], sort: 'desc', defaultSidx: '', hasPage: true, pageSize: 20, btnsList: [], columnBtnsList: [] },
  };
}

/** The tables[] entry binding `table` as a model's main table. */
export const bindMain = (table: string) => ({ typeId: '1', table, tableKey: 'id', tableField: '', relationTable: '', relationField: '', bind: true });
