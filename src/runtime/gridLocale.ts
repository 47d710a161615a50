import type { GetLocaleTextParams } from 'ag-grid-community';
import i18next from 'i18next';
import { RUNTIME_NS } from './i18n';

/**
 * ag-grid's own texts in the platform's four languages (spec 000 §9: zh default, en, tw, mas): the overlays, the
 * pagination panel, the aria labels users' screen readers speak, and the column-menu basics (only shown where a grid
 * enables a menu). Keys are ag-grid's locale keys; en repeats ag-grid's defaults so every language lists the same keys.
 * Registered under `grid` in the runtime namespace (RUNTIME_NS) and read by {@link gridLocaleText} at the moment the
 * grid asks, so a language switch reaches the next overlay without rebuilding the grid.
 */
export const GRID_STRINGS: Record<'zh' | 'en' | 'tw' | 'mas', Record<string, string>> = {
  zh: {
    loadingOoo: '加载中…',
    noRowsToShow: '暂无数据',
    noMatchingRows: '无匹配数据',
    loadingError: '加载失败',
    page: '第',
    of: '共',
    to: '至',
    more: '更多',
    firstPage: '首页',
    previousPage: '上一页',
    nextPage: '下一页',
    lastPage: '末页',
    pageSizeSelectorLabel: '每页条数：',
    ariaPageSizeSelectorLabel: '每页条数',
    ariaSortableColumn: '按回车键排序',
    ariaRowSelectAll: '按空格键全选或取消全选',
    ariaLabelColumnMenu: '列菜单',
    ariaMenuColumn: '按 ALT + 下箭头打开列菜单',
    sortAscending: '升序',
    sortDescending: '降序',
    sortUnSort: '取消排序',
    pinColumn: '固定列',
    pinLeft: '固定在左侧',
    pinRight: '固定在右侧',
    noPin: '取消固定',
    autosizeThisColumn: '自动调整此列宽度',
    autosizeAllColumns: '自动调整所有列宽度',
    resetColumns: '重置列',
    columnChooser: '选择列',
  },
  en: {
    loadingOoo: 'Loading...',
    noRowsToShow: 'No Rows To Show',
    noMatchingRows: 'No Matching Rows',
    loadingError: 'ERR',
    page: 'Page',
    of: 'of',
    to: 'to',
    more: 'more',
    firstPage: 'First Page',
    previousPage: 'Previous Page',
    nextPage: 'Next Page',
    lastPage: 'Last Page',
    pageSizeSelectorLabel: 'Page Size:',
    ariaPageSizeSelectorLabel: 'Page Size',
    ariaSortableColumn: 'Press ENTER to sort',
    ariaRowSelectAll: 'Press Space to toggle all rows selection',
    ariaLabelColumnMenu: 'Column Menu',
    ariaMenuColumn: 'Press ALT DOWN to open column menu',
    sortAscending: 'Sort Ascending',
    sortDescending: 'Sort Descending',
    sortUnSort: 'Clear Sort',
    pinColumn: 'Pin Column',
    pinLeft: 'Pin Left',
    pinRight: 'Pin Right',
    noPin: 'No Pin',
    autosizeThisColumn: 'Autosize This Column',
    autosizeAllColumns: 'Autosize All Columns',
    resetColumns: 'Reset Columns',
    columnChooser: 'Choose Columns',
  },
  tw: {
    loadingOoo: '載入中…',
    noRowsToShow: '暫無資料',
    noMatchingRows: '無符合資料',
    loadingError: '載入失敗',
    page: '第',
    of: '共',
    to: '至',
    more: '更多',
    firstPage: '首頁',
    previousPage: '上一頁',
    nextPage: '下一頁',
    lastPage: '末頁',
    pageSizeSelectorLabel: '每頁筆數：',
    ariaPageSizeSelectorLabel: '每頁筆數',
    ariaSortableColumn: '按 Enter 鍵排序',
    ariaRowSelectAll: '按空白鍵全選或取消全選',
    ariaLabelColumnMenu: '欄選單',
    ariaMenuColumn: '按 ALT + 下箭頭開啟欄選單',
    sortAscending: '升冪',
    sortDescending: '降冪',
    sortUnSort: '取消排序',
    pinColumn: '固定欄',
    pinLeft: '固定在左側',
    pinRight: '固定在右側',
    noPin: '取消固定',
    autosizeThisColumn: '自動調整此欄寬度',
    autosizeAllColumns: '自動調整所有欄寬度',
    resetColumns: '重設欄',
    columnChooser: '選擇欄',
  },
  mas: {
    loadingOoo: 'Memuatkan…',
    noRowsToShow: 'Tiada data',
    noMatchingRows: 'Tiada data yang sepadan',
    loadingError: 'Gagal dimuatkan',
    page: 'Halaman',
    of: 'daripada',
    to: 'hingga',
    more: 'lagi',
    firstPage: 'Halaman pertama',
    previousPage: 'Halaman sebelumnya',
    nextPage: 'Halaman seterusnya',
    lastPage: 'Halaman terakhir',
    pageSizeSelectorLabel: 'Saiz halaman:',
    ariaPageSizeSelectorLabel: 'Saiz halaman',
    ariaSortableColumn: 'Tekan ENTER untuk mengisih',
    ariaRowSelectAll: 'Tekan Space untuk memilih atau menyahpilih semua baris',
    ariaLabelColumnMenu: 'Menu lajur',
    ariaMenuColumn: 'Tekan ALT + anak panah bawah untuk membuka menu lajur',
    sortAscending: 'Isih menaik',
    sortDescending: 'Isih menurun',
    sortUnSort: 'Kosongkan isihan',
    pinColumn: 'Sematkan lajur',
    pinLeft: 'Sematkan di kiri',
    pinRight: 'Sematkan di kanan',
    noPin: 'Tanpa sematan',
    autosizeThisColumn: 'Saiz automatik lajur ini',
    autosizeAllColumns: 'Saiz automatik semua lajur',
    resetColumns: 'Tetapkan semula lajur',
    columnChooser: 'Pilih lajur',
  },
};

function register(): void {
  for (const [lang, grid] of Object.entries(GRID_STRINGS)) i18next.addResourceBundle(lang, RUNTIME_NS, { grid }, true, false);
}
if (i18next.isInitialized) register();
else i18next.on('initialized', register);

/**
 * ag-grid's `getLocaleText` (every list grid): the text of `key` in the current language, or ag-grid's own default
 * for a key we do not translate. Reads i18next when called, so it is one stable function for every grid.
 */
export function gridLocaleText({ key, defaultValue }: Pick<GetLocaleTextParams, 'key' | 'defaultValue'>): string {
  return i18next.t(`grid.${key}`, { ns: RUNTIME_NS, defaultValue });
}
