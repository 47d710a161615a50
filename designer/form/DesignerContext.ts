import { createContext, useContext, useSyncExternalStore } from 'react';
import type { DesignerSnapshot, DesignerStore } from '../store/DesignerStore';

/** The designer store of the page (one per open designer). */
export const DesignerStoreContext = createContext<DesignerStore | null>(null);

/** The store of the enclosing designer. @throws Error outside a designer. */
export function useDesignerStore(): DesignerStore {
  const s = useContext(DesignerStoreContext);
  if (!s) throw new Error('useDesignerStore outside the designer');
  return s;
}

/** The store and its current snapshot (re-renders on every change). */
export function useDesigner(): [DesignerStore, DesignerSnapshot] {
  const s = useDesignerStore();
  return [s, useSyncExternalStore(s.subscribe, s.getSnapshot)];
}

/** Problems found by the checks, by field formId (`__form` for the model's own props), shown next to the field. */
export const ProblemsContext = createContext<Map<number | string, string[]>>(new Map());
