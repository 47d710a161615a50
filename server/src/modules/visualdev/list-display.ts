import type { Db } from '../../db/types';
import type { SqlViewer } from '../data-interface/row-scope';
import { displayValue, loadLookups } from './excel-values';
import type { FieldColumn } from './model-layout';
import type { LoadedModel } from './model-store';

/**
 * List rows with display text, as JNPF's server sends them (issue 22 item 4; .NET VisualDevModelDataService's list
 * conversion): option labels (select, radio, checkbox, cascader, treeSelect; static, dictionary and dynamic), user /
 * organisation / position / role names, dates in the field's format, a switch's activeTxt/inactiveTxt, area names,
 * a relation form's display field. The same conversion as the Excel export (excel-values.ts displayValue): one path.
 * Other widgets (text, numbers, files, sub-tables) keep their stored values; `id`, versions and flowState stay.
 * Our own client asks for typed values instead with the list flag `typed: true` (onlinedev-routes.ts).
 */

/** The widgets whose stored value a JNPF list shows converted. */
export const DISPLAY_KEYS = new Set([
  'select', 'radio', 'checkbox', 'cascader', 'treeSelect',
  'userSelect', 'usersSelect', 'createUser', 'modifyUser', 'comSelect', 'depSelect', 'currOrganize', 'currDept', 'posSelect', 'currPosition', 'roleSelect',
  'date', 'createTime', 'modifyTime', 'switch', 'address', 'relationForm',
]);

/** The columns of `model` a list converts. */
function displayColumns(model: LoadedModel): FieldColumn[] {
  return model.columns.filter((c) => DISPLAY_KEYS.has(c.kdKey));
}

/**
 * `rows` with their display columns converted (new objects; empty values stay null). Lookups (dictionaries, names,
 * dynamic sources, related records as `viewer` may read them) are read once per call.
 */
export async function displayRows<R extends Record<string, unknown>>(db: Db, model: LoadedModel, rows: R[], viewer: SqlViewer = null): Promise<R[]> {
  const columns = displayColumns(model).filter((c) => rows.some((r) => r[c.name] !== null && r[c.name] !== undefined && r[c.name] !== ''));
  if (!columns.length || !rows.length) return rows;
  const lookups = await loadLookups(db, columns, rows, viewer);
  return rows.map((r) => {
    const out: Record<string, unknown> = { ...r };
    for (const c of columns) {
      const v = r[c.name];
      if (v !== null && v !== undefined && v !== '') out[c.name] = displayValue(c, v, lookups);
    }
    return out as R;
  });
}
