import i18next from 'i18next';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * The form widgets' own strings (issue 25 item 5: one language per screen; spec 000 §9: zh default, en, tw, mas):
 * the defaults a widget shows when its field config has none (placeholders, switch texts 开/关, button texts), the
 * sub-table's chrome and messages, and the form's fallbacks. A field's own text (typed by the designer, or stored by
 * older scaffolds such as 请输入) always wins: it is the designer's data. `{{name}}` marks a value filled in.
 */
export const WIDGET_STRINGS = {
  zh: {
    input: '请输入',
    select: '请选择',
    auto: '系统自动生成',
    startDate: '开始日期',
    endDate: '结束日期',
    startTime: '开始时间',
    endTime: '结束时间',
    cellRequired: '不能为空',
    index: '序号',
    action: '操作',
    remove: '删除',
    add: '添加',
    empty: '暂无数据',
    total: '合计',
    unknownWidget: '未知控件「{{kdKey}}」',
    unknownField: '未知控件「{{kdKey}}」：{{name}}',
    unnamed: '未命名字段',
    unbound: '{{label}}（未绑定字段）',
    submit: '提交',
    pick: '选择',
    clear: '清空',
    pickTitle: '选择数据',
    ok: '确定',
    cancel: '取消',
    keyword: '请输入关键词查询',
    upload: '上传',
    clickUpload: '点击上传',
    uploadFailed: '上传失败',
    requestFailed: '请求出错，请重试',
    formulaError: '公式错误',
    noRelation: '未找到关联字段 {{name}}',
    badCode: '条码内容无效',
    button: '按钮',
    panel: '面板{{n}}',
    nextBillNo: '预览下一单号',
    cron: '秒 分 时 日 月 周',
    bold: '加粗',
    italic: '斜体',
    underline: '下划线',
    orderedList: '编号',
    bulletList: '项目符号',
    loadFailed: '表单控件加载失败，请检查网络后重试',
    retry: '重试',
    switchOn: '开',
    switchOff: '关',
    moveUp: '第{{n}}行上移',
    moveDown: '第{{n}}行下移',
  },
  en: {
    input: 'Please enter',
    select: 'Please select',
    auto: 'Filled in by the system',
    startDate: 'Start date',
    endDate: 'End date',
    startTime: 'Start time',
    endTime: 'End time',
    cellRequired: 'Required',
    index: 'No.',
    action: 'Actions',
    remove: 'Delete',
    add: 'Add',
    empty: 'No data',
    total: 'Total',
    unknownWidget: 'Unknown widget "{{kdKey}}"',
    unknownField: 'Unknown widget "{{kdKey}}": {{name}}',
    unnamed: 'unnamed field',
    unbound: '{{label}} (no field bound)',
    submit: 'Submit',
    pick: 'Choose',
    clear: 'Clear',
    pickTitle: 'Choose data',
    ok: 'OK',
    cancel: 'Cancel',
    keyword: 'Search by keyword',
    upload: 'Upload',
    clickUpload: 'Click to upload',
    uploadFailed: 'Upload failed',
    requestFailed: 'The request failed, please try again',
    formulaError: 'Formula error',
    noRelation: 'Related field {{name}} not found',
    badCode: 'Invalid code content',
    button: 'Button',
    panel: 'Panel {{n}}',
    nextBillNo: 'Preview the next number',
    cron: 'sec min hour day month weekday',
    bold: 'Bold',
    italic: 'Italic',
    underline: 'Underline',
    orderedList: 'Numbered list',
    bulletList: 'Bulleted list',
    loadFailed: 'The form could not load its fields. Check the network and try again',
    retry: 'Retry',
    switchOn: 'On',
    switchOff: 'Off',
    moveUp: 'Move line {{n}} up',
    moveDown: 'Move line {{n}} down',
  },
  tw: {
    input: '請輸入',
    select: '請選擇',
    auto: '系統自動生成',
    startDate: '開始日期',
    endDate: '結束日期',
    startTime: '開始時間',
    endTime: '結束時間',
    cellRequired: '不能為空',
    index: '序號',
    action: '操作',
    remove: '刪除',
    add: '添加',
    empty: '暫無資料',
    total: '合計',
    unknownWidget: '未知控制項「{{kdKey}}」',
    unknownField: '未知控制項「{{kdKey}}」：{{name}}',
    unnamed: '未命名欄位',
    unbound: '{{label}}（未綁定欄位）',
    submit: '提交',
    pick: '選擇',
    clear: '清空',
    pickTitle: '選擇資料',
    ok: '確定',
    cancel: '取消',
    keyword: '請輸入關鍵詞查詢',
    upload: '上傳',
    clickUpload: '點擊上傳',
    uploadFailed: '上傳失敗',
    requestFailed: '請求出錯，請重試',
    formulaError: '公式錯誤',
    noRelation: '未找到關聯欄位 {{name}}',
    badCode: '條碼內容無效',
    button: '按鈕',
    panel: '面板{{n}}',
    nextBillNo: '預覽下一單號',
    cron: '秒 分 時 日 月 週',
    bold: '加粗',
    italic: '斜體',
    underline: '底線',
    orderedList: '編號',
    bulletList: '項目符號',
    loadFailed: '表單控制項載入失敗，請檢查網路後重試',
    retry: '重試',
    switchOn: '開',
    switchOff: '關',
    moveUp: '第{{n}}行上移',
    moveDown: '第{{n}}行下移',
  },
  mas: {
    input: 'Sila masukkan',
    select: 'Sila pilih',
    auto: 'Diisi oleh sistem',
    startDate: 'Tarikh mula',
    endDate: 'Tarikh tamat',
    startTime: 'Masa mula',
    endTime: 'Masa tamat',
    cellRequired: 'Wajib diisi',
    index: 'No.',
    action: 'Tindakan',
    remove: 'Padam',
    add: 'Tambah',
    empty: 'Tiada data',
    total: 'Jumlah',
    unknownWidget: 'Widget tidak dikenali "{{kdKey}}"',
    unknownField: 'Widget tidak dikenali "{{kdKey}}": {{name}}',
    unnamed: 'medan tanpa nama',
    unbound: '{{label}} (tiada medan diikat)',
    submit: 'Hantar',
    pick: 'Pilih',
    clear: 'Kosongkan',
    pickTitle: 'Pilih data',
    ok: 'OK',
    cancel: 'Batal',
    keyword: 'Cari dengan kata kunci',
    upload: 'Muat naik',
    clickUpload: 'Klik untuk muat naik',
    uploadFailed: 'Muat naik gagal',
    requestFailed: 'Permintaan gagal, sila cuba lagi',
    formulaError: 'Ralat formula',
    noRelation: 'Medan berkaitan {{name}} tidak ditemui',
    badCode: 'Kandungan kod tidak sah',
    button: 'Butang',
    panel: 'Panel {{n}}',
    nextBillNo: 'Pratonton nombor seterusnya',
    cron: 'saat minit jam hari bulan minggu',
    bold: 'Tebal',
    italic: 'Condong',
    underline: 'Garis bawah',
    orderedList: 'Senarai bernombor',
    bulletList: 'Senarai berbulet',
    loadFailed: 'Medan borang gagal dimuatkan. Semak rangkaian dan cuba lagi',
    retry: 'Cuba semula',
    switchOn: 'Hidup',
    switchOff: 'Mati',
    moveUp: 'Alih baris {{n}} ke atas',
    moveDown: 'Alih baris {{n}} ke bawah',
  },
} as const;

/** A word of the form widgets. */
export type WidgetWord = keyof (typeof WIDGET_STRINGS)['zh'];
/** `word` filled with its `{{name}}` values: what {@link useWidgetWord} returns. */
export type WidgetWordFn = (word: WidgetWord, vars?: Record<string, string | number>) => string;

/** `word` in `lang` (zh when unknown) with `{{name}}` placeholders filled from `vars`. */
export function widgetWord(lang: string | undefined, word: WidgetWord, vars: Record<string, string | number> = {}): string {
  const table = (WIDGET_STRINGS as Record<string, Record<WidgetWord, string>>)[lang ?? 'zh'] ?? WIDGET_STRINGS.zh;
  return table[word].replace(/\{\{(\w+)\}\}/g, (_m, k: string) => String(vars[k] ?? ''));
}

/** `word` in the current i18next language (outside React: errors thrown by data helpers). */
export function currentWidgetWord(word: WidgetWord, vars?: Record<string, string | number>): string {
  return widgetWord(i18next.language, word, vars);
}

function subscribeLanguage(cb: () => void): () => void {
  i18next.on('languageChanged', cb);
  return () => i18next.off('languageChanged', cb);
}
const language = () => i18next.language;

/** The current i18next language (zh, en, tw, mas); the component re-renders when it changes. */
export function useWidgetLang(): string {
  return useSyncExternalStore(subscribeLanguage, language, language);
}

/** The widgets' words in the current i18next language; the component re-renders when the language changes. */
export function useWidgetWord(): WidgetWordFn {
  const lang = useWidgetLang();
  return useCallback((word, vars) => widgetWord(lang, word, vars), [lang]);
}
