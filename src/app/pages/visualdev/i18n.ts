import i18next from 'i18next';

/** i18next namespace of the model admin page (its own, so the shell's lazy language bundles stay untouched). */
export const VISUALDEV_NS = 'kdVisualdev';

/** Strings of the 在线开发 model admin page (issue 4 item 6) in zh, en, tw and mas. */
export const VISUALDEV_STRINGS = {
  "zh": {
    "vd": {
      "title": "在线开发",
      "keyword": "请输入名称或编码",
      "search": "查询",
      "reset": "重置",
      "reload": "刷新",
      "import": "导入模型",
      "fullName": "名称",
      "enCode": "编码",
      "category": "分类",
      "webType": "类型",
      "web1": "表单",
      "web2": "表单+列表",
      "web3": "数据视图",
      "tables": "数据表",
      "modified": "修改时间",
      "action": "操作",
      "preview": "预览",
      "export": "导出",
      "copy": "复制",
      "remove": "删除",
      "removeConfirm": "确定删除模型 {{name}} 吗？数据表将保留。",
      "ok": "确定",
      "cancel": "取消",
      "onlyJson": "请选择 .json 模型文件",
      "exported": "已导出 {{name}}",
      "total": "共 {{total}} 条",
      "importing": "正在导入…"
    }
  },
  "en": {
    "vd": {
      "title": "Online development",
      "keyword": "Name or code",
      "search": "Search",
      "reset": "Reset",
      "reload": "Refresh",
      "import": "Import model",
      "fullName": "Name",
      "enCode": "Code",
      "category": "Category",
      "webType": "Kind",
      "web1": "Form",
      "web2": "Form + list",
      "web3": "Data view",
      "tables": "Tables",
      "modified": "Modified",
      "action": "Action",
      "preview": "Preview",
      "export": "Export",
      "copy": "Copy",
      "remove": "Delete",
      "removeConfirm": "Delete the model {{name}}? Its data tables are kept.",
      "ok": "OK",
      "cancel": "Cancel",
      "onlyJson": "Choose a .json model file",
      "exported": "Exported {{name}}",
      "total": "{{total}} in total",
      "importing": "Importing…"
    }
  },
  "tw": {
    "vd": {
      "title": "線上開發",
      "keyword": "請輸入名稱或編碼",
      "search": "查詢",
      "reset": "重置",
      "reload": "重新整理",
      "import": "匯入模型",
      "fullName": "名稱",
      "enCode": "編碼",
      "category": "分類",
      "webType": "類型",
      "web1": "表單",
      "web2": "表單+列表",
      "web3": "資料檢視",
      "tables": "資料表",
      "modified": "修改時間",
      "action": "操作",
      "preview": "預覽",
      "export": "匯出",
      "copy": "複製",
      "remove": "刪除",
      "removeConfirm": "確定刪除模型 {{name}} 嗎？資料表將保留。",
      "ok": "確定",
      "cancel": "取消",
      "onlyJson": "請選擇 .json 模型檔案",
      "exported": "已匯出 {{name}}",
      "total": "共 {{total}} 條",
      "importing": "正在匯入…"
    }
  },
  "mas": {
    "vd": {
      "title": "Pembangunan dalam talian",
      "keyword": "Nama atau kod",
      "search": "Cari",
      "reset": "Set semula",
      "reload": "Muat semula",
      "import": "Import model",
      "fullName": "Nama",
      "enCode": "Kod",
      "category": "Kategori",
      "webType": "Jenis",
      "web1": "Borang",
      "web2": "Borang + senarai",
      "web3": "Paparan data",
      "tables": "Jadual",
      "modified": "Diubah",
      "action": "Tindakan",
      "preview": "Pratonton",
      "export": "Eksport",
      "copy": "Salin",
      "remove": "Padam",
      "removeConfirm": "Padam model {{name}}? Jadual datanya disimpan.",
      "ok": "OK",
      "cancel": "Batal",
      "onlyJson": "Pilih fail model .json",
      "exported": "Dieksport {{name}}",
      "total": "Jumlah {{total}}",
      "importing": "Mengimport…"
    }
  }
} as const;

function add(): void {
  for (const [lang, res] of Object.entries(VISUALDEV_STRINGS)) i18next.addResourceBundle(lang, VISUALDEV_NS, res, true, false);
}

/** Adds the strings to i18next now, or once it initialises (the page imports this). Idempotent. */
export function registerVisualdevStrings(): void {
  if (i18next.isInitialized) add();
  else i18next.on('initialized', add);
}

registerVisualdevStrings();
