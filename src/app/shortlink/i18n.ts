import i18next from 'i18next';

/** i18next namespace of the public form link screens (issue 18 item 7): the admin dialog and the public page. */
export const SHORTLINK_NS = 'kdShortLink';

/** The strings in zh, en, tw and mas. */
const SHORTLINK_STRINGS = {
  zh: {
    columnUse: '公开查询', columnUseHint: '开启后，会生成查询链接，无需登录即可查询所选字段。', queryLink: '查询地址', columnPassUse: '凭密码查询', columnCondition: '查询条件', columnText: '列表字段',
    qr: '扫描二维码，分享此链接', search: '查询', keyword: '请输入关键词查询', yes: '是', no: '否', start: '开始', end: '结束',
    title: '表单外链配置', formUse: '外链填单', formUseHint: '开启后，会生成表单填写链接，无需登录即可填写表单。', link: '外链地址', saveFirst: '保存后生成链接',
    open: '打开', copy: '复制', copied: '已复制', passUse: '凭密码填写', password: '密码', passwordKeep: '不修改请留空', expiry: '有效期至', never: '长期有效',
    enterPassword: '请输入密码', unlock: '进入', submit: '提交', reset: '重置', submitted: '提交成功，感谢您的填写。', again: '再填一份', badLink: '链接无效',
  },
  en: {
    columnUse: 'Public query', columnUseHint: 'When on, anyone with the query link can search the chosen fields without signing in.', queryLink: 'Query link', columnPassUse: 'Password', columnCondition: 'Search by', columnText: 'Columns',
    qr: 'Scan the QR code to share this link', search: 'Search', keyword: 'Search by keyword', yes: 'Yes', no: 'No', start: 'From', end: 'To',
    title: 'Public form link', formUse: 'Public form', formUseHint: 'When on, anyone with the link can fill in the form without signing in.', link: 'Link', saveFirst: 'The link is made when you save',
    open: 'Open', copy: 'Copy', copied: 'Copied', passUse: 'Password', password: 'Password', passwordKeep: 'Leave empty to keep it', expiry: 'Valid until', never: 'No expiry',
    enterPassword: 'Enter the password', unlock: 'Continue', submit: 'Submit', reset: 'Reset', submitted: 'Submitted. Thank you.', again: 'Fill in another', badLink: 'Invalid link',
  },
  tw: {
    columnUse: '公開查詢', columnUseHint: '開啟後，會生成查詢鏈接，無需登錄即可查詢所選字段。', queryLink: '查詢地址', columnPassUse: '憑密碼查詢', columnCondition: '查詢條件', columnText: '列表字段',
    qr: '掃描二維碼，分享此鏈接', search: '查詢', keyword: '請輸入關鍵詞查詢', yes: '是', no: '否', start: '開始', end: '結束',
    title: '表單外鏈配置', formUse: '外鏈填單', formUseHint: '開啟後，會生成表單填寫鏈接，無需登錄即可填寫表單。', link: '外鏈地址', saveFirst: '保存後生成鏈接',
    open: '打開', copy: '複製', copied: '已複製', passUse: '憑密碼填寫', password: '密碼', passwordKeep: '不修改請留空', expiry: '有效期至', never: '長期有效',
    enterPassword: '請輸入密碼', unlock: '進入', submit: '提交', reset: '重置', submitted: '提交成功，感謝您的填寫。', again: '再填一份', badLink: '鏈接無效',
  },
  mas: {
    columnUse: 'Carian awam', columnUseHint: 'Apabila dihidupkan, sesiapa yang mempunyai pautan carian boleh mencari medan yang dipilih tanpa log masuk.', queryLink: 'Pautan carian', columnPassUse: 'Kata laluan', columnCondition: 'Cari mengikut', columnText: 'Lajur',
    qr: 'Imbas kod QR untuk berkongsi pautan ini', search: 'Cari', keyword: 'Cari mengikut kata kunci', yes: 'Ya', no: 'Tidak', start: 'Dari', end: 'Hingga',
    title: 'Pautan borang awam', formUse: 'Borang awam', formUseHint: 'Apabila dihidupkan, sesiapa yang mempunyai pautan boleh mengisi borang tanpa log masuk.', link: 'Pautan', saveFirst: 'Pautan dibuat apabila anda simpan',
    open: 'Buka', copy: 'Salin', copied: 'Disalin', passUse: 'Kata laluan', password: 'Kata laluan', passwordKeep: 'Biarkan kosong untuk mengekalkannya', expiry: 'Sah sehingga', never: 'Tiada tamat tempoh',
    enterPassword: 'Masukkan kata laluan', unlock: 'Teruskan', submit: 'Hantar', reset: 'Set semula', submitted: 'Dihantar. Terima kasih.', again: 'Isi satu lagi', badLink: 'Pautan tidak sah',
  },
} as const;

function add(): void {
  for (const [lang, res] of Object.entries(SHORTLINK_STRINGS)) i18next.addResourceBundle(lang, SHORTLINK_NS, res, true, false);
}

/** Adds the strings to i18next now, or once it initialises. Idempotent. */
function registerShortLinkStrings(): void {
  if (i18next.isInitialized) add();
  else i18next.on('initialized', add);
}

registerShortLinkStrings();
