import { useCallback, useContext, useSyncExternalStore } from 'react';
import { FormValuesContext } from './FormValuesContext';
import { FormStore } from './formStore';

/**
 * Fills a REST path template from a form record (issue 26, `__config__.optionsPath`): `{name}` takes the record's
 * `name`, `{name|fallback}` the fallback when the record has none (e.g. `/api/system/DictionaryType/Selector/{id|0}`);
 * values are URL-encoded. Returns null when a placeholder without fallback has no value (nothing to load yet).
 */
export function fillRecordPath(template: string, record: Record<string, unknown>): string | null {
  let missing = false;
  const out = template.replace(/\{(\w+)(?:\|([^}]*))?\}/g, (_m, name: string, fallback: string | undefined) => {
    const v = record[name];
    if (v === undefined || v === null || v === '') {
      if (fallback === undefined) missing = true;
      return encodeURIComponent(fallback ?? '');
    }
    return encodeURIComponent(String(v));
  });
  return missing ? null : out;
}

const noSubscribe = () => () => {};

/**
 * The path template filled from the enclosing form's record, re-rendering only when the filled path changes (not on
 * every keystroke). Null without a template, or while a placeholder has no value.
 */
export function useRecordPath(template: string | undefined): string | null {
  const v = useContext(FormValuesContext);
  const store = template && v instanceof FormStore ? v : null;
  const subscribe = useCallback((l: () => void) => (store ? store.subscribe(l) : noSubscribe()), [store]);
  const snapshot = useCallback(() => (template ? fillRecordPath(template, store ? store.get() : (v as Record<string, unknown>)) : null), [template, store, v]);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
