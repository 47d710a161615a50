import { failWith, type MessageTable } from '../dictionary/localized-error';

type Key =
  | 'notFound'
  | 'disabled'
  | 'required'
  | 'codeRule'
  | 'codeExists'
  | 'nameExists'
  | 'badJson'
  | 'badName'
  | 'duplicate'
  | 'unknownField'
  | 'unknownParam'
  | 'options'
  | 'dataset'
  | 'model'
  | 'source'
  | 'interface'
  | 'paramRequired'
  | 'paramNumber'
  | 'paramDate'
  | 'paramSelect'
  | 'paramText'
  | 'tooManyRows'
  | 'pdfTooManyRows'
  | 'parameters'
  | 'subtotal'
  | 'grandTotal';

/** Report messages (issue 16 item 2): zh, en, mas; tw derived from zh (localized-error.ts). */
const table: MessageTable<Key> = {
  zh: {
    notFound: '报表不存在',
    disabled: '报表已停用：{name}',
    required: '{field}不能为空',
    codeRule: '{field}只能输入英文、数字和小数点且小数点不能放在首尾',
    codeExists: '报表编码已存在：{code}',
    nameExists: '报表名称已存在：{name}',
    badJson: '{field}格式不正确',
    badName: '{field}「{name}」只能包含英文字母、数字和下划线，且不能以数字开头',
    duplicate: '{field}「{name}」重复',
    unknownField: '{field}引用了不存在的列「{name}」',
    unknownParam: '{field}引用了不存在的参数「{name}」',
    options: '下拉参数「{name}」至少需要一个选项',
    dataset: '数据集类型只能是 SQL、数据接口、模型或数据源',
    model: '数据集的模型不存在：{id}',
    source: '数据集的数据源不存在：{id}',
    interface: '数据集的数据接口不存在或已停用：{id}',
    paramRequired: '请填写参数「{name}」',
    paramNumber: '参数「{name}」必须是数字',
    paramDate: '参数「{name}」必须是 YYYY-MM-DD 格式的日期',
    paramSelect: '参数「{name}」的值不在选项中',
    paramText: '参数「{name}」不能超过 500 个字符',
    tooManyRows: '报表数据超过 {max} 行（当前至少 {count} 行），请缩小参数范围后再导出',
    pdfTooManyRows: 'PDF 最多导出 {max} 行（当前至少 {count} 行），请缩小参数范围或导出 Excel',
    parameters: '查询条件',
    subtotal: '小计',
    grandTotal: '合计',
  },
  en: {
    notFound: 'No such report',
    disabled: 'The report is disabled: {name}',
    required: '{field} cannot be empty',
    codeRule: '{field} may contain only letters, digits and dots, with no dot at the start or end',
    codeExists: 'The report code already exists: {code}',
    nameExists: 'The report name already exists: {name}',
    badJson: '{field} is not in the expected format',
    badName: '{field} "{name}" may contain only letters, digits and underscores and may not start with a digit',
    duplicate: '{field} "{name}" appears twice',
    unknownField: '{field} names a column that does not exist: "{name}"',
    unknownParam: '{field} names a parameter that does not exist: "{name}"',
    options: 'The select parameter "{name}" needs at least one option',
    dataset: 'The dataset type must be SQL, data interface, model or source',
    model: 'The dataset model does not exist: {id}',
    source: 'The dataset source does not exist: {id}',
    interface: 'The dataset interface does not exist or is disabled: {id}',
    paramRequired: 'Enter the parameter "{name}"',
    paramNumber: 'The parameter "{name}" must be a number',
    paramDate: 'The parameter "{name}" must be a date as YYYY-MM-DD',
    paramSelect: 'The value of the parameter "{name}" is not one of its options',
    paramText: 'The parameter "{name}" may have at most 500 characters',
    tooManyRows: 'The report has more than {max} rows (at least {count}); narrow the parameters before exporting',
    pdfTooManyRows: 'A PDF holds at most {max} rows (this report has at least {count}); narrow the parameters or export Excel',
    parameters: 'Parameters',
    subtotal: 'Subtotal',
    grandTotal: 'Total',
  },
  mas: {
    notFound: 'Laporan tidak wujud',
    disabled: 'Laporan dinyahdayakan: {name}',
    required: '{field} tidak boleh kosong',
    codeRule: '{field} hanya boleh mengandungi huruf, digit dan titik, tanpa titik di awal atau akhir',
    codeExists: 'Kod laporan sudah wujud: {code}',
    nameExists: 'Nama laporan sudah wujud: {name}',
    badJson: '{field} tidak dalam format yang betul',
    badName: '{field} "{name}" hanya boleh mengandungi huruf, digit dan garis bawah dan tidak boleh bermula dengan digit',
    duplicate: '{field} "{name}" berulang',
    unknownField: '{field} merujuk lajur yang tidak wujud: "{name}"',
    unknownParam: '{field} merujuk parameter yang tidak wujud: "{name}"',
    options: 'Parameter pilihan "{name}" memerlukan sekurang-kurangnya satu pilihan',
    dataset: 'Jenis set data mesti SQL, antara muka data, model atau sumber',
    model: 'Model set data tidak wujud: {id}',
    source: 'Sumber set data tidak wujud: {id}',
    interface: 'Antara muka data set data tidak wujud atau dinyahdayakan: {id}',
    paramRequired: 'Isikan parameter "{name}"',
    paramNumber: 'Parameter "{name}" mesti nombor',
    paramDate: 'Parameter "{name}" mesti tarikh YYYY-MM-DD',
    paramSelect: 'Nilai parameter "{name}" bukan salah satu pilihannya',
    paramText: 'Parameter "{name}" paling banyak 500 aksara',
    tooManyRows: 'Laporan melebihi {max} baris (sekurang-kurangnya {count}); kecilkan parameter sebelum eksport',
    pdfTooManyRows: 'PDF memuatkan paling banyak {max} baris (laporan ini sekurang-kurangnya {count}); kecilkan parameter atau eksport Excel',
    parameters: 'Parameter',
    subtotal: 'Jumlah kecil',
    grandTotal: 'Jumlah',
  },
};

/** Field labels used in messages (zh, en, mas; tw derived). */
export const FIELD = {
  fullName: { zh: '报表名称', en: 'Report name', mas: 'Nama laporan' },
  enCode: { zh: '报表编码', en: 'Report code', mas: 'Kod laporan' },
  config: { zh: '报表配置', en: 'Report configuration', mas: 'Konfigurasi laporan' },
  parameter: { zh: '参数名', en: 'Parameter name', mas: 'Nama parameter' },
  column: { zh: '列字段', en: 'Column field', mas: 'Medan lajur' },
  grouping: { zh: '分组', en: 'Grouping', mas: 'Kumpulan' },
  chart: { zh: '图表', en: 'Chart', mas: 'Carta' },
  filter: { zh: '筛选条件', en: 'Filter', mas: 'Penapis' },
  sql: { zh: 'SQL 语句', en: 'SQL statement', mas: 'Pernyataan SQL' },
  columns: { zh: '报表列', en: 'Report columns', mas: 'Lajur laporan' },
} as const;

/** `fail(code, key, vars, data)`: a LocalizedError from the report table. */
export const fail = failWith(table, 'dataReport');

/** The subtotal / grand-total labels in `lang`, for rows the server lays out (run.ts, excel.ts). */
export { table as REPORT_MESSAGES };
