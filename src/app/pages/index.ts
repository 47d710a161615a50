import type { ComponentType } from 'react';

/** A lazily loaded type-2 page module. */
export type PageLoader = () => Promise<{ default: ComponentType<PageProps> }>;

/** Props every type-2 page receives: the menu id (the permission modelId, spec 000 §6) and its title. */
export interface PageProps {
  menuId: string;
  title: string;
}

// Every page file one folder down (e.g. ./system/Dictionary.tsx), found at build time; deeper folders hold the pages' parts.
const modules = import.meta.glob<{ default: ComponentType<PageProps> }>(['./*/*.tsx', '!./**/*.test.tsx', '!./**/*.stories.tsx']);

/** Extra urlAddress → file mappings for pages whose file name does not follow the urlAddress. */
const ALIASES: Record<string, string> = { 'onlineDev/webDesign': 'visualdev/WebDesign' };

/**
 * The type-2 page registry (spec 000 §2 "extended page"): maps a menu's urlAddress (query cut off, e.g.
 * `system/dictionary`) to the page file `./system/Dictionary.tsx` under src/app/pages, case-insensitively.
 * Returns null when no such page exists yet (the caller shows "not available yet").
 */
export function pageFor(urlAddress: string): PageLoader | null {
  const clean = urlAddress.split('?')[0].replace(/^\/+|\/+$/g, '');
  const target = `./${(ALIASES[clean] ?? clean).toLowerCase()}.tsx`;
  const key = Object.keys(modules).find((k) => k.toLowerCase() === target);
  return key ? (modules[key] as PageLoader) : null;
}
