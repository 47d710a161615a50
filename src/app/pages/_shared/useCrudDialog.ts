import { useState } from 'react';

/** What {@link useCrudDialog} gives a page: the dialog's target, a way to open it, and the props of its form dialog. */
export interface CrudDialogState<T> {
  /** What the open dialog is about (e.g. `{ id }` to edit, `{}` to add); null while closed. */
  target: T | null;
  show: (target: T) => void;
  /** Spread onto the page's form dialog: open while there is a target; a save closes it and reloads the list. */
  props: { open: boolean; onClose: () => void; onSaved: () => void };
}

/** The add/edit dialog state of an admin list page (spec 001 §4): after a save the dialog closes and `reload()` runs. */
export function useCrudDialog<T>(reload: () => Promise<unknown>): CrudDialogState<T> {
  const [target, setTarget] = useState<T | null>(null);
  const onClose = () => setTarget(null);
  const onSaved = () => {
    setTarget(null);
    void reload();
  };
  return { target, show: setTarget, props: { open: target !== null, onClose, onSaved } };
}
