import { failWith, type MessageTable } from '../dictionary/localized-error';

type Key = 'pageNotFound' | 'notExtensible' | 'fieldTaken' | 'leafOnly' | 'columnNotField' | 'tooMany' | 'stale';

/** Refusals and replies of the page-extension routes (issue 26 item 4), in the request's language (tw derived from zh). */
const table: MessageTable<Key> = {
  zh: {
    pageNotFound: '页面{code}不存在',
    notExtensible: '页面{code}没有可扩展的表单',
    fieldTaken: '{path}：字段名{name}已被页面自带的字段使用',
    leafOnly: '{path}：内置页面只能添加普通字段，不能添加布局容器或子表',
    columnNotField: '{path}：列{prop}不是页面的字段',
    tooMany: '内置页面最多添加{max}个字段',
    stale: '{user}于{time}修改了此页面的扩展字段，未保存。请刷新后再修改',
  },
  en: {
    pageNotFound: 'Page {code} does not exist',
    notExtensible: 'Page {code} has no form to extend',
    fieldTaken: '{path}: the name {name} is used by a field of the page itself',
    leafOnly: '{path}: a built-in page takes plain fields only, not layout containers or sub-tables',
    columnNotField: '{path}: column {prop} is no field of the page',
    tooMany: 'A built-in page takes at most {max} added fields',
    stale: '{user} changed this page’s added fields at {time}; nothing was saved. Reload before changing them',
  },
  mas: {
    pageNotFound: 'Halaman {code} tidak wujud',
    notExtensible: 'Halaman {code} tiada borang untuk diperluas',
    fieldTaken: '{path}: nama {name} digunakan oleh medan halaman itu sendiri',
    leafOnly: '{path}: halaman terbina dalam hanya menerima medan biasa, bukan bekas susun atur atau sub-jadual',
    columnNotField: '{path}: lajur {prop} bukan medan halaman',
    tooMany: 'Halaman terbina dalam menerima paling banyak {max} medan tambahan',
    stale: '{user} mengubah medan tambahan halaman ini pada {time}; tiada apa disimpan. Muat semula dahulu',
  },
};

/** `fail(code, key, vars, data)`: a localized ApiError of the page-extension routes. */
export const fail = failWith(table, 'pageExtension');
