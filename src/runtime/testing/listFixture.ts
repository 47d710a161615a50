import type { ColumnConfig } from '../../../schemas/columns';
import type { FormConfig } from '../../../schemas/form';

/** A purchase-order model for the list runtime's tests: text, select, switch, number, date and a required field. */
export const orderForm: FormConfig = {
  fields: [
    { __config__: { kdKey: 'comInput', label: '订单号', required: true }, __vModel__: 'orderNo' },
    { __config__: { kdKey: 'comInput', label: '供应商' }, __vModel__: 'supplier' },
    { __config__: { kdKey: 'select', label: '类别', dataType: 'static' }, __slot__: { options: [{ id: 'fabric', fullName: '面料' }, { id: 'trim', fullName: '辅料' }] }, __vModel__: 'category' },
    { __config__: { kdKey: 'switch', label: '加急' }, __vModel__: 'urgent' },
    { __config__: { kdKey: 'numInput', label: '金额' }, __vModel__: 'amount', precision: 2 },
    { __config__: { kdKey: 'date', label: '下单日期' }, __vModel__: 'orderDate', format: 'yyyy-MM-dd' },
  ],
};

/** The order list columns (design.md §4), type 1 unless a test changes it. */
export function orderColumns(over: Partial<ColumnConfig> & Record<string, unknown> = {}): ColumnConfig {
  return {
    type: 1,
    searchList: [],
    columnList: [
      { prop: 'orderNo', label: '订单号', kdKey: 'comInput', sortable: true, width: 120 },
      { prop: 'supplier', label: '供应商', kdKey: 'comInput', width: 140 },
      { prop: 'category', label: '类别', kdKey: 'select', width: 100 },
      { prop: 'amount', label: '金额', kdKey: 'numInput', width: 100 },
    ],
    sort: 'desc',
    hasPage: true,
    pageSize: 20,
    btnsList: [],
    columnBtnsList: [],
    ...over,
  } as ColumnConfig;
}

/** Three orders. */
export const orders = [
  { id: 'o1', orderNo: 'PO-001', supplier: '宁波面料', category: 'fabric', urgent: true, amount: 100.5, orderDate: Date.UTC(2024, 0, 5) },
  { id: 'o2', orderNo: 'PO-002', supplier: '东莞五金', category: 'trim', urgent: false, amount: 20.25, orderDate: Date.UTC(2024, 0, 6) },
  { id: 'o3', orderNo: 'PO-003', supplier: '宁波包装', category: 'fabric', urgent: false, amount: 3, orderDate: Date.UTC(2024, 0, 7) },
];
