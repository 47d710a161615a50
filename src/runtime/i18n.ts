import i18next from 'i18next';

/** i18next namespace of the list runtime's strings (its own, so the shell's lazy language bundles stay untouched). */
export const RUNTIME_NS = 'kdRuntime';

/** Strings of the model list runtime (search, toolbar, Excel, column settings, summary, detail and history) in zh, en, tw and mas. */
export const RUNTIME_STRINGS = {
  "zh": {
    "page": { "exported": "已导出 {{name}}", "onlyFiles": "只能上传 {{accept}} 文件", "state": "状态" },
    "list": {
      "search": "查询",
      "reset": "重置",
      "keyword": "请输入关键词查询",
      "from": "开始",
      "to": "结束",
      "pleaseSelect": "请选择",
      "pleaseInput": "请输入",
      "yes": "是",
      "no": "否",
      "add": "新增",
      "download": "导出",
      "upload": "导入",
      "batchRemove": "批量删除",
      "columnSettings": "列设置",
      "refresh": "刷新",
      "batchRemoveConfirm": "确定删除选中的 {{count}} 条数据吗？",
      "selectFirst": "请先选择数据",
      "prompt": "提示",
      "ok": "确定",
      "cancel": "取消",
      "summary": "合计",
      "save": "保存",
      "selectRow": "选择第 {{row}} 行",
      "selectPage": "选择本页",
      "unsaved": "有未保存的修改",
      "all": "全部",
      "groupHeader": "{{label}}：{{value}}（{{count}}）",
      "emptyGroup": "（空）",
      "action": "操作",
      "expand": "展开",
      "collapse": "折叠"
    },
    "export": {
      "title": "导出数据",
      "range": "导出范围",
      "current": "当前查询结果",
      "selected": "选中的 {{count}} 条数据",
      "columns": "导出字段",
      "noColumns": "请至少选择一个导出字段",
      "done": "已导出 {{name}}"
    },
    "import": {
      "title": "导入数据",
      "template": "下载模板",
      "choose": "选择文件",
      "start": "开始导入",
      "uploading": "正在上传…",
      "validating": "正在校验数据…",
      "onlyXlsx": "请选择 .xlsx 文件",
      "errorsTitle": "导入失败，以下数据有误，未写入任何数据",
      "row": "行号",
      "field": "字段",
      "message": "错误信息",
      "done": "导入成功"
    },
    "columns": {
      "title": "列设置",
      "visible": "显示",
      "width": "宽度",
      "up": "上移",
      "down": "下移",
      "reset": "恢复默认"
    },
    "detail": {
      "title": "详情",
      "tabDetail": "详细信息",
      "tabHistory": "变更记录",
      "noHistory": "暂无变更记录",
      "create": "新增",
      "update": "修改",
      "delete": "删除",
      "field": "字段",
      "before": "修改前",
      "after": "修改后",
      "close": "关闭",
      "empty": "（空）"
    }
  },
  "en": {
    "page": { "exported": "Exported {{name}}", "onlyFiles": "Only {{accept}} files can be uploaded", "state": "Status" },
    "list": {
      "search": "Search",
      "reset": "Reset",
      "keyword": "Search by keyword",
      "from": "From",
      "to": "To",
      "pleaseSelect": "Select",
      "pleaseInput": "Enter",
      "yes": "Yes",
      "no": "No",
      "add": "Add",
      "download": "Export",
      "upload": "Import",
      "batchRemove": "Delete selected",
      "columnSettings": "Columns",
      "refresh": "Refresh",
      "batchRemoveConfirm": "Delete the {{count}} selected records?",
      "selectFirst": "Select records first",
      "prompt": "Prompt",
      "ok": "OK",
      "cancel": "Cancel",
      "summary": "Total",
      "save": "Save",
      "selectRow": "Select row {{row}}",
      "selectPage": "Select this page",
      "unsaved": "Unsaved changes",
      "all": "All",
      "groupHeader": "{{label}}: {{value}} ({{count}})",
      "emptyGroup": "(empty)",
      "action": "Actions",
      "expand": "Expand",
      "collapse": "Collapse"
    },
    "export": {
      "title": "Export data",
      "range": "Rows",
      "current": "Current search results",
      "selected": "The {{count}} selected records",
      "columns": "Columns",
      "noColumns": "Choose at least one column",
      "done": "Exported {{name}}"
    },
    "import": {
      "title": "Import data",
      "template": "Download template",
      "choose": "Choose file",
      "start": "Import",
      "uploading": "Uploading…",
      "validating": "Checking the rows…",
      "onlyXlsx": "Choose an .xlsx file",
      "errorsTitle": "Import failed: these rows are wrong; nothing was written",
      "row": "Row",
      "field": "Field",
      "message": "Error",
      "done": "Imported"
    },
    "columns": {
      "title": "Columns",
      "visible": "Visible",
      "width": "Width",
      "up": "Up",
      "down": "Down",
      "reset": "Restore defaults"
    },
    "detail": {
      "title": "Details",
      "tabDetail": "Details",
      "tabHistory": "History",
      "noHistory": "No changes yet",
      "create": "Created",
      "update": "Updated",
      "delete": "Deleted",
      "field": "Field",
      "before": "Before",
      "after": "After",
      "close": "Close",
      "empty": "(empty)"
    }
  },
  "tw": {
    "page": { "exported": "已匯出 {{name}}", "onlyFiles": "只能上傳 {{accept}} 檔案", "state": "狀態" },
    "list": {
      "search": "查詢",
      "reset": "重置",
      "keyword": "請輸入關鍵詞查詢",
      "from": "開始",
      "to": "結束",
      "pleaseSelect": "請選擇",
      "pleaseInput": "請輸入",
      "yes": "是",
      "no": "否",
      "add": "新增",
      "download": "匯出",
      "upload": "匯入",
      "batchRemove": "批次刪除",
      "columnSettings": "列設定",
      "refresh": "重新整理",
      "batchRemoveConfirm": "確定刪除選中的 {{count}} 條資料嗎？",
      "selectFirst": "請先選擇資料",
      "prompt": "提示",
      "ok": "確定",
      "cancel": "取消",
      "summary": "合計",
      "save": "儲存",
      "selectRow": "選擇第 {{row}} 行",
      "selectPage": "選擇本頁",
      "unsaved": "有未儲存的修改",
      "all": "全部",
      "groupHeader": "{{label}}：{{value}}（{{count}}）",
      "emptyGroup": "（空）",
      "action": "操作",
      "expand": "展開",
      "collapse": "摺疊"
    },
    "export": {
      "title": "匯出資料",
      "range": "匯出範圍",
      "current": "當前查詢結果",
      "selected": "選中的 {{count}} 條資料",
      "columns": "匯出欄位",
      "noColumns": "請至少選擇一個匯出欄位",
      "done": "已匯出 {{name}}"
    },
    "import": {
      "title": "匯入資料",
      "template": "下載模板",
      "choose": "選擇檔案",
      "start": "開始匯入",
      "uploading": "正在上傳…",
      "validating": "正在校驗資料…",
      "onlyXlsx": "請選擇 .xlsx 檔案",
      "errorsTitle": "匯入失敗，以下資料有誤，未寫入任何資料",
      "row": "行號",
      "field": "欄位",
      "message": "錯誤資訊",
      "done": "匯入成功"
    },
    "columns": {
      "title": "列設定",
      "visible": "顯示",
      "width": "寬度",
      "up": "上移",
      "down": "下移",
      "reset": "恢復預設"
    },
    "detail": {
      "title": "詳情",
      "tabDetail": "詳細資訊",
      "tabHistory": "變更記錄",
      "noHistory": "暫無變更記錄",
      "create": "新增",
      "update": "修改",
      "delete": "刪除",
      "field": "欄位",
      "before": "修改前",
      "after": "修改後",
      "close": "關閉",
      "empty": "（空）"
    }
  },
  "mas": {
    "page": { "exported": "Telah dieksport {{name}}", "onlyFiles": "Hanya fail {{accept}} boleh dimuat naik", "state": "Status" },
    "list": {
      "search": "Cari",
      "reset": "Set semula",
      "keyword": "Masukkan kata kunci",
      "from": "Dari",
      "to": "Hingga",
      "pleaseSelect": "Pilih",
      "pleaseInput": "Masukkan",
      "yes": "Ya",
      "no": "Tidak",
      "add": "Tambah",
      "download": "Eksport",
      "upload": "Import",
      "batchRemove": "Padam pilihan",
      "columnSettings": "Lajur",
      "refresh": "Muat semula",
      "batchRemoveConfirm": "Padam {{count}} rekod yang dipilih?",
      "selectFirst": "Pilih rekod dahulu",
      "prompt": "Makluman",
      "ok": "OK",
      "cancel": "Batal",
      "summary": "Jumlah",
      "save": "Simpan",
      "selectRow": "Pilih baris {{row}}",
      "selectPage": "Pilih halaman ini",
      "unsaved": "Perubahan belum disimpan",
      "all": "Semua",
      "groupHeader": "{{label}}: {{value}} ({{count}})",
      "emptyGroup": "(kosong)",
      "action": "Tindakan",
      "expand": "Kembangkan",
      "collapse": "Runtuhkan"
    },
    "export": {
      "title": "Eksport data",
      "range": "Baris",
      "current": "Hasil carian semasa",
      "selected": "{{count}} rekod yang dipilih",
      "columns": "Lajur",
      "noColumns": "Pilih sekurang-kurangnya satu lajur",
      "done": "Dieksport {{name}}"
    },
    "import": {
      "title": "Import data",
      "template": "Muat turun templat",
      "choose": "Pilih fail",
      "start": "Import",
      "uploading": "Memuat naik…",
      "validating": "Menyemak baris…",
      "onlyXlsx": "Pilih fail .xlsx",
      "errorsTitle": "Import gagal: baris ini salah; tiada yang ditulis",
      "row": "Baris",
      "field": "Medan",
      "message": "Ralat",
      "done": "Diimport"
    },
    "columns": {
      "title": "Lajur",
      "visible": "Papar",
      "width": "Lebar",
      "up": "Naik",
      "down": "Turun",
      "reset": "Pulihkan lalai"
    },
    "detail": {
      "title": "Butiran",
      "tabDetail": "Butiran",
      "tabHistory": "Sejarah",
      "noHistory": "Tiada perubahan",
      "create": "Dicipta",
      "update": "Dikemas kini",
      "delete": "Dipadam",
      "field": "Medan",
      "before": "Sebelum",
      "after": "Selepas",
      "close": "Tutup",
      "empty": "(kosong)"
    }
  }
} as const;

function add(): void {
  for (const [lang, res] of Object.entries(RUNTIME_STRINGS)) i18next.addResourceBundle(lang, RUNTIME_NS, res, true, false);
}

/** Adds the strings to i18next now, or once it initialises (runtime components import this). Idempotent. */
export function registerRuntimeStrings(): void {
  if (i18next.isInitialized) add();
  else i18next.on('initialized', add);
}

registerRuntimeStrings();
