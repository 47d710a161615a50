import { useEffect, useMemo, useState } from 'react';
import { loadGridNames } from '../../renderers/_shared/orgPickers';
import { interfaceSource, type PopupSource, popupNamesKey, relationSource, rowOf } from '../../renderers/_shared/popupSources';
import { SYSTEM_KINDS } from '../../renderers/_shared/systemFields';
import type { FieldConfig } from '../../schemas/field';
import type { ColumnItem } from '../../schemas/columns';
import type { CompiledForm } from '../engine/compile';
import { kdData } from './kdData';

type Names = Record<string, Record<string, string>>;

/**
 * The org-picker kdKey whose selector names a column's ids: the picker itself (comSelect … groupSelect), or for the
 * system fields createUser/modifyUser (users), currOrganize (companies), currDept (departments), currPosition
 * (positions). Times and other widgets: none.
 */
export function orgKeyOf(kdKey: string): string | null {
  const sys = SYSTEM_KINDS[kdKey];
  if (sys) return sys.value === 'time' ? null : sys.value;
  return kdKey;
}

/**
 * The `KdGridContext.names` key and row source of a relationForm/popupSelect column (the keys their `toColumn`
 * formatters read: `relationForm:<modelId>`, `popupSelect:<interfaceId>:<propsValue>:<relationField>`).
 */
export function pickerNamesOf(field: FieldConfig | undefined): { key: string; source: PopupSource } | null {
  const k = field?.__config__.kdKey;
  if (k === 'relationForm' && field?.modelId) return { key: `relationForm:${String(field.modelId)}`, source: relationSource(field) };
  if (k === 'popupSelect' && field?.interfaceId) {
    return { key: popupNamesKey(field), source: interfaceSource(field) };
  }
  return null;
}

const NO_ROWS: readonly Record<string, unknown>[] = [];
const idsOf = (v: unknown): string[] => (Array.isArray(v) ? v : v === null || v === undefined || v === '' ? [] : [v]).map(String);

/**
 * Display names for the list cells of a model list (renderers' `KdGridContext.names`), so cells show names instead of
 * ids (issue 3 "org pickers … shown by name in lists"):
 * - org pickers and the system user/organisation fields: id -> name from the organisation selectors (whole trees);
 * - relationForm / popupSelect: id -> the chosen record's/row's display field, for the ids on the current page
 *   (`rows`), fetched once per id (popupSources `rowOf` cache).
 * A failed load leaves the ids visible.
 */
export function useGridNames(columns: readonly ColumnItem[], compiled: CompiledForm, rows: readonly Record<string, unknown>[] = NO_ROWS): Names {
  const [org, setOrg] = useState<Names>({});
  const [picked, setPicked] = useState<Names>({});
  useEffect(() => {
    let live = true;
    const kdKeys = [...new Set(columns.map((c) => orgKeyOf(compiled.byModel[c.prop]?.__config__.kdKey ?? c.kdKey ?? '')).filter((k): k is string => !!k))];
    loadGridNames(kdData, kdKeys).then(
      (n) => live && Object.keys(n).length && setOrg(n),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [columns, compiled]);

  const pickers = useMemo(
    () => columns.map((c) => ({ prop: c.prop, p: pickerNamesOf(compiled.byModel[c.prop]) })).filter((x): x is { prop: string; p: NonNullable<ReturnType<typeof pickerNamesOf>> } => !!x.p),
    [columns, compiled],
  );
  const wanted = useMemo(() => pickers.map(({ prop, p }) => ({ p, ids: [...new Set(rows.flatMap((r) => idsOf(r[prop])))] })), [pickers, rows]);
  useEffect(() => {
    if (!wanted.some((w) => w.ids.length)) return;
    let live = true;
    Promise.all(
      wanted.map(async ({ p, ids }) => {
        const pairs = await Promise.all(ids.map(async (id) => [id, await rowOf(kdData, p.source, id)] as const));
        return [p.key, pairs.filter(([, r]) => r && r[p.source.labelKey] !== undefined && r[p.source.labelKey] !== null).map(([id, r]) => [id, String(r![p.source.labelKey])] as const)] as const;
      }),
    ).then((lists) => {
      if (!live) return;
      setPicked((old) => {
        const next = { ...old };
        for (const [key, pairs] of lists) next[key] = { ...(next[key] ?? {}), ...Object.fromEntries(pairs) };
        return next;
      });
    });
    return () => {
      live = false;
    };
  }, [wanted]);
  return useMemo(() => ({ ...org, ...picked }), [org, picked]);
}
