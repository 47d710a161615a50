import { useCallback, useRef, useState } from 'react';
import { History } from '../store/history';
import type { ListConfig } from './listConfig';

/** The list config with undo/redo (issue 13 item 1: every change undoable), through the same patch History as the form. */
export interface ListHistory {
  value: ListConfig | null;
  /** Replaces the config as one undoable step (the list designer's edits come as whole new configs). */
  set: (next: ListConfig) => void;
  /** Starts from `next` without history (a model loaded or saved, or the config first derived from the form). */
  reset: (next: ListConfig | null) => void;
  undo: () => void;
  redo: () => void;
  canUndo: boolean;
  canRedo: boolean;
}

/** Holds the list config of the designer in a {@link History}; re-renders on every change. */
export function useListHistory(initial: ListConfig | null): ListHistory {
  const history = useRef(new History<{ cd: ListConfig | null }>({ cd: initial }));
  const [, bump] = useState(0);
  const refresh = useCallback(() => bump((n) => n + 1), []);
  const set = useCallback(
    (next: ListConfig) => {
      if (history.current.change((d) => void Object.assign(d, { cd: next }))) refresh();
    },
    [refresh],
  );
  const reset = useCallback(
    (next: ListConfig | null) => {
      history.current.reset({ cd: next });
      refresh();
    },
    [refresh],
  );
  const undo = useCallback(() => void (history.current.undo() && refresh()), [refresh]);
  const redo = useCallback(() => void (history.current.redo() && refresh()), [refresh]);
  const h = history.current;
  return { value: h.value.cd, set, reset, undo, redo, canUndo: h.canUndo, canRedo: h.canRedo };
}
