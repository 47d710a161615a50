import { describe, expect, it } from 'vitest';
import { renderers } from '../index';

/**
 * Issue 25 item 5 (one language per screen): a new field stores no placeholder, range, switch, button or dialog text
 * of its own; the renderer shows a translated default (words.ts) until the designer types one. Walks every renderer's
 * scaffold in the registry, nested children (sub-table columns, collapse panels) included.
 */
const PROMPTS = new Set(['placeholder', 'start-placeholder', 'end-placeholder', 'range-separator', 'activeTxt', 'inactiveTxt', 'popupTitle', 'actionText', 'buttonText']);
const CJK = /[\u3400-\u9fff]/;

/** `path=value` of every prompt text under `node` that holds Chinese. */
function storedPrompts(node: unknown, path: string, out: string[] = []): string[] {
  if (Array.isArray(node)) {
    node.forEach((x, i) => {
      storedPrompts(x, `${path}[${i}]`, out);
    });
  } else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (PROMPTS.has(k) && typeof v === 'string' && CJK.test(v)) out.push(`${path}.${k}=${v}`);
      else storedPrompts(v, `${path}.${k}`, out);
    }
  }
  return out;
}

describe('scaffolds store no Chinese prompt text', () => {
  it.each(Object.keys(renderers))('%s', (kdKey) => {
    expect(storedPrompts(renderers[kdKey].scaffold, kdKey)).toEqual([]);
  });
  it('the walk finds a stored prompt (the designer’s own text stays data)', () => {
    expect(storedPrompts({ placeholder: '请输入编码', __config__: { children: [{ activeTxt: '开' }] } }, 'f')).toEqual(['f.placeholder=请输入编码', 'f.__config__.children[0].activeTxt=开']);
  });
});
