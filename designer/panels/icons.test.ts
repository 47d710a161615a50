import { describe, expect, it } from 'vitest';
import { renderers } from '../../renderers';
import { PALETTE_ICONS } from './icons';

describe('palette icons', () => {
  it('every icon a renderer definition names is drawn (a new icon name must be added to designer/panels/icons.ts)', () => {
    const missing = [...new Set(Object.values(renderers).map((d) => d.icon))].filter((name) => !PALETTE_ICONS[name]);
    expect(missing).toEqual([]);
  });
});
