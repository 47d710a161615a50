import { FastColor } from '@ant-design/fast-color';

/**
 * Readable colours (issue 25 item 4; WCAG 2.1 AA 1.4.3 text ≥ 4.5:1, 1.4.11 controls ≥ 3:1). The theme colour a user
 * picks (spec 000 §2, eight colours and #409EFF by default) is kept as chosen in the settings; what the screen draws
 * with it — links, selected menu items, primary buttons with white text, the tag of the open page — is its
 * {@link readablePrimary} shade. Luminance from antd's own colour library (@ant-design/fast-color, WCAG's definition).
 */

/** WCAG AA for normal text. */
const AA_TEXT = 4.5;

/** The WCAG 2.1 contrast ratio of two colours (1–21); any CSS colour string antd reads. */
export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [new FastColor(a).getLuminance(), new FastColor(b).getLuminance()];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** The light tint of `c` antd grounds a selected menu item or a primary-coloured tag with (about 90 % white). */
function tintOf(c: FastColor): string {
  return new FastColor(c).mix('#ffffff', 90).toHexString();
}

/** True when text in `c` reaches AA on white and on its own tint (so white text on `c` does too). */
function readable(c: FastColor): boolean {
  return contrastRatio(c.toHexString(), '#ffffff') >= AA_TEXT && contrastRatio(c.toHexString(), tintOf(c)) >= AA_TEXT;
}

/**
 * The shade of theme colour `colour` (#rrggbb) the light theme draws with: the colour itself when text in it already reaches
 * 4.5:1 on white and on its own light tint, else darkened in 2 % lightness steps until it does (#409EFF → #0B6FD9-ish, #FAAD14 → a brown
 * amber). The dark theme keeps the colour (light text on dark grounds; antd's dark algorithm derives the rest).
 * Returns upper-case #RRGGBB.
 */
export function readablePrimary(colour: string, dark: boolean): string {
  let c = new FastColor(colour);
  if (!c.isValid) return colour;
  if (!dark) for (let i = 0; i < 50 && !readable(c); i++) c = c.darken(2);
  return c.toHexString().toUpperCase();
}

/**
 * antd's hover and pressed shades of the primary colour (by default lighter: white text on a hovered primary button fell
 * to 3.3–3.9:1): in the light theme both darker than the readable shade, so the hovered control stays readable.
 * Returns the tokens for antd's theme (colorPrimaryHover, colorPrimaryActive, colorLinkHover, colorLinkActive).
 */
export function readableStates(primary: string): Record<string, string> {
  const hover = new FastColor(primary).darken(6).toHexString();
  const active = new FastColor(primary).darken(12).toHexString();
  return { colorPrimaryHover: hover, colorPrimaryActive: active, colorLinkHover: hover, colorLinkActive: active };
}

/**
 * antd tokens below the theme colour that antd's defaults draw under 4.5:1 on white (secondary text rgba(0,0,0,.45) is
 * 3.4:1, the error red #ff4d4f 3.3:1, success green 2.3:1, warning gold 1.9:1): light theme only. Text on a status
 * tag's ground (#f6ffed, #fffbe6, #fff2f0) stays above 4.5:1 too.
 */
export const READABLE_TOKENS = {
  colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
  /** Select placeholders are text spans to axe (antd's 0.25 is 1.8:1); 0.56 over white is #707070, 4.95:1. */
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
  colorTextDescription: 'rgba(0, 0, 0, 0.62)',
  /** The error seed: danger buttons carry white text on it, so it is dark enough itself (5.6:1). */
  colorError: '#cf1322',
  colorErrorText: '#cf1322',
  /**
   * Success and warning: darker seeds (a status tag writes its text in the seed) with antd's own light grounds and
   * borders kept (derived from a dark seed they turn grey).
   */
  colorSuccess: '#237804',
  colorSuccessText: '#237804',
  colorSuccessBg: '#f6ffed',
  colorSuccessBorder: '#b7eb8f',
  colorWarning: '#ad4e00',
  colorWarningText: '#ad4e00',
  colorWarningBg: '#fffbe6',
  colorWarningBorder: '#ffe58f',
} as const;
