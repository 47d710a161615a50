import { type ComponentType, createElement } from 'react';

/** A lazily loaded type-2 page module. */
export type PageLoader = () => Promise<{ default: ComponentType<PageProps> }>;

/** Props every type-2 page receives: the menu id (the permission modelId, spec 000 §6) and its title. */
export interface PageProps {
  menuId: string;
  title: string;
}

// Every page file one folder down (e.g. ./<area>/<Page>.tsx), found at build time; deeper folders hold the pages' parts.
const modules = import.meta.glob<{ default: ComponentType<PageProps> }>(['./*/*.tsx', '!./**/*.test.tsx', '!./**/*.stories.tsx']);

/** Extra urlAddress → file mappings for pages whose file name does not follow the urlAddress. */
const ALIASES: Record<string, string> = {};

// Built-in pages as configs (issue 26): src/pages/<area>/<page>.page.json; only their urlAddress and code are bundled
// here (JSON named exports), the config itself comes from the server's Config route.
const configUrls = import.meta.glob<string>('../../pages/**/*.page.json', { eager: true, import: 'urlAddress' });
const configCodes = import.meta.glob<string>('../../pages/**/*.page.json', { eager: true, import: 'code' });
const configLoaders = new Map<string, PageLoader>();

/** The code of the built-in page config whose urlAddress is `urlAddress` (case-insensitive, query cut off), or null. */
export function pageConfigFor(urlAddress: string): string | null {
  const clean = urlAddress.split('?')[0].replace(/^\/+|\/+$/g, '').toLowerCase();
  const file = Object.keys(configUrls).find((k) => configUrls[k]?.toLowerCase() === clean);
  return file ? (configCodes[file] ?? null) : null;
}

/** A stable loader of the generic config view bound to page `code` (one per code: MenuPage keeps one lazy component per loader). */
function configLoader(code: string): PageLoader {
  let loader = configLoaders.get(code);
  if (!loader) {
    loader = () => import('../views/ConfigPage').then((m) => ({ default: (p: PageProps) => createElement(m.default, { code, menuId: p.menuId, title: p.title }) }));
    configLoaders.set(code, loader);
  }
  return loader;
}

/**
 * The type-2 page registry (spec 000 §2 "extended page"): maps a menu's urlAddress (query cut off, e.g.
 * `<area>/<page>`) to the page file `./<area>/<Page>.tsx` under src/app/pages, case-insensitively.
 * Otherwise a built-in page config with that urlAddress (a `.page.json` under src/pages) opens in the generic ConfigPage.
 * Returns null when no such page exists yet (the caller shows "not available yet").
 */
export function pageFor(urlAddress: string): PageLoader | null {
  const clean = urlAddress.split('?')[0].replace(/^\/+|\/+$/g, '');
  const target = `./${(ALIASES[clean] ?? clean).toLowerCase()}.tsx`;
  const key = Object.keys(modules).find((k) => k.toLowerCase() === target);
  if (key) return modules[key] as PageLoader;
  const code = pageConfigFor(clean);
  return code ? configLoader(code) : null;
}
