import * as OpenCC from 'opencc-js';

/**
 * Simplified ↔ traditional Chinese conversion with opencc-js (spec 000 §7 Common: translate/zhtotw and twToZh).
 * Converters are built once, on first use (building one loads its dictionaries: tens of milliseconds).
 */

type Convert = (text: string) => string;

let toTw: Convert | undefined;
let toCn: Convert | undefined;

/** Simplified Chinese (mainland) → traditional Chinese (Taiwan standard, opencc `cn` → `tw`). Non-Chinese text is unchanged. */
export function zhToTw(text: string): string {
  toTw ??= OpenCC.Converter({ from: 'cn', to: 'tw' });
  return toTw(text);
}

/** Traditional Chinese (Taiwan) → simplified Chinese (opencc `tw` → `cn`). Non-Chinese text is unchanged. */
export function twToZh(text: string): string {
  toCn ??= OpenCC.Converter({ from: 'tw', to: 'cn' });
  return toCn(text);
}
