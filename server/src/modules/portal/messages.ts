import { failWith, type MessageTable } from '../dictionary/localized-error';

type Key = 'notFound' | 'required' | 'codeRule' | 'codeExists' | 'nameExists' | 'badJson' | 'layout' | 'badUrl' | 'refresh' | 'width' | 'customUrl' | 'noAccess';

/** Portal messages (issue 16 item 3): zh, en and mas; tw derived from zh. */
const table: MessageTable<Key> = {
  zh: {
    notFound: '门户不存在',
    required: '{field}不能为空',
    codeRule: '{field}只能输入英文、数字和小数点且小数点不能放在首尾',
    codeExists: '门户编码已存在：{code}',
    nameExists: '门户名称已存在：{name}',
    badJson: '{field}不是有效的 JSON',
    layout: '门户布局第 {n} 个卡片不正确：{path} {detail}',
    badUrl: '卡片「{title}」的地址只能是 http 或 https 链接：{url}',
    refresh: '卡片「{title}」的刷新间隔必须是 1 到 1440 分钟之间的整数',
    width: '卡片「{title}」超出了 12 列的网格（x + w 不能大于 12）',
    customUrl: '自定义门户的地址不能为空',
    noAccess: '您没有此门户的权限',
  },
  en: {
    notFound: 'No such portal',
    required: '{field} cannot be empty',
    codeRule: '{field} may contain only letters, digits and dots, with no dot at the start or end',
    codeExists: 'The portal code already exists: {code}',
    nameExists: 'The portal name already exists: {name}',
    badJson: '{field} is not valid JSON',
    layout: 'Card {n} of the portal layout is not valid: {path} {detail}',
    badUrl: 'The address of card "{title}" must be an http or https link: {url}',
    refresh: 'The refresh interval of card "{title}" must be a whole number of minutes from 1 to 1440',
    width: 'Card "{title}" goes beyond the 12-column grid (x + w may not exceed 12)',
    customUrl: 'A custom portal needs an address',
    noAccess: 'You have no access to this portal',
  },
  mas: {
    notFound: 'Portal tidak wujud',
    required: '{field} tidak boleh kosong',
    codeExists: 'Kod portal sudah wujud: {code}',
    nameExists: 'Nama portal sudah wujud: {name}',
    badJson: '{field} bukan JSON yang sah',
    layout: 'Kad {n} susun atur portal tidak sah: {path} {detail}',
    badUrl: 'Alamat kad "{title}" mestilah pautan http atau https: {url}',
    refresh: 'Selang muat semula kad "{title}" mestilah nombor bulat minit dari 1 hingga 1440',
    width: 'Kad "{title}" melepasi grid 12 lajur (x + w tidak boleh melebihi 12)',
    customUrl: 'Portal tersuai memerlukan alamat',
    noAccess: 'Anda tiada akses kepada portal ini',
  },
};

/** Field labels used in messages. */
export const FIELD = {
  fullName: { zh: '门户名称', en: 'Portal name', mas: 'Nama portal' },
  enCode: { zh: '门户编码', en: 'Portal code', mas: 'Kod portal' },
  formData: { zh: '门户布局', en: 'Portal layout', mas: 'Susun atur portal' },
  file: { zh: '导入文件', en: 'The imported file', mas: 'Fail yang diimport' },
} as const;

/** `fail(code, key, vars, data)`: a LocalizedError from the portal table. */
export const fail = failWith(table, 'portal');
