import { describe, expect, it } from 'vitest';
import { antdSize, colourName, DEFAULT_SETTINGS, normaliseLayout, parseSettings, THEME_COLOURS, toWire } from './theme';

describe('shell settings (spec 000 §2, §3, §4, §9)', () => {
  it('an unknown layout type becomes classic', () => {
    expect(normaliseLayout('blend')).toBe('blend');
    expect(normaliseLayout('sideways')).toBe('classic');
    expect(normaliseLayout(undefined)).toBe('classic');
  });

  it('reads PropertyJson text (switches as "true"/"false") over the defaults; bad values keep the default', () => {
    const s = parseSettings({ layoutType: 'plain', slideClass: 'lightWhite', theme: '#f5222d', tagsView: 'false', useCache: 'true', size: 'mini', showSearch: 'maybe', themeClass: 'nope' });
    expect(s).toEqual({ ...DEFAULT_SETTINGS, layoutType: 'plain', slideClass: 'lightWhite', theme: '#F5222D', tagsView: false, useCache: true, size: 'mini' });
    expect(parseSettings(null)).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS.theme).toBe('#409EFF');
    expect(DEFAULT_SETTINGS.size).toBe('medium');
  });

  it('writes switches as text and names the colours of spec 000 §9', () => {
    expect(toWire({ tagsView: false, theme: '#1890FF' })).toEqual({ tagsView: 'false', theme: '#1890FF' });
    expect(Object.keys(THEME_COLOURS)).toEqual(['default', 'blue', 'purple', 'azure', 'blackblue', 'ocean', 'green', 'yellow', 'orange', 'red']);
    expect(THEME_COLOURS.blue).toBe('#1890FF');
    expect(colourName('#f5222d')).toBe('red');
    expect(colourName('#123456')).toBeNull();
  });

  it('maps sizes to antd: default large, medium middle, small small, mini small + compact', () => {
    expect(antdSize('default')).toEqual({ componentSize: 'large', compact: false });
    expect(antdSize('medium')).toEqual({ componentSize: 'middle', compact: false });
    expect(antdSize('small')).toEqual({ componentSize: 'small', compact: false });
    expect(antdSize('mini')).toEqual({ componentSize: 'small', compact: true });
  });
});
