import i18next from 'i18next';

/**
 * Strings of the 数据接口 page (spec 000 §9: zh default, en, tw, mas), under `dataInterface.*` of the shared i18next
 * instance (namespace `translation`). tw was generated from zh with opencc-js (`cn` → `twp`, src/i18n/generate-tw.ts)
 * and reviewed; mas is written by hand. Checked by src/i18n/coverage.test.ts.
 */
export const DATA_INTERFACE_STRINGS = {
  zh: {
    dataInterface: {
      title: '数据接口',
      add: '新建接口',
      editTitle: '编辑接口',
      fullName: '接口名称',
      enCode: '接口编码',
      category: '分类',
      dataType: '类型',
      types: { 1: 'SQL 查询', 2: '静态数据', 3: '外部接口' },
      query: 'SQL 语句',
      queryHint: '只能是一条 SELECT / WITH 查询；参数写作 @name 或 {name}，执行时绑定',
      json: '静态数据（JSON）',
      path: '接口地址',
      method: '请求方式',
      params: '默认参数',
      paramName: '参数名',
      paramValue: '默认值',
      addParam: '添加参数',
      test: '测试',
      testTitle: '测试接口：{{name}}',
      send: '发送请求',
      paged: '分页（每页 20 条）',
      answer: '返回结果',
      failed: '调用失败：{{msg}}',
      creatorTime: '创建时间',
      jsonInvalid: '静态数据不是有效的 JSON',
    },
  },
  en: {
    dataInterface: {
      title: 'Data interfaces',
      add: 'New interface',
      editTitle: 'Edit interface',
      fullName: 'Name',
      enCode: 'Code',
      category: 'Category',
      dataType: 'Type',
      types: { 1: 'SQL query', 2: 'Static data', 3: 'External API' },
      query: 'SQL',
      queryHint: 'One SELECT / WITH query; parameters as @name or {name}, bound when run',
      json: 'Static data (JSON)',
      path: 'URL',
      method: 'Method',
      params: 'Default parameters',
      paramName: 'Name',
      paramValue: 'Default value',
      addParam: 'Add parameter',
      test: 'Test',
      testTitle: 'Test interface: {{name}}',
      send: 'Send',
      paged: 'Paged (20 per page)',
      answer: 'Answer',
      failed: 'The call failed: {{msg}}',
      creatorTime: 'Created',
      jsonInvalid: 'The static data is not valid JSON',
    },
  },
  tw: {
    dataInterface: {
      title: '資料介面',
      add: '新建介面',
      editTitle: '編輯介面',
      fullName: '介面名稱',
      enCode: '介面編碼',
      category: '分類',
      dataType: '類型',
      types: { 1: 'SQL 查詢', 2: '靜態資料', 3: '外部介面' },
      query: 'SQL 語句',
      queryHint: '只能是一條 SELECT / WITH 查詢；參數寫作 @name 或 {name}，執行時繫結',
      json: '靜態資料（JSON）',
      path: '介面地址',
      method: '請求方式',
      params: '預設參數',
      paramName: '參數名',
      paramValue: '預設值',
      addParam: '新增參數',
      test: '測試',
      testTitle: '測試介面：{{name}}',
      send: '傳送請求',
      paged: '分頁（每頁 20 條）',
      answer: '回傳結果',
      failed: '呼叫失敗：{{msg}}',
      creatorTime: '建立時間',
      jsonInvalid: '靜態資料不是有效的 JSON',
    },
  },
  mas: {
    dataInterface: {
      title: 'Antara muka data',
      add: 'Tambah antara muka',
      editTitle: 'Sunting antara muka',
      fullName: 'Nama antara muka',
      enCode: 'Kod antara muka',
      category: 'Kategori',
      dataType: 'Jenis',
      types: { 1: 'Pertanyaan SQL', 2: 'Data statik', 3: 'Antara muka luaran' },
      query: 'Pernyataan SQL',
      queryHint: 'Hanya satu pertanyaan SELECT / WITH; parameter ditulis sebagai @name atau {name}, diikat semasa dijalankan',
      json: 'Data statik (JSON)',
      path: 'URL antara muka',
      method: 'Kaedah permintaan',
      params: 'Parameter lalai',
      paramName: 'Nama parameter',
      paramValue: 'Nilai lalai',
      addParam: 'Tambah parameter',
      test: 'Uji',
      testTitle: 'Uji antara muka: {{name}}',
      send: 'Hantar permintaan',
      paged: 'Berhalaman (20 setiap halaman)',
      answer: 'Respons',
      failed: 'Panggilan gagal: {{msg}}',
      creatorTime: 'Masa dicipta',
      jsonInvalid: 'Data statik bukan JSON yang sah',
    },
  },
} as const;

function add(): void {
  for (const [lang, res] of Object.entries(DATA_INTERFACE_STRINGS)) i18next.addResourceBundle(lang, 'translation', res, true, false);
}

/** Adds the strings to i18next now, or once it initialises (the data-interface page's modules import this). Idempotent. */
export function registerDataInterfaceStrings(): void {
  if (i18next.isInitialized) add();
  else i18next.on('initialized', add);
}

registerDataInterfaceStrings();
