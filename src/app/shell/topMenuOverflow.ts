/** Width of one top-menu item in px (spec 000 §9). */
export const TOP_ITEM_WIDTH = 116;
/** Key (and path) of the synthetic overflow group (spec 000 §2 "a synthetic 'more' group at /menuMore"). */
export const MORE_KEY = '/menuMore';

/**
 * How many top-menu items show before the 'more' group (spec 000 §2): floor(width / 116) − 1, at least 0. A width of 0
 * or less (not measured yet) shows everything.
 */
export function visibleTopItems(width: number, count: number): number {
  if (!(width > 0)) return count;
  const n = Math.max(0, Math.floor(width / TOP_ITEM_WIDTH) - 1);
  return count > n ? n : count;
}
