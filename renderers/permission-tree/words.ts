import i18next from 'i18next';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * The grant tree's own strings (spec 000 §9: zh default, en, tw, mas), picked by the current i18next language (zh when
 * unknown). tw from zh (opencc `cn` → `twp`, reviewed); mas by hand.
 */
export const PERMISSION_TREE_STRINGS = {
  zh: {
    rootWeb: 'Web 菜单',
    rootApp: 'App 菜单',
    button: '按钮权限',
    column: '列表权限',
    form: '表单权限',
    resource: '数据权限',
    search: '搜索菜单、按钮、列、字段或方案',
    expandAll: '展开全部',
    collapseAll: '折叠全部',
    selectAll: '全选',
    chosen: '已选 {{count}} 项',
    saveFirst: '保存后才能授权',
    failed: '加载权限失败：{{msg}}',
    empty: '没有可授予的权限',
    portals: '门户',
    signedIn: '全员可用',
    signedInHint: '所有登录用户都有此菜单，无需授权',
    tree: '授权树',
    all: '全部权限',
    module: '菜单权限',
    steps: '授权步骤',
    prev: '上一步',
    next: '下一步',
  },
  en: {
    rootWeb: 'Web menus',
    rootApp: 'App menus',
    button: 'Buttons',
    column: 'List columns',
    form: 'Form fields',
    resource: 'Data schemes',
    search: 'Search menus, buttons, columns, fields or schemes',
    expandAll: 'Expand all',
    collapseAll: 'Collapse all',
    selectAll: 'Select all',
    chosen: '{{count}} selected',
    saveFirst: 'Save first, then grant',
    failed: 'Could not load the permissions: {{msg}}',
    empty: 'Nothing to grant',
    portals: 'Portals',
    signedIn: 'Open to all',
    signedInHint: 'Every signed-in user has this menu; no grant is needed',
    tree: 'Grant tree',
    all: 'All permissions',
    module: 'Menus',
    steps: 'Grant steps',
    prev: 'Previous',
    next: 'Next',
  },
  tw: {
    rootWeb: 'Web 選單',
    rootApp: 'App 選單',
    button: '按鈕權限',
    column: '列表權限',
    form: '表單權限',
    resource: '資料權限',
    search: '搜尋選單、按鈕、列、欄位或方案',
    expandAll: '展開全部',
    collapseAll: '摺疊全部',
    selectAll: '全選',
    chosen: '已選 {{count}} 項',
    saveFirst: '儲存後才能授權',
    failed: '載入權限失敗：{{msg}}',
    empty: '沒有可授予的權限',
    portals: '門戶',
    signedIn: '全員可用',
    signedInHint: '所有登入使用者都有此選單，無需授權',
    tree: '授權樹',
    all: '全部權限',
    module: '選單權限',
    steps: '授權步驟',
    prev: '上一步',
    next: '下一步',
  },
  mas: {
    rootWeb: 'Menu Web',
    rootApp: 'Menu App',
    button: 'Butang',
    column: 'Lajur senarai',
    form: 'Medan borang',
    resource: 'Skim data',
    search: 'Cari menu, butang, lajur, medan atau skim',
    expandAll: 'Kembangkan semua',
    collapseAll: 'Runtuhkan semua',
    selectAll: 'Pilih semua',
    chosen: '{{count}} dipilih',
    saveFirst: 'Simpan dahulu, kemudian beri kebenaran',
    failed: 'Kebenaran tidak dapat dimuatkan: {{msg}}',
    empty: 'Tiada kebenaran untuk diberi',
    portals: 'Portal',
    signedIn: 'Terbuka kepada semua',
    signedInHint: 'Setiap pengguna yang log masuk mempunyai menu ini; tiada pemberian diperlukan',
    tree: 'Pokok kebenaran',
    all: 'Semua kebenaran',
    module: 'Menu',
    steps: 'Langkah kebenaran',
    prev: 'Sebelumnya',
    next: 'Seterusnya',
  },
} as const;

/** A word of the grant tree. */
export type TreeWord = keyof (typeof PERMISSION_TREE_STRINGS)['zh'];

/** `table[lang]` (zh when unknown) with `{{name}}` placeholders filled from `vars`. */
export function wordOf<W extends string>(tables: Record<string, Record<W, string>>, lang: string | undefined, word: W, vars: Record<string, string | number> = {}): string {
  const table = tables[lang ?? 'zh'] ?? tables.zh;
  return table[word].replace(/\{\{(\w+)\}\}/g, (_m, k: string) => String(vars[k] ?? ''));
}

function subscribeLanguage(cb: () => void): () => void {
  i18next.on('languageChanged', cb);
  return () => i18next.off('languageChanged', cb);
}
const language = () => i18next.language;

/** The current language (re-renders on a change) and a word function over `tables`. */
export function useWords<W extends string>(tables: Record<string, Record<W, string>>): (word: W, vars?: Record<string, string | number>) => string {
  const lang = useSyncExternalStore(subscribeLanguage, language, language);
  return useCallback((word: W, vars?: Record<string, string | number>) => wordOf(tables, lang, word, vars), [tables, lang]);
}
