/**
 * The print preview's own strings (spec 000 §9: zh default, en, tw, mas), picked by the current i18next language (zh
 * when unknown); tw from zh with opencc-js and reviewed, mas by hand.
 */
export const PRINT_PREVIEW_STRINGS = {
  zh: { formId: '记录 ID', preview: '预览', print: '打印', failed: '预览失败：{{msg}}', noTemplate: '请先保存模板', frame: '打印预览', pdf: '下载 PDF', pdfFailed: 'PDF 生成失败：{{msg}}' },
  en: { formId: 'Record id', preview: 'Preview', print: 'Print', failed: 'The preview failed: {{msg}}', noTemplate: 'Save the template first', frame: 'Print preview', pdf: 'Download PDF', pdfFailed: 'The PDF failed: {{msg}}' },
  tw: { formId: '記錄 ID', preview: '預覽', print: '列印', failed: '預覽失敗：{{msg}}', noTemplate: '請先儲存範本', frame: '列印預覽', pdf: '下載 PDF', pdfFailed: 'PDF 產生失敗：{{msg}}' },
  mas: { formId: 'ID rekod', preview: 'Pratonton', print: 'Cetak', failed: 'Pratonton gagal: {{msg}}', noTemplate: 'Simpan templat dahulu', frame: 'Pratonton cetakan', pdf: 'Muat turun PDF', pdfFailed: 'PDF gagal: {{msg}}' },
} as const;

/** A word of the panel. */
export type PreviewWord = keyof (typeof PRINT_PREVIEW_STRINGS)['zh'];

/** `word` in `lang` (zh when unknown) with `{{name}}` placeholders filled from `vars`. */
export function previewWord(lang: string | undefined, word: PreviewWord, vars: Record<string, string | number> = {}): string {
  const table = (PRINT_PREVIEW_STRINGS as Record<string, Record<PreviewWord, string>>)[lang ?? 'zh'] ?? PRINT_PREVIEW_STRINGS.zh;
  return table[word].replace(/\{\{(\w+)\}\}/g, (_m, k: string) => String(vars[k] ?? ''));
}
