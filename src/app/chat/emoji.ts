/**
 * The chat's emoji codes (spec 000 §3 "Text may hold emoji codes in square brackets"; issue 14 item 4): JNPF v3's
 * picker list, `[微笑]` … `[礼物1]`, each drawn as a Twemoji image shipped by the @twemoji/svg package (MIT code,
 * CC-BY 4.0 graphics) — never shown as the raw code. The Unicode emoji chosen for each code is ours (JNPF drew its
 * own GIFs).
 *
 * Why 120 codes and not the spec's "219": JNPF ships 120. Its web client's list, static/emoji.json of jnpf-web v3
 * (wuqingguang0816/Mnxhp: the same 120 entries in every version from v3.0, 2021, to v3.4.7, 2023) and
 * src/layouts/default/header/components/chat/emoji.json of the Vue 3 client v3.6 (HelloKitty2022/jnpf-web, the same
 * list), holds 120 `{ url, alt }` entries whose images are the files 100.gif … 199.gif and 200.png … 219.png: 219 is
 * the last file's number, not a count. The list comes from a common uni-app chat template (five pages of 24 over the
 * same files 100–219, some names repeated), where JNPF renamed the repeats so each code is unique ([大哭], [汗1],
 * [难过1], [拜], [微笑1], [礼物1] …). No JNPF emoji list we could read (web clients v3.0–v3.6) has 219 entries; the
 * JNPF mobile app's source was not among them. A code not in this table stays text.
 */

// Imported by name as well as through the glob below, so that dependency checks (knip) see the package it reads.
import smileUrl from '@twemoji/svg/1f642.svg?url';

/** [code, Twemoji file name (hex code point)] in the picker's order. */
const TABLE: ReadonlyArray<readonly [string, string]> = [
  ['微笑', '1f642'], ['伤心', '1f61e'], ['美女', '1f469'], ['发呆', '1f633'], ['墨镜', '1f60e'], ['哭', '1f622'],
  ['羞', '1f60a'], ['哑', '1f636'], ['睡', '1f634'], ['大哭', '1f62d'], ['囧', '1f616'], ['怒', '1f621'],
  ['调皮', '1f61c'], ['呲牙', '1f601'], ['惊讶', '1f62e'], ['难过', '1f61f'], ['酷', '1f60f'], ['汗', '1f613'],
  ['抓狂', '1f629'], ['吐', '1f92e'], ['笑', '1f604'], ['快乐', '1f600'], ['疑惑', '1f615'], ['傲', '1f612'],
  ['饿', '1f924'], ['累', '1f62b'], ['惊恐', '1f631'], ['汗1', '1f625'], ['高兴', '1f603'], ['闲', '1f60c'],
  ['努力', '1f4aa'], ['骂', '1f92c'], ['疑问', '2753'], ['秘密', '1f92b'], ['乱', '1f635'], ['疯', '1f92a'],
  ['哀', '1f614'], ['鬼', '1f47b'], ['打击', '1f4a5'], ['bye', '1f44b'], ['擦汗', '1f605'], ['抠', '1f443'],
  ['鼓掌', '1f44f'], ['糟糕', '1f630'], ['恶搞', '1f61d'], ['左哼哼', '1f624'], ['右哼哼', '1f620'], ['哈欠', '1f971'],
  ['看', '1f440'], ['委屈', '1f97a'], ['难过1', '2639'], ['坏', '1f608'], ['亲', '1f618'], ['吓', '1f628'],
  ['可怜', '1f623'], ['刀', '1f52a'], ['水果', '1f349'], ['酒', '1f37a'], ['篮球', '1f3c0'], ['乒乓', '1f3d3'],
  ['咖啡', '2615'], ['美食', '1f35a'], ['动物', '1f43c'], ['鲜花', '1f339'], ['枯', '1f940'], ['唇', '1f444'],
  ['爱', '2764'], ['分手', '1f494'], ['生日', '1f382'], ['电', '26a1'], ['炸弹', '1f4a3'], ['刀子', '1f5e1'],
  ['足球', '26bd'], ['瓢虫', '1f41e'], ['翔', '1f4a9'], ['月亮', '1f319'], ['太阳', '2600'], ['礼物', '1f381'],
  ['抱抱', '1f917'], ['拇指', '1f44d'], ['贬低', '1f44e'], ['握手', '1f91d'], ['剪刀手', '270c'], ['抱拳', '1f91b'],
  ['勾引', '1f448'], ['拳头', '270a'], ['小拇指', '1f919'], ['拇指八', '1f91f'], ['食指', '261d'], ['ok', '1f44c'],
  ['情侣', '1f491'], ['爱心', '1f496'], ['蹦哒', '1f57a'], ['颤抖', '1f976'], ['怄气', '1f63e'], ['跳舞', '1f483'],
  ['拜', '1f64f'], ['背着', '1f645'], ['伸手', '1f91a'], ['耍帅', '1f935'], ['微笑1', '263a'], ['生病', '1f637'],
  ['哭泣', '1f63f'], ['吐舌', '1f61b'], ['迷糊', '1f974'], ['瞪眼', '1f928'], ['恐怖', '1f480'], ['忧愁', '1f627'],
  ['眨眉', '1f609'], ['闭眼', '1f611'], ['鄙视', '1f644'], ['阴暗', '1f311'], ['小鬼', '1f47f'], ['爱心1', '1f49e'],
  ['拜佛', '1f9d8'], ['力量', '1f3cb'], ['金钱', '1f4b0'], ['蛋糕', '1f370'], ['彩带', '1f38a'], ['礼物1', '1f49d'],
];

// Only these files are bundled (small SVGs are inlined as data: URLs by Vite).
const FILES = import.meta.glob(
  '/node_modules/@twemoji/svg/{1f642,1f61e,1f469,1f633,1f60e,1f622,1f60a,1f636,1f634,1f62d,1f616,1f621,1f61c,1f601,1f62e,1f61f,1f60f,1f613,1f629,1f92e,1f604,1f600,1f615,1f612,1f924,1f62b,1f631,1f625,1f603,1f60c,1f4aa,1f92c,2753,1f92b,1f635,1f92a,1f614,1f47b,1f4a5,1f44b,1f605,1f443,1f44f,1f630,1f61d,1f624,1f620,1f971,1f440,1f97a,2639,1f608,1f618,1f628,1f623,1f52a,1f349,1f37a,1f3c0,1f3d3,2615,1f35a,1f43c,1f339,1f940,1f444,2764,1f494,1f382,26a1,1f4a3,1f5e1,26bd,1f41e,1f4a9,1f319,2600,1f381,1f917,1f44d,1f44e,1f91d,270c,1f91b,1f448,270a,1f919,1f91f,261d,1f44c,1f491,1f496,1f57a,1f976,1f63e,1f483,1f64f,1f645,1f91a,1f935,263a,1f637,1f63f,1f61b,1f974,1f928,1f480,1f627,1f609,1f611,1f644,1f311,1f47f,1f49e,1f9d8,1f3cb,1f4b0,1f370,1f38a,1f49d}.svg',
  { query: '?url', import: 'default', eager: true },
) as Record<string, string>;

/** One emoji of the picker: its code as typed (`[微笑]`) and its image URL. */
export interface Emoji {
  code: string;
  url: string;
}

/** Every emoji, in the picker's order. */
export const EMOJIS: readonly Emoji[] = TABLE.map(([name, hex]) => ({ code: `[${name}]`, url: (hex === '1f642' ? smileUrl : FILES[`/node_modules/@twemoji/svg/${hex}.svg`]) ?? '' }));

const BY_CODE = new Map(EMOJIS.map((e) => [e.code, e]));

/** A piece of a chat text: plain text, or an emoji. */
export type TextPart = string | Emoji;

/**
 * Splits `text` into plain text and emoji: every `[name]` that is a known code becomes its Emoji; anything else —
 * unknown brackets, HTML — stays text (the caller renders it as text, never as markup).
 */
export function splitEmoji(text: string): TextPart[] {
  const out: TextPart[] = [];
  let last = 0;
  for (const m of text.matchAll(/\[[^[\]]{1,8}\]/g)) {
    const e = BY_CODE.get(m[0]);
    if (!e) continue;
    if (m.index > last) out.push(text.slice(last, m.index));
    out.push(e);
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}
