import { describe, expect, it } from 'vitest';
import { currentUserFixture } from '../../testing/fixtures';
import { searchMenus } from './menuSearch';
import { TOP_ITEM_WIDTH, visibleTopItems } from './topMenuOverflow';

describe('header search (spec 000 §2)', () => {
  const menus = currentUserFixture().menuList;
  it('matches titles and paths of pages, never folders; an empty keyword finds nothing', () => {
    expect(searchMenus(menus, '字典').map((h) => h.path)).toEqual(['/systemData/dictionary']);
    expect(searchMenus(menus, 'MODEL/sup').map((h) => h.title)).toEqual(['供应商']);
    expect(searchMenus(menus, '供应').map((h) => h.title)).toEqual(['供应商', '供应报表']);
    expect(searchMenus(menus, '   ')).toEqual([]);
  });
  it('leaves hidden menus out', () => {
    const hidden = [{ ...menus[1], children: [{ ...menus[1].children![0], hidden: true }] }];
    expect(searchMenus(hidden as never, '字典')).toEqual([]);
  });
});

describe('top menu overflow (spec 000 §2: items beyond width / 116 − 1 go to /menuMore)', () => {
  it('keeps floor(width / 116) − 1 items when there are more', () => {
    expect(TOP_ITEM_WIDTH).toBe(116);
    expect(visibleTopItems(1160, 20)).toBe(9);
    expect(visibleTopItems(1160, 9)).toBe(9);
    expect(visibleTopItems(1160, 10)).toBe(9);
    expect(visibleTopItems(200, 5)).toBe(0);
    expect(visibleTopItems(0, 5)).toBe(5);
  });
});
