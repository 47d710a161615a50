/**
 * The report viewer's own strings (spec 000 §9: zh default, en, tw, mas), picked by the current i18next language (zh
 * when unknown).
 */
export const REPORT_VIEW_STRINGS = {
  zh: { query: '查询', reset: '重置', exportExcel: '导出 Excel', exportPdf: '导出 PDF', noReport: '请先保存报表', failed: '报表加载失败：{{msg}}', exportFailed: '导出失败：{{msg}}', empty: '暂无数据', total: '共 {{n}} 条', chart: '报表图表', grid: '报表数据', select: '请选择', input: '请输入' },
  en: { query: 'Query', reset: 'Reset', exportExcel: 'Export Excel', exportPdf: 'Export PDF', noReport: 'Save the report first', failed: 'The report could not load: {{msg}}', exportFailed: 'The export failed: {{msg}}', empty: 'No data', total: '{{n}} rows', chart: 'Report chart', grid: 'Report data', select: 'Select', input: 'Enter' },
  tw: { query: '查詢', reset: '重設', exportExcel: '匯出 Excel', exportPdf: '匯出 PDF', noReport: '請先儲存報表', failed: '報表載入失敗：{{msg}}', exportFailed: '匯出失敗：{{msg}}', empty: '暫無資料', total: '共 {{n}} 條', chart: '報表圖表', grid: '報表資料', select: '請選擇', input: '請輸入' },
  mas: { query: 'Cari', reset: 'Set semula', exportExcel: 'Eksport Excel', exportPdf: 'Eksport PDF', noReport: 'Simpan laporan dahulu', failed: 'Laporan gagal dimuatkan: {{msg}}', exportFailed: 'Eksport gagal: {{msg}}', empty: 'Tiada data', total: '{{n}} baris', chart: 'Carta laporan', grid: 'Data laporan', select: 'Pilih', input: 'Masukkan' },
} as const;

/** A word of the viewer. */
export type ReportWord = keyof (typeof REPORT_VIEW_STRINGS)['zh'];

/** `word` in `lang` (zh when unknown) with `{{name}}` placeholders filled from `vars`. */
export function reportWord(lang: string | undefined, word: ReportWord, vars: Record<string, string | number> = {}): string {
  const table = (REPORT_VIEW_STRINGS as Record<string, Record<ReportWord, string>>)[lang ?? 'zh'] ?? REPORT_VIEW_STRINGS.zh;
  return table[word].replace(/\{\{(\w+)\}\}/g, (_m, k: string) => String(vars[k] ?? ''));
}
