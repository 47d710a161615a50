import { useCallback, useContext, useSyncExternalStore } from 'react';
import type { FieldConfig } from '../../schemas/field';
import { whenHolds } from '../../src/engine/fieldRules';
import { FormValuesContext } from './FormValuesContext';
import { FormStore } from './formStore';

const REQUIRED = 1;
const READONLY = 2;
const noSubscribe = () => () => {};

/**
 * A field's required-when and read-only-when rules (issue 13 item 1 "Field rules", src/engine/fieldRules.ts) for the
 * enclosing form's current record: `{ required, readonly }`. A field without such rules subscribes to nothing (no
 * re-render per keystroke elsewhere, B7); one with rules re-renders only when the outcome changes.
 */
export function useFieldRules(field: FieldConfig | undefined): { required: boolean; readonly: boolean } {
  const cfg = field?.__config__;
  const req = cfg?.requiredWhen;
  const ro = cfg?.readonlyWhen;
  const v = useContext(FormValuesContext);
  const store = v instanceof FormStore ? v : null;
  const active = !!(req || ro);
  const subscribe = useCallback((l: () => void) => (store && active ? store.subscribe(l) : noSubscribe()), [store, active]);
  const snapshot = useCallback(() => {
    if (!active) return 0;
    const rec = store ? store.get() : (v as Record<string, unknown>);
    return (whenHolds(req, rec) ? REQUIRED : 0) | (whenHolds(ro, rec) ? READONLY : 0);
  }, [active, store, v, req, ro]);
  const bits = useSyncExternalStore(subscribe, snapshot, snapshot);
  return { required: (bits & REQUIRED) !== 0, readonly: (bits & READONLY) !== 0 };
}
