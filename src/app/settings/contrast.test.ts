import { FastColor } from '@ant-design/fast-color';
import { describe, expect, it } from 'vitest';
import { contrastRatio, READABLE_TOKENS, readablePrimary, readableStates } from './contrast';
import { THEME_COLOURS } from './theme';

/** Issue 25 item 4: every theme colour draws text and white-on-colour at WCAG AA in the light theme. */
describe('readable theme colours (WCAG 2.1 AA)', () => {
  for (const [name, colour] of Object.entries(THEME_COLOURS)) {
    it(`${name} ${colour}: text in it on white and on its selected-item tint, and white text on it, reach 4.5:1`, () => {
      const shade = readablePrimary(colour, false);
      expect(contrastRatio(shade, '#ffffff')).toBeGreaterThanOrEqual(4.5);
      // A selected menu item's ground: a light tint of the colour (antd's colorPrimaryBg is about 90 % white).
      const tint = new FastColor(shade).mix('#ffffff', 90).toHexString();
      expect(contrastRatio(tint, '#ffffff')).toBeLessThan(1.3);
      expect(contrastRatio(shade, tint)).toBeGreaterThanOrEqual(4.5);
      // Hovered and pressed: white text on them stays readable.
      for (const state of Object.values(readableStates(shade))) expect(contrastRatio(state, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    });
  }

  it('keeps a colour that is already readable and the dark theme’s colour as chosen', () => {
    expect(readablePrimary('#722ED1', false)).toBe('#722ED1');
    expect(readablePrimary('#409EFF', true)).toBe('#409EFF');
    expect(readablePrimary('#409EFF', false)).not.toBe('#409EFF');
  });

  it('status colours and secondary text reach 4.5:1 on white', () => {
    for (const c of [READABLE_TOKENS.colorError, READABLE_TOKENS.colorErrorText, READABLE_TOKENS.colorSuccessText, READABLE_TOKENS.colorWarningText]) expect(contrastRatio(c, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#616161', '#ffffff')).toBeGreaterThanOrEqual(4.5); // rgba(0,0,0,.62) over white
    expect(contrastRatio(READABLE_TOKENS.colorSuccess, READABLE_TOKENS.colorSuccessBg)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(READABLE_TOKENS.colorWarning, READABLE_TOKENS.colorWarningBg)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(READABLE_TOKENS.colorError, '#fff2f0')).toBeGreaterThanOrEqual(4.5);
  });
});
