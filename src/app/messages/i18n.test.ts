import * as OpenCC from 'opencc-js';
import { describe, expect, it } from 'vitest';
import { MESSAGE_STRINGS } from './i18n';

type Tree = { [k: string]: string | Tree };
const flat = (tree: Tree, prefix = ''): Record<string, string> =>
  Object.fromEntries(Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v]] : Object.entries(flat(v, `${prefix}${k}.`)))));

/** The message drawer's and centre's texts exist in all four languages (spec 000 §9), en and mas not left Chinese, tw traditional. */
describe('message texts', () => {
  const zh = flat(MESSAGE_STRINGS.zh);
  it.each(['en', 'tw', 'mas'] as const)('%s has every key, none empty', (lang) => {
    const other = flat(MESSAGE_STRINGS[lang]);
    expect(Object.keys(other).sort()).toEqual(Object.keys(zh).sort());
    for (const [k, v] of Object.entries(other)) expect(v.trim(), k).not.toBe('');
    if (lang !== 'tw') for (const [k, v] of Object.entries(other)) expect(v, k).not.toMatch(/[\u3400-\u9fff]/);
  });
  it('tw is traditional', () => {
    const toTw = OpenCC.Converter({ from: 'cn', to: 'tw' });
    for (const [k, v] of Object.entries(flat(MESSAGE_STRINGS.tw))) expect(toTw(v), k).toBe(v);
  });
});
