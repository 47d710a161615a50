import type { ColumnItem } from '../../schemas/columns';
import type { FieldConfig } from '../../schemas/field';
import { ApiError, request, requestEnvelope } from '../../src/api/client';
import { pageOfAnswer } from '../../src/runtime/useBuiltinPage';

/** A built-in page opened in the designer's extension mode (issue 26 item 4). */
export interface PageExtensionModel {
  /** The page's code, e.g. `permissionUser`. */
  code: string;
  fullName: string;
  /** The page's own form fields (read-only in the designer). */
  ownFields: FieldConfig[];
  /** The fields an administrator added (the designer's canvas). */
  fields: FieldConfig[];
  /** The stored list columns of the added fields. */
  columns: ColumnItem[];
  /** The stored version (0: nothing stored yet), sent back on save. */
  version: number;
}

const P = (code: string) => `/api/visualdev/OnlineDev/${encodeURIComponent(code)}`;

/**
 * Loads page `code` for extension: GET OnlineDev/{code}/Config (the shipped page with the additions appended) and
 * GET OnlineDev/{code}/Extension `{ fields, columns, version }`; the page's own fields are the Config's minus the added
 * ones. Rejects ApiError (404 unknown page or not allowed).
 */
export async function loadPageExtension(code: string): Promise<PageExtensionModel> {
  const [config, ext] = await Promise.all([
    request<Record<string, unknown>>(`${P(code)}/Config`, { silent: true }),
    request<{ fields: FieldConfig[]; columns: ColumnItem[]; version: number }>(`${P(code)}/Extension`, { silent: true }),
  ]);
  const page = pageOfAnswer(code, config);
  const added = new Set(ext.fields.map((f) => f.__vModel__));
  return {
    code,
    fullName: page.fullName,
    ownFields: page.formData.fields.filter((f) => !f.__vModel__ || !added.has(f.__vModel__)),
    fields: ext.fields,
    columns: ext.columns,
    version: ext.version,
  };
}

/**
 * The list columns of the added fields: one per field with a vModel, in field order, `{ prop, label, width: 120 }`;
 * a stored column of a field that still exists keeps its width and other props (its label follows the field).
 */
export function extensionColumns(fields: FieldConfig[], stored: ColumnItem[]): ColumnItem[] {
  const byProp = new Map(stored.map((c) => [c.prop, c]));
  return fields
    .filter((f): f is FieldConfig & { __vModel__: string } => !!f.__vModel__)
    .map((f) => ({ width: 120, ...byProp.get(f.__vModel__), prop: f.__vModel__, label: String(f.__config__.label ?? f.__vModel__) }) as ColumnItem);
}

/** How an extension save ended: saved (the new version), refused with the path it names, or stale (the server's words). */
export type ExtensionSaveResult = { kind: 'saved'; version: number; msg: string } | { kind: 'refused'; msg: string; path: string | null } | { kind: 'stale'; msg: string };

/**
 * PUT OnlineDev/{code}/Extension `{ fields, columns, version }` → the new version. 400 (`data.path`, e.g.
 * `fields[2].__vModel__`) is `refused`; 409 (another administrator saved since `version`) is `stale` with the server's
 * message; other failures reject (the client toasted them).
 */
export async function savePageExtension(code: string, fields: FieldConfig[], columns: ColumnItem[], version: number): Promise<ExtensionSaveResult> {
  try {
    const env = await requestEnvelope<{ version: number }>(`${P(code)}/Extension`, { method: 'put', json: { fields, columns, version }, silent: true });
    return { kind: 'saved', version: env.data.version, msg: env.msg };
  } catch (e) {
    if (e instanceof ApiError && e.code === 409) return { kind: 'stale', msg: e.msg };
    if (e instanceof ApiError && e.code === 400) {
      const path = (e.data as { path?: unknown } | null)?.path;
      return { kind: 'refused', msg: e.msg, path: typeof path === 'string' ? path : null };
    }
    throw e;
  }
}
