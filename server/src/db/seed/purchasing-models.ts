import { renderers } from '../../../../renderers';
import type { ColumnConfig } from '../../../../schemas/columns';
import type { FieldConfig } from '../../../../schemas/field';
import type { FormConfig } from '../../../../schemas/form';
import type { ModelRecord } from '../../../../schemas/model';
import { saveModel } from '../../modules/visualdev/model-store';
import type { SeedContext } from './index';

/**
 * The purchasing master data as the engine's own models (issue 17 item 1), so form designers can extend them:
 * - 物料 (vd-pu-material → table kd_pu_material): materialCode, materialName, category, unit, spec, colour,
 *   defaultSupplier, isFabric, remark;
 * - 制单 (vd-pu-manfac → kd_pu_manfac, BOM lines in kd_pu_manfac_bom): mno, customer, sno (style / serial number), bno
 *   (batch, starts with 239), quantity (pieces), deliveryDate (timestamp ms), bom[] of materialCode, materialName, spec,
 *   unit, usage (per piece), lossRate (percent), isFabric.
 * modules/purchasing reads these tables by these column names (sources.ts).
 */
export const PU_MODELS = { material: 'vd-pu-material', manfac: 'vd-pu-manfac' } as const;
/** Their tables. */
export const PU_TABLES = { material: 'kd_pu_material', manfac: 'kd_pu_manfac', bom: 'kd_pu_manfac_bom' } as const;

let formId = 300;

/** A field from the renderer's scaffold with this model's settings (as supplier-model.ts). */
function field(kdKey: string, vModel: string, label: string, config: Record<string, unknown> = {}, props: Record<string, unknown> = {}): FieldConfig {
  const def = renderers[kdKey];
  if (!def) throw new Error(`purchasing models: renderer ${kdKey} is not registered`);
  const scaffold = structuredClone(def.scaffold);
  formId += 1;
  return { ...scaffold, ...props, __config__: { ...scaffold.__config__, label, formId, renderKey: formId, ...config }, __vModel__: vModel };
}

const options = (...names: Array<[string, string]>) => ({ __slot__: { options: names.map(([id, fullName]) => ({ id, fullName })) } });

/** Material categories [id, name]. */
export const MATERIAL_CATEGORIES: Array<[string, string]> = [
  ['fabric', '面料'],
  ['lining', '里布'],
  ['zipper', '拉链'],
  ['buckle', '扣具'],
  ['webbing', '织带'],
  ['thread', '缝线'],
  ['label', '标签'],
  ['packaging', '包装'],
];

function form(fields: FieldConfig[]): FormConfig {
  return { formRef: 'elForm', formModel: 'dataForm', size: 'small', labelPosition: 'right', labelWidth: 100, gutter: 15, span: 24, disabled: false, popupType: 'general', fields };
}

function columns(f: FormConfig, props: Array<[string, number]>, search: string[], sidx: string): ColumnConfig {
  const byModel = new Map(f.fields.map((x) => [x.__vModel__, x]));
  const label = (p: string) => String(byModel.get(p)?.__config__.label ?? p);
  return {
    type: 1,
    searchList: search.map((prop) => ({ label: label(prop), prop, kdKey: 'comInput', searchType: 2 as const })),
    columnList: props.map(([prop, width]) => ({ label: label(prop), prop, kdKey: byModel.get(prop)?.__config__.kdKey, sortable: true, width, align: 'left', fixed: 'none' })),
    sort: 'asc',
    defaultSidx: sidx,
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

/** The 物料 model record. */
export function materialModel(): ModelRecord {
  formId = 300;
  const f = form([
    field('comInput', 'materialCode', '物料编码', { required: true, span: 12 }, { maxlength: 30 }),
    field('comInput', 'materialName', '物料名称', { required: true, span: 12 }, { maxlength: 100 }),
    field('select', 'category', '物料类别', { span: 12 }, options(...MATERIAL_CATEGORIES)),
    field('comInput', 'unit', '单位', { required: true, span: 12 }, { maxlength: 10 }),
    field('comInput', 'spec', '规格', { span: 12 }, { maxlength: 100 }),
    field('comInput', 'colour', '颜色', { span: 12 }, { maxlength: 30 }),
    field('comInput', 'defaultSupplier', '默认供应商', { span: 12 }, { maxlength: 100 }),
    field('switch', 'isFabric', '布料', { span: 12, defaultValue: false }),
    field('textarea', 'remark', '备注', { span: 24 }, { maxlength: 500 }),
  ]);
  return {
    id: PU_MODELS.material,
    fullName: '物料',
    enCode: 'puMaterial',
    category: 'supplyChain',
    type: 1,
    state: 1,
    webType: 2,
    tables: [{ typeId: '1', table: PU_TABLES.material, tableKey: 'id', tableField: '', relationTable: '', relationField: '' }],
    formData: f,
    columnData: columns(f, [['materialCode', 130], ['materialName', 200], ['category', 90], ['unit', 70], ['spec', 160], ['colour', 90], ['defaultSupplier', 160], ['isFabric', 70]], ['materialCode', 'materialName'], 'materialCode'),
    flowId: null,
    enableFlow: 0,
  };
}

/** The 制单 (manufacturing order) model record, with its BOM sub-table. */
export function manfacModel(): ModelRecord {
  formId = 400;
  const bom: FieldConfig = {
    ...structuredClone(renderers.table?.scaffold ?? {}),
    __config__: {
      ...(structuredClone(renderers.table?.scaffold.__config__) ?? {}),
      kdKey: 'table',
      label: 'BOM 用料',
      layout: 'rowFormItem',
      tag: 'kdTable',
      formId: 499,
      tableName: PU_TABLES.bom,
      children: [
        field('comInput', 'materialCode', '物料编码', { required: true }),
        field('comInput', 'materialName', '物料名称'),
        field('comInput', 'spec', '规格'),
        field('comInput', 'unit', '单位'),
        field('numInput', 'usage', '单件用量', {}, { min: 0, precision: 4 }),
        field('numInput', 'lossRate', '损耗率(%)', {}, { min: 0, max: 100, precision: 2 }),
        field('switch', 'isFabric', '布料'),
      ],
    },
    __vModel__: 'bom',
  } as FieldConfig;
  const f = form([
    field('comInput', 'mno', '制单号', { required: true, span: 12 }, { maxlength: 30 }),
    field('comInput', 'customer', '客户', { span: 12 }, { maxlength: 100 }),
    field('comInput', 'sno', '款号', { required: true, span: 12 }, { maxlength: 30 }),
    field('comInput', 'bno', '批号', { span: 12, regList: [{ pattern: '/^239\\d{3,}$/', message: '批号必须以239开头' }] }, { maxlength: 20 }),
    field('numInput', 'quantity', '订单数量', { required: true, span: 12 }, { min: 0, precision: 0 }),
    field('date', 'deliveryDate', '交货日期', { span: 12 }, { type: 'date', format: 'yyyy-MM-dd', 'value-format': 'timestamp' }),
    bom,
  ]);
  return {
    id: PU_MODELS.manfac,
    fullName: '制单',
    enCode: 'puManfac',
    category: 'supplyChain',
    type: 1,
    state: 1,
    webType: 2,
    tables: [{ typeId: '1', table: PU_TABLES.manfac, tableKey: 'id', tableField: '', relationTable: '', relationField: '' }],
    formData: f,
    columnData: columns(f, [['mno', 130], ['customer', 160], ['sno', 110], ['bno', 100], ['quantity', 100], ['deliveryDate', 120]], ['mno', 'sno', 'bno'], 'mno'),
    flowId: null,
    enableFlow: 0,
  };
}

/** Seeds both models and creates their tables (always: the purchasing module reads them); existing models are left. */
export default async function seedPurchasingModels({ db }: SeedContext): Promise<void> {
  for (const make of [materialModel, manfacModel]) {
    const model = make();
    const exists = await db.selectFrom('visualdev').select('id').where('id', '=', model.id).executeTakeFirst();
    if (!exists) await saveModel(db, model, null);
  }
}
