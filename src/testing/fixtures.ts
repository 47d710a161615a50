import type { CurrentUser } from '../api/oauth';

/** Model id and menu id of the fixture supplier model. */
export const SUPPLIER = { modelId: 'model-supplier', menuId: 'menu-supplier' };

/** A CurrentUser answer shaped like the server's (spec 000 §3): two folders, a type-2 page, a type-3 model page, a type-4 page. */
export function currentUserFixture(over: Partial<CurrentUser> = {}): CurrentUser {
  return {
    menuList: [
      {
        id: 'menu-supply',
        parentId: '-1',
        fullName: '供应链',
        enCode: 'supplyChain',
        icon: 'ShopOutlined',
        type: 1,
        urlAddress: 'supplyChain',
        hasChildren: true,
        children: [
          { id: SUPPLIER.menuId, parentId: 'menu-supply', fullName: '供应商', enCode: 'supplier', icon: 'TeamOutlined', type: 3, urlAddress: 'model/supplier', propertyJson: JSON.stringify({ moduleId: SUPPLIER.modelId, isTree: 0 }), hasChildren: false, children: null },
          { id: 'menu-report', parentId: 'menu-supply', fullName: '供应报表', enCode: 'supplyReport', type: 4, urlAddress: 'report/supply', propertyJson: '{"moduleId":"r1"}', hasChildren: false, children: null },
        ],
      },
      {
        id: 'menu-system',
        parentId: '-1',
        fullName: '系统管理',
        enCode: 'system',
        icon: 'SettingOutlined',
        type: 1,
        urlAddress: 'system',
        hasChildren: true,
        children: [{ id: 'menu-dict', parentId: 'menu-system', fullName: '数据字典', enCode: 'dictionary', type: 2, urlAddress: 'systemData/dictionary', hasChildren: false, children: null }],
      },
    ],
    userInfo: {
      userId: 'u1',
      userAccount: 'admin',
      userName: '管理员',
      organizeName: 'KD 箱包有限公司',
      departmentName: '信息部',
      prevLogin: 1,
      prevLoginTime: Date.UTC(2024, 4, 6, 1, 30),
      prevLoginIPAddress: '10.0.0.8',
      changePwdTimes: 3,
      CurrentAcSet: { Code: '01', Name: 'KD 箱包', OrgName: 'KD' },
    },
    permissionList: [{ modelId: SUPPLIER.menuId, moduleName: '供应商', button: ['btn_add', 'btn_edit', 'btn_remove', 'btn_detail'].map((enCode) => ({ id: enCode, fullName: enCode, enCode })) }],
    ...over,
  };
}

/** A supplier form config (design.md §4) with a required pattern field, a required text, a select and a switch. */
export const supplierFormData = {
  labelWidth: 100,
  gutter: 15,
  fields: [
    { __config__: { kdKey: 'comInput', label: '供应商编码', required: true, span: 12, regList: [{ pattern: '/^S\\d{4}$/', message: '供应商编码须为S加4位数字' }] }, __vModel__: 'supplierCode' },
    { __config__: { kdKey: 'comInput', label: '供应商名称', required: true, span: 12 }, __vModel__: 'supplierName' },
    { __config__: { kdKey: 'select', label: '供应类别', span: 12, dataType: 'static' }, __slot__: { options: [{ id: 'fabric', fullName: '面料' }, { id: 'trim', fullName: '辅料' }] }, __vModel__: 'category' },
    { __config__: { kdKey: 'switch', label: '启用', span: 12, defaultValue: true }, __vModel__: 'active' },
  ],
};

/** The supplier column config (design.md §4). */
export const supplierColumnData = {
  type: 1,
  searchList: [],
  columnList: [
    { prop: 'supplierCode', label: '供应商编码', kdKey: 'comInput', sortable: true, width: 120 },
    { prop: 'supplierName', label: '供应商名称', kdKey: 'comInput', sortable: true, width: 200 },
    { prop: 'category', label: '供应类别', kdKey: 'select', width: 100 },
    { prop: 'active', label: '启用', kdKey: 'switch', width: 80 },
  ],
  sort: 'desc',
  defaultSidx: 'supplierCode',
  hasPage: true,
  pageSize: 20,
  btnsList: [{ value: 'add', label: '新增' }],
  columnBtnsList: [
    { value: 'edit', label: '编辑' },
    { value: 'remove', label: '删除' },
    { value: 'detail', label: '详情' },
  ],
  useBtnPermission: true,
};

/** The Config answer of the supplier model: formData and columnData as JSON strings, as the server sends them. */
export const supplierConfig = { id: SUPPLIER.modelId, fullName: '供应商', enCode: 'supplier', webType: 2, formData: JSON.stringify(supplierFormData), columnData: JSON.stringify(supplierColumnData) };
