import { describe, expect, it } from 'vitest';
import { movedOrder } from './agGrid';

const s = (prop: string, columnVisible = true) => ({ prop, label: prop, columnVisible });

describe('column order after a header drag (spec 000 §2)', () => {
  it('visible columns take the grid order, hidden ones keep their place; unknown ids are ignored', () => {
    const settings = [s('a'), s('b', false), s('c'), s('d')];
    const next = movedOrder(settings, ['__select', 'd', 'a', 'c', '__actions']);
    expect(next.map((x) => x.prop)).toEqual(['d', 'b', 'a', 'c']);
    expect(next[1].columnVisible).toBe(false);
  });

  it('returns the same settings when nothing moved', () => {
    const settings = [s('a'), s('b')];
    expect(movedOrder(settings, ['a', 'b'])).toBe(settings);
  });
});
