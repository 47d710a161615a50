import * as OpenCC from 'opencc-js';
import { twConverter } from '../../../../src/i18n/generate-tw';

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

let toTwMessages: Convert | undefined;

/**
 * Simplified → traditional Chinese for server messages (issue 24 item 3), exactly as the client derives its tw
 * resource (src/i18n/generate-tw.ts: opencc `cn` → `twp` with Taiwan phrases, then the same phrase fixes), so a
 * message reads the same on both sides. `{name}` placeholders and non-Chinese text are unchanged.
 */
export function zhToTwText(text: string): string {
  toTwMessages ??= twConverter();
  return toTwMessages(text);
}
