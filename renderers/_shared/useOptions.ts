import { useEffect, useState } from 'react';
import { onAreaChange } from '../../src/api/versions';
import type { FieldConfig, FieldOption } from '../../schemas/field';
import { isStatic, staticOptions } from './fieldProps';
import { type KdData, useKdData } from './KdDataContext';
import { useRecordPath } from './recordPath';
import { areasOfPath, cachePer } from './sourceCache';

/** Options of a widget with their load state. */
export interface OptionsState {
  options: FieldOption[];
  loading: boolean;
  /** The load failure's message, if any (failed loads only stop the loading indicator: spec 001 §7). */
  error?: string;
}

/** Option lists per data access, by path and keys: 60 s at most, dropped when their area moves (issue 24 item 6). */
const cacheOf = cachePer<KdData, Promise<FieldOption[]>>();

/** Maps a raw row to `{id, fullName, children}` using the field's `props` (`{label, value, children}`) keys. */
function normalise(rows: unknown, keys: { label: string; value: string; children: string }): FieldOption[] {
  if (!Array.isArray(rows)) return [];
  return rows.map((r: Record<string, unknown>) => {
    const kids = r[keys.children];
    const o: FieldOption = { ...r, id: r[keys.value] as string, fullName: String(r[keys.label] ?? r[keys.value] ?? '') };
    if (Array.isArray(kids) && kids.length) o.children = normalise(kids, keys);
    else delete o.children;
    return o;
  });
}

/** The remote path of a field's options, or null when static (spec 001 §3, jnpf-v3.md §2 "Option loading"). */
export function optionsPath(field: FieldConfig): string | null {
  const cfg = field.__config__;
  if (cfg.dataType === 'dictionary' && cfg.dictionaryType) return `/api/system/DictionaryData/${encodeURIComponent(cfg.dictionaryType)}/Data/Selector`;
  if (cfg.dataType === 'dynamic' && cfg.propsUrl) return `/api/system/DataInterface/${encodeURIComponent(cfg.propsUrl)}/Actions/Response`;
  return null;
}

/**
 * Loads the options at `path` (`data.list` or `data` itself is the list), reused per data access and path for at most
 * SOURCE_TTL_MS (60 s) and until the dictionary, interface or permission area it comes from moves (issue 24 item 6).
 */
export function loadOptions(data: KdData, path: string, field: FieldConfig): Promise<FieldOption[]> {
  const m = cacheOf(data);
  const props = (field.__config__.props ?? (field.props as { props?: unknown } | undefined)?.props ?? {}) as Partial<Record<'label' | 'value' | 'children', string>>;
  const keys = { label: props.label ?? 'fullName', value: props.value ?? 'id', children: props.children ?? 'children' };
  const key = `${path}#${keys.label}/${keys.value}/${keys.children}`;
  let p = m.get(key);
  if (!p) {
    p = data.request('GET', path).then((d) => normalise(Array.isArray(d) ? d : (d as { list?: unknown })?.list, keys));
    const loading = p;
    p.catch(() => m.deleteIf(key, loading));
    m.set(key, p, areasOfPath(path));
  }
  return p;
}

/**
 * Options of an option widget (select, radio, checkbox, cascader, treeSelect): static from the field, dictionary from
 * `GET /api/system/DictionaryData/{dictionaryType}/Data/Selector` (tree dictionaries keep `children`), dynamic from the
 * data interface `GET /api/system/DataInterface/{propsUrl}/Actions/Response`, or a built-in page's REST selector
 * `__config__.optionsPath` filled from the form's record (renderers/_shared/recordPath.ts; issue 26), none while a
 * placeholder has no value; its static options (e.g. 顶级 = '-1') come first.
 */
export function useOptions(field: FieldConfig): OptionsState {
  const data = useKdData();
  const template = typeof field.__config__.optionsPath === 'string' ? field.__config__.optionsPath : undefined;
  const fromRecord = useRecordPath(template);
  const path = template ? fromRecord : optionsPath(field);
  const [state, setState] = useState<OptionsState>(() => ({ options: path ? [] : staticOptions(field), loading: !!path }));
  // A change of the source's area (another user edited the dictionary, this tab saved it…) reloads the list.
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    if (!path) return;
    const mine = areasOfPath(path);
    return onAreaChange((areas) => {
      if (areas.some((a) => mine.includes(a))) setGeneration((g) => g + 1);
    });
  }, [path]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the field object identity changes per render; path+static list are the inputs
  useEffect(() => {
    if (!path) {
      setState({ options: staticOptions(field), loading: false });
      return;
    }
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    // A REST selector (optionsPath) follows the field's static options, e.g. 顶级 (-1) before a parent picker's tree.
    const lead = template ? staticOptions(field) : [];
    loadOptions(data, path, field).then(
      (options) => live && setState({ options: lead.length ? [...lead, ...options] : options, loading: false }),
      (e: Error) => live && setState({ options: [], loading: false, error: e.message }),
    );
    return () => {
      live = false;
    };
  }, [data, path, generation, isStatic(field) ? JSON.stringify(staticOptions(field)) : '']);
  return state;
}
