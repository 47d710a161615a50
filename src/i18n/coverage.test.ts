import * as OpenCC from 'opencc-js';
import { describe, expect, it } from 'vitest';
import { DESIGNER_STRINGS } from '../../designer/i18n';
import { WIDGET_STRINGS } from '../../renderers/_shared/words';
import type { PageConfig } from '../../schemas/page';
import { PORTAL_STRINGS } from '../app/portal/strings';
import { PURCHASING_STRINGS } from '../app/purchasing/i18n';
import { PREVIEW_STRINGS } from '../app/views/PreviewModel';
import { PASSWORD_POLICY_STRINGS } from '../app/views/passwordStrengthI18n';
import { WORKFLOW_STRINGS } from '../runtime/flow/i18n';
import { GRID_STRINGS } from '../runtime/gridLocale';
import { RUNTIME_STRINGS } from '../runtime/i18n';
import { shownTexts } from '../runtime/localizePage';
import en from './en';
import mas from './mas';
import tw from './tw.json';
import zh from './zh';

/**
 * Every string the shell and the list runtime show is translated in all four languages (issue 5 item 5, spec 000 §9):
 * walks the shell resources (src/i18n), the runtime's (src/runtime/i18n.ts), ag-grid's (src/runtime/gridLocale.ts),
 * the /previewModel view's (src/app/views/PreviewModel.tsx), the designer's (designer/i18n.ts) and every built-in page
 * config's (src/pages/<area>/<page>.page.json: each Chinese text it shows — labels, placeholders, options, buttons, hints — in its
 * own `locales`), and lists, per key, what is missing, empty, left Chinese in en or mas, or left simplified in tw.
 */
type Tree = { [k: string]: string | Tree };
type Lang = 'zh' | 'en' | 'tw' | 'mas';

const RESOURCES: Record<string, Record<Lang, Tree>> = {
  shell: { zh, en, tw, mas } as unknown as Record<Lang, Tree>,
  runtime: RUNTIME_STRINGS as unknown as Record<Lang, Tree>,
  grid: GRID_STRINGS,
  preview: PREVIEW_STRINGS as unknown as Record<Lang, Tree>,
  passwordPolicy: PASSWORD_POLICY_STRINGS as unknown as Record<Lang, Tree>,
  designer: DESIGNER_STRINGS as unknown as Record<Lang, Tree>,
  workflow: WORKFLOW_STRINGS as unknown as Record<Lang, Tree>,
  purchasing: PURCHASING_STRINGS as unknown as Record<Lang, Tree>,
  portal: PORTAL_STRINGS as unknown as Record<Lang, Tree>,
  widgets: WIDGET_STRINGS as unknown as Record<Lang, Tree>,
};

const CJK = /[\u3400-\u9fff]/;
const pageConfigs = import.meta.glob<PageConfig>('../pages/**/*.page.json', { eager: true, import: 'default' });
/** A page config's Chinese texts as a zh resource, and what its `locales` give for them in en, tw and mas. */
function pageResources(page: PageConfig): Record<Lang, Tree> {
  const texts = shownTexts({ ...page, locales: undefined }).filter((t) => CJK.test(t));
  const of = (lang: 'en' | 'tw' | 'mas') => {
    const table = (page.locales?.[lang] ?? {}) as Record<string, string>;
    return Object.fromEntries(texts.filter((t) => t in table).map((t) => [t, table[t]]));
  };
  return { zh: Object.fromEntries(texts.map((t) => [t, t])), en: of('en'), tw: of('tw'), mas: of('mas') };
}
for (const [file, page] of Object.entries(pageConfigs)) RESOURCES[`page ${file.replace('../pages/', '')}`] = pageResources(page);

/** `{ 'a.b': text }` of every leaf. */
function flat(tree: Tree, prefix = ''): Record<string, string> {
  return Object.fromEntries(Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v]] : Object.entries(flat(v, `${prefix}${k}.`)))));
}

const toTw = OpenCC.Converter({ from: 'cn', to: 'tw' });

/** What is wrong with the resources `langs` of `area`: one line per key and language. */
function problems(area: string, langs: Record<Lang, Tree>): string[] {
  const z = flat(langs.zh);
  const out: string[] = [];
  for (const lang of ['en', 'tw', 'mas'] as const) {
    const l = flat(langs[lang]);
    for (const k of Object.keys(l)) if (!(k in z)) out.push(`${area}:${k} only in ${lang}`);
    for (const [k, zhText] of Object.entries(z)) {
      const text = l[k];
      if (text === undefined) out.push(`${area}:${k} missing in ${lang}`);
      else if (!text.trim()) out.push(`${area}:${k} empty in ${lang}`);
      else if (lang !== 'tw' && CJK.test(text)) out.push(`${area}:${k} left Chinese in ${lang}: ${text}`);
      else if (lang !== 'tw' && text === zhText && CJK.test(zhText)) out.push(`${area}:${k} identical to zh in ${lang}`);
      else if (lang === 'tw' && toTw(text) !== text) out.push(`${area}:${k} has simplified characters in tw: ${text} → ${toTw(text)}`);
    }
  }
  for (const [k, text] of Object.entries(z)) if (!text.trim()) out.push(`${area}:${k} empty in zh`);
  return out;
}

describe('every shell, list, admin-page and designer string in zh, en, tw and mas', () => {
  for (const area of Object.keys(RESOURCES)) {
    it(`${area}: no key missing, empty, left Chinese in en/mas or simplified in tw`, () => {
      expect(Object.keys(flat(RESOURCES[area].zh)).length).toBeGreaterThan(area === 'preview' ? 4 : area.startsWith('page ') ? 0 : 20);
      expect(problems(area, RESOURCES[area])).toEqual([]);
    });
  }

  it('the check itself finds each kind of problem', () => {
    const broken = {
      zh: { a: { b: '保存', c: '关闭', d: '删除', e: '设置' }, f: '语言' },
      en: { a: { b: 'Save', c: '关闭', d: '删除', e: ' ' }, x: 'extra' },
      tw: { a: { b: '保存', c: '關閉', d: '删除', e: '設定' }, f: '語言' },
      mas: { a: { b: 'Simpan', c: 'Tutup', d: 'Padam', e: 'Tetapan' }, f: 'Bahasa' },
    } as Record<Lang, Tree>;
    expect(problems('t', broken)).toEqual([
      't:x only in en',
      't:a.c left Chinese in en: 关闭',
      't:a.d left Chinese in en: 删除',
      't:a.e empty in en',
      't:f missing in en',
      't:a.d has simplified characters in tw: 删除 → 刪除',
    ]);
  });
});
