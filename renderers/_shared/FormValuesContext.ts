import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import { FormStore } from './formStore';

type Rec = Record<string, unknown>;

/**
 * The current record of the enclosing form (keyed by `__vModel__`), for widgets that derive their value or display
 * from other fields: calculate, relationFormAttr, popupAttr, qrcode, barcode (design.md §3: pulled with hooks).
 * KdForm provides its FormStore (subscribers re-render on every change of the record); a sub-table row provides the
 * row's plain object.
 */
export const FormValuesContext = createContext<Rec | FormStore>({});

const noSubscribe = () => () => {};

/** Returns the enclosing form's current record ({} outside a form); re-renders when it changes. */
export function useFormValues(): Rec {
  const v = useContext(FormValuesContext);
  const store = v instanceof FormStore ? v : null;
  const subscribe = useCallback((l: () => void) => (store ? store.subscribe(l) : noSubscribe()), [store]);
  const snapshot = useCallback(() => (store ? store.get() : (v as Rec)), [store, v]);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
