import { posix } from 'node:path';

/**
 * The module areas code can be generated into (spec 001 §7 Generater/AreasName; spec 001 §1 names the modules of
 * the menu-title dictionary). Each is a folder name: the page goes to `src/app/pages/<area>/`, the server module to
 * `server/src/modules/<area>/<name>/`. Order = the order the picker shows.
 */
export const AREAS = [
  'system',
  'extend',
  'purchasing',
  'inspection',
  'stock',
  'costing',
  'order',
  'sample',
  'scheduling',
  'shipping',
  'closing',
  'workflow',
  'dataApp',
] as const;

/** A class name for generated code: PascalCase ASCII, 1–50 characters. */
export const CLASS_NAME = /^[A-Z][A-Za-z0-9]{0,49}$/;

/** Model ids that can appear verbatim in a route path of the generated server module. */
export const PATH_SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** PascalCase of an enCode (`purchase_order`, `purchase-order`, `purchaseOrder` → `PurchaseOrder`); '' when none. */
export function pascalCase(text: string): string {
  const words = text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  const out = words.map((w) => w[0].toUpperCase() + w.slice(1)).join('');
  return /^[A-Z]/.test(out) ? out.slice(0, 50) : '';
}

/** `PurchaseOrder` → `purchase-order` (the server module's folder). */
export function kebabCase(className: string): string {
  return className.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}

/** `PurchaseOrder` → `purchaseOrder` (function and constant names). */
export function camelCase(className: string): string {
  return className[0].toLowerCase() + className.slice(1);
}

/** Text safe inside a generated `/** … *\/` or `//` comment: one line, no comment terminator. */
export function commentText(text: string): string {
  return text.replace(/\*\//g, '*∕').replace(/[\r\n\u2028\u2029]+/g, ' ').trim();
}

/** Text safe inside a generated Markdown paragraph (one line). */
export function markdownText(text: string): string {
  return text.replace(/[\r\n\u2028\u2029]+/g, ' ').replace(/[<>`]/g, (c) => `&#${c.charCodeAt(0)};`).trim();
}

/** A string as a single-quoted TypeScript literal (the project's style). */
export function quote(text: string): string {
  const body = text.replace(/[\\'\n\r\u2028\u2029]/g, (c) => ({ '\\': '\\\\', "'": "\\'", '\n': '\\n', '\r': '\\r', '\u2028': '\\u2028', '\u2029': '\\u2029' })[c] ?? c);
  return `'${body}'`;
}

/** A value as a TypeScript literal: JSON with the line separators JSON leaves raw escaped, indented by `indent`. */
export function literal(value: unknown, indent = ''): string {
  const json = JSON.stringify(value, null, 2).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return json.split('\n').join(`\n${indent}`);
}

/**
 * Where the generated files go, relative to the repository root, and the import specifier from one of them to a file
 * of the project (relative, no extension). The files may be placed under `root` instead of the repository root (the
 * compile test does): imports are computed from the placed file, because generated code always imports the project's
 * own engine, runtime and server parts.
 */
export interface Layout {
  page: string;
  moduleDir: string;
  /** Import specifier from generated file `from` (repository-relative, before placing) to project path `to`. */
  importPath(from: string, to: string): string;
}

/** The layout of the files for `area`/`className`, to be placed under `root` (see {@link Layout}). */
export function layoutOf(area: string, className: string, root = ''): Layout {
  return {
    page: `src/app/pages/${area}/${className}Page.tsx`,
    moduleDir: `server/src/modules/${area}/${kebabCase(className)}`,
    importPath(from, to) {
      const rel = posix.relative(posix.dirname(posix.join(root, from)), to);
      return rel.startsWith('.') ? rel : `./${rel}`;
    },
  };
}
