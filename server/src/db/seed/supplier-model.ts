import { renderers } from '../../../../renderers';
import type { ColumnConfig } from '../../../../schemas/columns';
import type { FieldConfig } from '../../../../schemas/field';
import type { FormConfig } from '../../../../schemas/form';
import type { ModelRecord } from '../../../../schemas/model';
import { saveModel } from '../../modules/visualdev/model-store';
import { SEED } from './ids';
import type { SeedContext } from './index';

let formId = 100;

/** A field config built from the renderer's scaffold (design.md §3) with this model's settings. */
function field(kdKey: string, vModel: string, label: string, config: Record<string, unknown> = {}, props: Record<string, unknown> = {}): FieldConfig {
  const def = renderers[kdKey];
  if (!def) throw new Error(`supplier model: renderer ${kdKey} is not registered`);
  const scaffold = structuredClone(def.scaffold);
  formId += 1;
  return {
    ...scaffold,
    ...props,
    __config__: { ...scaffold.__config__, label, formId, renderKey: formId, ...config },
    __vModel__: vModel,
  };
}

const options = (...names: Array<[string, string]>) => ({ __slot__: { options: names.map(([id, fullName]) => ({ id, fullName })) } });

/** The supplier form (design.md §4 field configs): 13 fields of the basic widget types. */
export function supplierForm(): FormConfig {
  formId = 100;
  return {
    formRef: 'elForm',
    formModel: 'dataForm',
    size: 'small',
    labelPosition: 'right',
    labelWidth: 100,
    gutter: 15,
    span: 24,
    disabled: false,
    popupType: 'general',
    fields: [
      field('comInput', 'supplierCode', '供应商编码', { required: true, regList: [{ pattern: '/^S\\d{4}$/', message: '供应商编码须为S加4位数字' }], span: 12 }, { placeholder: '例如 S0001', maxlength: 5 }),
      field('comInput', 'supplierName', '供应商名称', { required: true, span: 12 }, { maxlength: 100 }),
      field('select', 'category', '供应类别', { span: 12 }, options(['fabric', '面料'], ['trim', '辅料'], ['hardware', '五金'], ['packaging', '包装'])),
      field('radio', 'level', '供应商等级', { span: 12 }, options(['A', 'A'], ['B', 'B'], ['C', 'C'])),
      field('checkbox', 'certifications', '认证资质', { span: 24 }, options(['ISO9001', 'ISO9001'], ['BSCI', 'BSCI'], ['GRS', 'GRS'])),
      field('numInput', 'creditLimit', '信用额度', { span: 12 }, { min: 0, precision: 2, step: 1000 }),
      field('select', 'currency', '结算币种', { span: 12, dataType: 'dictionary', dictionaryType: SEED.dictCurrency }, { __slot__: { options: [] }, filterable: true }),
      field('select', 'country', '国家/地区', { span: 12, dataType: 'dictionary', dictionaryType: SEED.dictCountry }, { __slot__: { options: [] }, filterable: true }),
      field('date', 'cooperationDate', '合作日期', { span: 12 }, { type: 'date', format: 'yyyy-MM-dd', 'value-format': 'timestamp' }),
      field('comInput', 'contactPhone', '联系电话', { span: 12, regList: [{ pattern: '/^1[3-9]\\d{9}$/', message: '请输入正确的手机号码' }] }, { maxlength: 11 }),
      field('switch', 'active', '启用', { span: 12, defaultValue: true }),
      field('textarea', 'address', '地址', { span: 24 }, { maxlength: 200 }),
      field('textarea', 'remark', '备注', { span: 24 }, { maxlength: 500 }),
    ],
  };
}

/** The supplier list (design.md §4 column config): fuzzy search on code and name, sortable columns, 20 per page. */
export function supplierColumns(form: FormConfig): ColumnConfig {
  const byModel = new Map(form.fields.map((f) => [f.__vModel__, f]));
  const col = (prop: string, width: number, sortable = true) => ({
    label: byModel.get(prop)?.__config__.label ?? prop,
    prop,
    kdKey: byModel.get(prop)?.__config__.kdKey,
    sortable,
    width,
    align: 'left',
    fixed: 'none',
  });
  const search = (prop: string) => ({ label: byModel.get(prop)?.__config__.label ?? prop, prop, kdKey: 'comInput', searchType: 2 as const });
  return {
    type: 1,
    searchList: [search('supplierCode'), search('supplierName')],
    columnList: [
      col('supplierCode', 120),
      col('supplierName', 200),
      col('category', 100),
      col('level', 90),
      col('certifications', 160, false),
      col('creditLimit', 120),
      col('currency', 100),
      col('country', 120),
      col('cooperationDate', 120),
      col('contactPhone', 130, false),
      col('active', 80),
    ],
    sort: 'desc',
    defaultSidx: 'supplierCode',
    hasPage: true,
    pageSize: 20,
    btnsList: [{ value: 'add', icon: 'PlusOutlined', label: '新增' }],
    columnBtnsList: [
      { value: 'edit', icon: 'EditOutlined', label: '编辑' },
      { value: 'remove', icon: 'DeleteOutlined', label: '删除' },
      { value: 'detail', icon: 'EyeOutlined', label: '详情' },
    ],
    useColumnPermission: false,
    useFormPermission: false,
    useBtnPermission: true,
    useDataPermission: false,
  };
}

/** The seeded supplier model record (design.md §4), bound to table kd_supplier. */
export function supplierModel(): ModelRecord {
  const formData = supplierForm();
  return {
    id: SEED.supplierModel,
    fullName: '供应商',
    enCode: 'supplier',
    category: 'supplyChain',
    type: 1,
    state: 1,
    webType: 2,
    tables: [{ typeId: '1', table: 'kd_supplier', tableKey: 'id', tableField: '', relationTable: '', relationField: '' }],
    formData,
    columnData: supplierColumns(formData),
    flowId: null,
    enableFlow: 0,
  };
}

/** Seeds the supplier model and creates its table (issue 2 item 2); an existing model is left as it is. */
export default async function seedSupplierModel({ db }: SeedContext): Promise<void> {
  const exists = await db.selectFrom('visualdev').select('id').where('id', '=', SEED.supplierModel).executeTakeFirst();
  if (exists) return;
  await saveModel(db, supplierModel(), null);
}
