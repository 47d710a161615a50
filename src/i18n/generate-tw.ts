/**
 * Dev-time generator of the traditional Chinese resource (spec 000 §9: tw): converts every string of zh.ts with
 * opencc-js (simplified → Taiwan standard with Taiwan phrases, `cn` → `twp`) and writes src/i18n/tw.json, which is
 * committed. Run after changing zh.ts: `node --import tsx src/i18n/generate-tw.ts`. The i18n test fails when
 * tw.json is stale. Not part of the browser bundle.
 */
import { writeFileSync } from 'node:fs';
import * as OpenCC from 'opencc-js';
import zh from './zh';

/** Strings opencc renders in a way a Taiwanese reader would not (key path → text). */
export const TW_OVERRIDES: Readonly<Record<string, string>> = {
  'app.hasError': 'Has Error',
};

/** Phrase fixes applied after opencc (twp turns 权限 into 許可權 and keeps mainland 賬/全屏). */
export const TW_FIXES: ReadonlyArray<readonly [string, string]> = [
  ['許可權', '權限'],
  ['賬', '帳'],
  ['全屏', '全螢幕'],
];

type Tree = { [k: string]: string | Tree };

/** The tw resource for `source`: every leaf converted with `convert`, then {@link TW_OVERRIDES} applied. */
export function toTraditional(source: Tree, convert: (s: string) => string, prefix = ''): Tree {
  const out: Tree = {};
  for (const [k, v] of Object.entries(source)) {
    const path = `${prefix}${k}`;
    out[k] = typeof v === 'string' ? (TW_OVERRIDES[path] ?? convert(v)) : toTraditional(v, convert, `${path}.`);
  }
  return out;
}

/** The opencc converter used for tw (simplified → Taiwan phrases). */
export function twConverter(): (s: string) => string {
  const convert = OpenCC.Converter({ from: 'cn', to: 'twp' });
  return (s) => TW_FIXES.reduce((text, [from, to]) => text.split(from).join(to), convert(s));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const tw = toTraditional(zh as unknown as Tree, twConverter());
  writeFileSync(new URL('./tw.json', import.meta.url), `${JSON.stringify(tw, null, 2)}\n`);
  console.log('wrote src/i18n/tw.json');
}
