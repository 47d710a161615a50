import { describe, expect, it } from 'vitest';
import { EMOJIS, splitEmoji } from './emoji';

/** The chat's emoji codes (issue 14 item 4): every JNPF code has a shipped image; text splits into text and emoji. */
describe('chat emoji', () => {
  it('has the 120 codes JNPF ships (static/emoji.json: files 100–219, not 219 codes), each with its own image', () => {
    expect(EMOJIS).toHaveLength(120);
    expect(EMOJIS[0].code).toBe('[微笑]');
    expect(EMOJIS.at(-1)?.code).toBe('[礼物1]');
    expect(EMOJIS.every((e) => e.url.length > 0)).toBe(true);
    expect(new Set(EMOJIS.map((e) => e.url)).size).toBe(120);
  });

  it('splits known codes out of the text; unknown brackets and markup stay text', () => {
    const parts = splitEmoji('你好[微笑][不存在]<b>x</b>[ok]');
    expect(parts.map((p) => (typeof p === 'string' ? p : p.code))).toEqual(['你好', '[微笑]', '[不存在]<b>x</b>', '[ok]']);
    expect(splitEmoji('')).toEqual([]);
    expect(splitEmoji('[[微笑]]').map((p) => (typeof p === 'string' ? p : p.code))).toEqual(['[', '[微笑]', ']']);
  });
});
