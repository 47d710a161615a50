import { createContext, useCallback, useContext, useLayoutEffect, useRef, useSyncExternalStore } from 'react';

type Rec = Record<string, unknown>;
type Listener = () => void;

/**
 * The record of one KdForm (keyed by `__vModel__`), held outside React state so a keystroke re-renders only the field
 * typed into (issue 3 item 7, B7): widgets subscribe to their own value, calculate/attr widgets to the whole record.
 * Snapshots are immutable: every change makes a new record object. `set(name, undefined)` removes the key (rjsf's
 * "empty" convention). Nothing here resets it but an explicit `replace`.
 */
export class FormStore {
  private rec: Rec;
  private readonly byField = new Map<string, Set<Listener>>();
  private readonly all = new Set<Listener>();

  constructor(initial: Rec = {}) {
    this.rec = { ...initial };
  }

  /** The current record (same object until the next change). */
  get = (): Rec => this.rec;

  /** The current value of one field. */
  getField(name: string): unknown {
    return this.rec[name];
  }

  /** Sets one field's value (undefined removes it) and notifies that field's and the record's subscribers. */
  set(name: string, value: unknown): void {
    if (Object.is(this.rec[name], value) && (value !== undefined || !(name in this.rec))) return;
    const next = { ...this.rec };
    if (value === undefined) delete next[name];
    else next[name] = value;
    this.rec = next;
    this.emit([name]);
  }

  /** Replaces the whole record (a reload); notifies only the fields whose value changed. */
  replace(record: Rec): void {
    const changed = [...new Set([...Object.keys(this.rec), ...Object.keys(record)])].filter((k) => !Object.is(this.rec[k], record[k]));
    if (!changed.length) return;
    this.rec = { ...record };
    this.emit(changed);
  }

  /** Subscribes to every change of the record; returns the unsubscribe function. */
  subscribe = (listener: Listener): (() => void) => {
    this.all.add(listener);
    return () => this.all.delete(listener);
  };

  /** Subscribes to the changes of one field; returns the unsubscribe function. */
  subscribeField(name: string, listener: Listener): () => void {
    let set = this.byField.get(name);
    if (!set) {
      set = new Set();
      this.byField.set(name, set);
    }
    set.add(listener);
    return () => set.delete(listener);
  }

  private emit(names: string[]): void {
    for (const n of names) for (const l of [...(this.byField.get(n) ?? [])]) l();
    for (const l of [...this.all]) l();
  }
}

/** The enclosing KdForm's store (null outside a form). */
export const FormStoreContext = createContext<FormStore | null>(null);

const EMPTY_STORE = new FormStore();

/**
 * One field's value and setter from the enclosing form's store (re-renders only when that field changes).
 * Outside a form: undefined and a no-op.
 */
export function useFieldValue(name: string): [unknown, (value: unknown) => void] {
  const store = useContext(FormStoreContext) ?? EMPTY_STORE;
  const subscribe = useCallback((l: Listener) => store.subscribeField(name, l), [store, name]);
  const getSnapshot = useCallback(() => store.getField(name), [store, name]);
  const value = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  const set = useCallback((v: unknown) => store.set(name, v), [store, name]);
  return [value, set];
}

/**
 * Calls `listen` with every new record of `store` (a KdForm's onChange and live validation), and holds `store` in
 * `storeRef` while mounted (null after), for a dialog's 确定 to read the record the user sees.
 * Subscribes in the commit (a layout effect), not in a passive effect: those run a task later, and a click landing
 * before (a form drawn at once with its widgets loaded, on a busy machine) changed the store unheard — the dialog then
 * saved the record as loaded while the form showed the change (a 系统配置 image-code switch saved off). A change made
 * before subscribing (rjsf's defaults, written while rendering) is passed on at once.
 */
export function useRecordListener(store: FormStore, listen: (record: Rec) => void, storeRef?: { current: FormStore | null }): void {
  // The record last passed on (first: the store as created from the form's initial record).
  const told = useRef<Rec | null>(null);
  told.current ??= store.get();
  useLayoutEffect(() => {
    const tell = () => {
      told.current = store.get();
      listen(told.current);
    };
    const off = store.subscribe(tell);
    if (store.get() !== told.current) tell();
    return off;
  }, [store, listen]);
  useLayoutEffect(() => {
    if (!storeRef) return;
    storeRef.current = store;
    return () => {
      if (storeRef.current === store) storeRef.current = null;
    };
  }, [storeRef, store]);
}
