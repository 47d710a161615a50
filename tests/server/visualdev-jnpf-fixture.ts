/**
 * A JNPF v3 model export written by hand after jnpf-v3.md §2–§3 (Mnxhp v3.4 generator defaults): `formData`,
 * `columnData` and `tables` are JSON strings; fields carry `jnpfKey`; regList patterns are `'/…/'` strings; the form
 * has a row container, a sub-table (tableField110 → ext_customer_contact), the legacy widgets dicSelect, PsdInput,
 * JNPFAmount and JNPFText; the column config's searchList/columnList items carry `jnpfKey` too.
 */

const input = (vModel: string, label: string, formId: number, extra: Record<string, unknown> = {}, config: Record<string, unknown> = {}) => ({
  __config__: {
    jnpfKey: 'comInput',
    label,
    showLabel: true,
    tag: 'el-input',
    tagIcon: 'icon-ym icon-ym-generator-input',
    required: false,
    layout: 'colFormItem',
    span: 12,
    dragDisabled: false,
    visibility: ['pc', 'app'],
    tableName: 'ext_customer',
    noShow: false,
    regList: [],
    trigger: 'blur',
    formId,
    renderKey: 1650000000000 + formId,
    ...config,
  },
  __slot__: { prepend: '', append: '' },
  __vModel__: vModel,
  placeholder: '请输入',
  style: { width: '100%' },
  clearable: true,
  'prefix-icon': '',
  'suffix-icon': '',
  maxlength: null,
  'show-word-limit': false,
  readonly: false,
  disabled: false,
  ...extra,
});

const contactTable = {
  __config__: {
    jnpfKey: 'table',
    label: '联系人',
    showLabel: false,
    tag: 'jnpfInputTable',
    tagIcon: 'icon-ym icon-ym-generator-table',
    layout: 'rowFormItem',
    span: 24,
    showTitle: true,
    tableName: 'ext_customer_contact',
    formId: 110,
    renderKey: 1650000000110,
    children: [
      input('F_Name', '姓名', 111, {}, { required: true, tableName: 'ext_customer_contact', isSubTable: true, parentVModel: 'tableField110', relationTable: 'ext_customer_contact' }),
      input('F_Mobile', '手机', 112, {}, { tableName: 'ext_customer_contact', regList: [{ pattern: '/^1[3-9]\\d{9}$/', message: '请输入正确的手机号码' }] }),
      {
        __config__: { jnpfKey: 'numInput', label: '年龄', tag: 'el-input-number', layout: 'colFormItem', span: 24, formId: 113, tableName: 'ext_customer_contact', regList: [] },
        __vModel__: 'F_Age',
        placeholder: '',
        min: 0,
        max: 150,
        step: 1,
        precision: 0,
        'controls-position': '',
      },
    ],
  },
  __vModel__: 'tableField110',
  'show-summary': false,
  summaryField: [],
  actionText: '添加',
};

/** The JNPF formData object (stringified into the export). */
export const jnpfForm = {
  formRef: 'elForm',
  formModel: 'dataForm',
  size: 'small',
  labelPosition: 'right',
  labelWidth: 100,
  formRules: 'rules',
  gutter: 15,
  disabled: false,
  span: 24,
  formBtns: false,
  idGlobal: 120,
  popupType: 'general',
  generalWidth: '600px',
  hasCancelBtn: true,
  cancelButtonText: '取 消',
  hasConfirmBtn: true,
  confirmButtonText: '确 定',
  fields: [
    input('F_FullName', '客户名称', 101, { maxlength: 50 }, { required: true, regList: [{ pattern: '/^[\\u4e00-\\u9fa5A-Za-z]+$/', message: '客户名称只能为中文或字母' }] }),
    {
      __config__: { jnpfKey: 'dicSelect', label: '所在国家', tag: 'el-select', layout: 'colFormItem', span: 12, dataType: 'dictionary', dictionaryType: 'dict-country', formId: 102, regList: [], required: false },
      __vModel__: 'F_Country',
      placeholder: '请选择',
      clearable: true,
      filterable: true,
      multiple: false,
    },
    {
      __config__: { jnpfKey: 'row', label: '联系方式', layout: 'rowFormItem', tag: 'el-row', span: 24, formId: 103, children: [input('F_Phone', '电话', 104, {}, { regList: [{ pattern: '/^1[3-9]\\d{9}$/', message: '请输入正确的手机号码' }] })] },
      type: 'default',
      justify: 'start',
      align: 'top',
    },
    { __config__: { jnpfKey: 'PsdInput', label: '查询密码', tag: 'el-input', layout: 'colFormItem', span: 12, formId: 105, regList: [] }, __vModel__: 'F_Secret', 'show-password': true, placeholder: '请输入' },
    { __config__: { jnpfKey: 'JNPFAmount', label: '信用额度', tag: 'jnpf-amount', layout: 'colFormItem', span: 12, formId: 106, regList: [] }, __vModel__: 'F_Credit', showChinese: true, placeholder: '请输入金额' },
    {
      __config__: { jnpfKey: 'date', label: '签约日期', tag: 'el-date-picker', layout: 'colFormItem', span: 12, formId: 107, regList: [], defaultValue: null },
      __vModel__: 'F_SignDate',
      placeholder: '请选择',
      type: 'date',
      format: 'yyyy-MM-dd',
      'value-format': 'timestamp',
    },
    { __config__: { jnpfKey: 'JNPFText', label: '文本', tag: 'jnpf-text', layout: 'colFormItem', span: 24, formId: 108 }, __vModel__: '', textStyle: { color: '#000000' }, content: '以下为联系人信息' },
    contactTable,
  ],
};

const search = (prop: string, label: string, jnpfKey: string, searchType: number) => ({ label, prop, jnpfKey, value: '', searchType, __config__: { jnpfKey, label } });
const column = (prop: string, label: string, jnpfKey: string, sortable: boolean) => ({ label, prop, jnpfKey, fixed: 'none', align: 'left', sortable, width: null });

/** The JNPF columnData object (stringified into the export). */
export const jnpfColumns = {
  searchList: [search('F_FullName', '客户名称', 'comInput', 2), search('F_Country', '所在国家', 'dicSelect', 1), search('F_SignDate', '签约日期', 'date', 3)],
  hasSuperQuery: false,
  columnOptions: [],
  columnList: [column('F_FullName', '客户名称', 'comInput', true), column('F_Country', '所在国家', 'dicSelect', false), column('F_Credit', '信用额度', 'JNPFAmount', true), column('F_SignDate', '签约日期', 'date', true)],
  defaultColumnList: [],
  type: 1,
  defaultSidx: 'F_FullName',
  sort: 'asc',
  hasPage: true,
  pageSize: 20,
  treeTitle: '左侧标题',
  treeDataSource: 'dictionary',
  treeDictionary: '',
  treeRelation: '',
  treePropsUrl: '',
  treePropsValue: 'id',
  treePropsChildren: 'children',
  treePropsLabel: 'fullName',
  groupField: 'F_Country',
  btnsList: [
    { value: 'add', icon: 'el-icon-plus', label: '新增' },
    { value: 'download', icon: 'el-icon-download', label: '导出' },
    { value: 'batchRemove', icon: 'el-icon-delete', label: '批量删除' },
  ],
  columnBtnsList: [
    { value: 'edit', icon: 'el-icon-edit', label: '编辑' },
    { value: 'remove', icon: 'el-icon-delete', label: '删除' },
    { value: 'detail', icon: 'el-icon-tickets', label: '详情' },
  ],
  customBtnsList: [],
  funcs: { afterOnload: '({ data, attributes, events, methods, tableRef, request }) => {\r\n}' },
  useColumnPermission: false,
  useFormPermission: false,
  useBtnPermission: false,
  useDataPermission: false,
};

const jnpfTables = [
  { relationField: '', relationTable: '', table: 'ext_customer', tableName: '客户', tableKey: 'F_Id', tableField: '', typeId: '1', fields: [{ field: 'F_Id', fieldName: '主键', dataType: 'varchar', dataLength: '50', primaryKey: 1, allowNull: 0 }] },
  { relationField: 'F_Id', relationTable: 'ext_customer', table: 'ext_customer_contact', tableName: '联系人', tableKey: 'F_Id', tableField: 'F_CustomerId', typeId: '0', fields: [] },
];

/** The whole export file (VisualDevEntity serialised as .NET v3 writes it). */
export function jnpfExport(): Record<string, unknown> {
  return {
    id: '375693187437045829',
    fullName: '客户信息',
    enCode: 'customerInfo',
    state: 1,
    type: 1,
    webType: 2,
    category: '98ecb9d1ce0b4bbca5c4e2bf7a8d6a10',
    description: 'JNPF v3 导出',
    sortCode: 0,
    enabledMark: 1,
    dbLinkId: '0',
    flowId: null,
    enableFlow: 0,
    tables: JSON.stringify(jnpfTables),
    formData: JSON.stringify(jnpfForm),
    columnData: JSON.stringify(jnpfColumns),
    appColumnData: '',
    creatorTime: 1650000000000,
    creatorUserId: 'admin',
    lastModifyTime: null,
    lastModifyUserId: null,
    deleteMark: null,
    deleteTime: null,
    deleteUserId: null,
  };
}
