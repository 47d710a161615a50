/**
 * The test panel's own strings (spec 000 §9: zh default, en, tw, mas), picked by the current i18next language (zh when
 * unknown). tw from zh with opencc-js (`cn` → `twp`) and reviewed; mas by hand. Checked by src/i18n/coverage.test.ts.
 */
export const DATA_INTERFACE_TEST_STRINGS = {
  zh: {
    paramName: '参数名',
    paramValue: '参数值',
    addParam: '添加参数',
    paged: '分页（每页 {{size}} 条）',
    send: '发送请求',
    answer: '返回结果',
    failed: '调用失败：{{msg}}',
    noInterface: '请先保存接口',
    rows: '共 {{count}} 行',
  },
  en: {
    paramName: 'Name',
    paramValue: 'Value',
    addParam: 'Add parameter',
    paged: 'Paged ({{size}} per page)',
    send: 'Send',
    answer: 'Answer',
    failed: 'The call failed: {{msg}}',
    noInterface: 'Save the interface first',
    rows: '{{count}} rows',
  },
  tw: {
    paramName: '參數名',
    paramValue: '參數值',
    addParam: '新增參數',
    paged: '分頁（每頁 {{size}} 條）',
    send: '傳送請求',
    answer: '回傳結果',
    failed: '呼叫失敗：{{msg}}',
    noInterface: '請先儲存介面',
    rows: '共 {{count}} 行',
  },
  mas: {
    paramName: 'Nama parameter',
    paramValue: 'Nilai parameter',
    addParam: 'Tambah parameter',
    paged: 'Berhalaman ({{size}} setiap halaman)',
    send: 'Hantar permintaan',
    answer: 'Respons',
    failed: 'Panggilan gagal: {{msg}}',
    noInterface: 'Simpan antara muka dahulu',
    rows: '{{count}} baris',
  },
} as const;

/** A word of the panel. */
export type TestWord = keyof (typeof DATA_INTERFACE_TEST_STRINGS)['zh'];

/** `word` in `lang` (zh when unknown) with `{{name}}` placeholders filled from `vars`. */
export function testWord(lang: string | undefined, word: TestWord, vars: Record<string, string | number> = {}): string {
  const table = (DATA_INTERFACE_TEST_STRINGS as Record<string, Record<TestWord, string>>)[lang ?? 'zh'] ?? DATA_INTERFACE_TEST_STRINGS.zh;
  return table[word].replace(/\{\{(\w+)\}\}/g, (_m, k: string) => String(vars[k] ?? ''));
}
