import { type Dirent, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ColumnItem } from '../../../../schemas/columns';
import type { FieldConfig } from '../../../../schemas/field';
import type { PageConfig } from '../../../../schemas/page';
import type { Db } from '../../db/types';
import { authorize, modulesByEnCode, type SessionInfo } from '../../plugins/permissions';

/** Where the built-in page configs live (issue 26 item 2): `src/pages/<area>/<page>.page.json`, JSON only. */
export const PAGES_DIR = fileURLToPath(new URL('../../../../src/pages/', import.meta.url));

let cache: Map<string, PageConfig> | null = null;

/** Every `*.page.json` under `dir` (recursively), as [relative path, parsed content]. Throws on malformed JSON. */
export function readPageFiles(dir = PAGES_DIR): Array<[string, unknown]> {
  const out: Array<[string, unknown]> = [];
  const walk = (d: string, rel: string) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (e.isDirectory()) walk(join(d, e.name), `${rel}${e.name}/`);
      else if (e.name.endsWith('.page.json')) out.push([`${rel}${e.name}`, JSON.parse(readFileSync(join(d, e.name), 'utf8'))]);
    }
  };
  walk(dir, '');
  return out;
}

/**
 * The built-in pages by code, read once from disk (they ship with the code; a restart picks up a change). The
 * shapes are checked by server/src/modules/visualdev/builtin-pages.test.ts (schemas/page.ts and the model check), not at run time.
 */
export function builtinPages(): Map<string, PageConfig> {
  if (!cache) cache = new Map(readPageFiles().map(([, p]) => [(p as PageConfig).code, p as PageConfig]));
  return cache;
}

/** How many built-in pages are cached (0 before the first read); the 缓存管理 page shows it. */
export const builtinPagesCached = (): number => cache?.size ?? 0;

/** Forgets the built-in pages (the next read takes them from disk again). */
export function resetBuiltinPages(): void {
  cache = null;
}

/** The built-in page with code `code`, or undefined (then `code` is a model id). */
export function builtinPage(code: string): PageConfig | undefined {
  return builtinPages().get(code);
}

/**
 * The system menus that guard `page` (design.md §7a): the menu whose enCode is `menuEnCode`, else the menus whose
 * urlAddress is the page's.
 */
export async function pageMenus(db: Db, page: PageConfig): Promise<string[]> {
  if (page.menuEnCode) return modulesByEnCode(db, page.menuEnCode);
  const rows = await db.selectFrom('module').select('id').where('url_address', '=', page.urlAddress).execute();
  return rows.map((r) => r.id);
}

/** Whether `session` may open `page`: a grant on one of its menus (authorize 'view'); administrators always. */
export async function mayOpenPage(db: Db, session: SessionInfo, page: PageConfig): Promise<boolean> {
  return (await authorize(db, session, await pageMenus(db, page), 'view')).allowed;
}

/**
 * The Config answer of a built-in page (the same envelope data as a model's: formData/columnData as JSON strings),
 * with its `resource` binding, extra `forms`, `rowName`, `locales`, `params` (what a `page` action hands it), `panels`
 * (display widgets above the list) and `builtin: true`.
 * `extension`: the fields and columns an administrator added (issue 26 item 4, modules/page-extension), appended to
 * the shipped form and list; `extensionVersion` is their version (0 = none).
 */
export function pageConfigAnswer(page: PageConfig, extension?: { fields: FieldConfig[]; columns: ColumnItem[]; version: number } | null) {
  const formData = extension?.fields.length ? { ...page.formData, fields: [...page.formData.fields, ...extension.fields] } : page.formData;
  const columnData = extension?.columns.length ? { ...page.columnData, columnList: [...page.columnData.columnList, ...extension.columns] } : page.columnData;
  return {
    id: page.code,
    fullName: page.fullName,
    enCode: page.code,
    webType: 2,
    formData: JSON.stringify(formData),
    columnData: JSON.stringify(columnData),
    extensionVersion: extension?.version ?? 0,
    flowId: '',
    enableFlow: 0,
    builtin: true,
    urlAddress: page.urlAddress,
    resource: page.resource,
    forms: page.forms ?? {},
    rowName: page.rowName ?? null,
    locales: page.locales ?? {},
    params: page.params ?? [],
    panels: page.panels ?? [],
  };
}
