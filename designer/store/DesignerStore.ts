import type { FieldConfig } from '../../schemas/field';
import type { FormConfig } from '../../schemas/form';
import type { RendererMap } from '../../src/engine/renderer';
import { History } from './history';
import { childLists, flatten, hasChildren, idOf, isInside, type ListRef, listOf, locate, maxFormId, tableOf, vModelsOf, walk } from './tree';
import { generateVModel } from './vmodel';

/** What the designer shows: the form, the selected field (formId) and the history's state. */
export interface DesignerSnapshot {
  form: FormConfig;
  selected: number | null;
  canUndo: boolean;
  canRedo: boolean;
  /** The form differs from the last loaded or saved one. */
  dirty: boolean;
}

/** Where a new or moved field goes: a list and an index in it (default: the end). */
export interface Target {
  ref: ListRef;
  index?: number;
}

/** The form config a new model starts with (design.md §4 form config; JNPF's defaults). */
export function emptyForm(): FormConfig {
  return { formRef: 'elForm', formModel: 'dataForm', size: 'small', labelPosition: 'right', labelWidth: 100, gutter: 15, span: 24, disabled: false, popupType: 'general', fields: [] };
}

/**
 * The designer's state (issue 13 item 1): the form config tree with undo/redo (History, immer patches), the selection
 * and a clipboard. Every edit goes through one recorded change; the selection is not part of the history, so
 * selecting never cuts it. Fields are known by `__config__.formId`; new ones get `{kdKey}Field{formId}` names.
 * Subscribe with `subscribe`/`getSnapshot` (React's useSyncExternalStore). Reads renderer definitions only
 * (scaffold, container, toSchema) from the registry it is given.
 */
export class DesignerStore {
  private history: History<FormConfig>;
  private selected: number | null = null;
  private saved: FormConfig;
  private savedJson = '';
  private clipboard: FieldConfig | null = null;
  private listeners = new Set<() => void>();
  private snapshot!: DesignerSnapshot;

  constructor(
    form: FormConfig,
    readonly registry: RendererMap,
  ) {
    const start = withFormIds(form);
    this.history = new History(start);
    this.saved = start;
    this.savedJson = JSON.stringify(start);
    this.refresh();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): DesignerSnapshot => this.snapshot;

  get form(): FormConfig {
    return this.history.value;
  }

  private refresh(): void {
    const form = this.history.value;
    if (this.selected !== null && !locate(form, this.selected)) this.selected = null;
    this.snapshot = { form, selected: this.selected, canUndo: this.history.canUndo, canRedo: this.history.canRedo, dirty: form !== this.saved && JSON.stringify(form) !== this.savedJson };
    for (const l of this.listeners) l();
  }

  private change(recipe: (draft: FormConfig) => void, mergeKey?: string): boolean {
    const changed = this.history.change(recipe, mergeKey);
    if (changed) this.refresh();
    return changed;
  }

  /** Whether a field of `kdKey` may go into the list `ref` (a sub-table takes value widgets only, no containers or sub-tables). */
  accepts(ref: ListRef, kdKey: string): boolean {
    if (!tableOf(this.form, ref)) return true;
    const def = this.registry[kdKey];
    return !!def && kdKey !== 'table' && !def.container && !hasChildren(def.scaffold) && def.toSchema(def.scaffold) !== null;
  }

  /** Adds a new field of `kdKey` from its scaffold (click: the end of the root; drop: `target`). Returns its formId, or null if refused. */
  add(kdKey: string, target: Target = { ref: { owner: null } }): number | null {
    const def = this.registry[kdKey];
    if (!def || !this.accepts(target.ref, kdKey) || !listOf(this.form, target.ref)) return null;
    const field = fresh(structuredClone(def.scaffold), this.form);
    const id = idOf(field)!;
    this.history.seal();
    this.selected = id;
    this.change((d) => insert(listOf(d, target.ref)!, field, target.index));
    return id;
  }

  /**
   * Inserts ready-made fields (generated from a bound table's columns, issue 13 item 3) at the end of the list `ref`,
   * keeping their names; each (and what it holds) gets a new formId. One undo step. Returns how many were added.
   */
  importFields(fields: FieldConfig[], ref: ListRef = { owner: null }): number {
    if (!fields.length || !listOf(this.form, ref)) return 0;
    let next = maxFormId(this.form.fields) + 1;
    const copies = structuredClone(fields);
    walk(copies, ({ field: f }) => {
      f.__config__.formId = next++;
      return false;
    });
    this.history.seal();
    this.change((d) => void listOf(d, ref)!.push(...copies));
    return copies.length;
  }

  /** Moves a field to `target` (another list, or another place in its own). Refused into itself or a descendant, or where it is not accepted. */
  move(formId: number, target: Target): boolean {
    const from = locate(this.form, formId);
    if (!from || (target.ref.owner !== null && isInside(this.form, target.ref.owner, formId))) return false;
    if (!this.accepts(target.ref, from.field.__config__.kdKey) || !listOf(this.form, target.ref)) return false;
    this.history.seal();
    return this.change((d) => {
      // The field's place comes from the current form (`from`), so only the lists it leaves and enters are drafted.
      const src = listOf(d, from.ref)!;
      const dest = listOf(d, target.ref)!;
      // The index names a place in the list as it is now; taking the field out first shifts the later places by one.
      let index = target.index ?? dest.length;
      if (dest === src && index > from.index) index -= 1;
      const [moved] = src.splice(from.index, 1);
      insert(dest, moved, index);
    });
  }

  /** Copies a field (with its children) right after it, under new formIds and names; selects the copy. */
  copy(formId: number): number | null {
    const from = locate(this.form, formId);
    if (!from) return null;
    return this.insertCopy(from.field, { ref: from.ref, index: from.index + 1 });
  }

  private insertCopy(source: FieldConfig, target: Target): number | null {
    if (!this.accepts(target.ref, source.__config__.kdKey)) return null;
    const field = fresh(structuredClone(source), this.form);
    const id = idOf(field)!;
    this.history.seal();
    this.selected = id;
    this.change((d) => insert(listOf(d, target.ref)!, field, target.index));
    return id;
  }

  /** Removes a field (and what it holds); the selection moves to its neighbour. */
  remove(formId: number): boolean {
    const at = locate(this.form, formId);
    if (!at) return false;
    const order = flatten(this.form.fields).map((f) => idOf(f));
    const pos = order.indexOf(formId);
    this.history.seal();
    if (this.selected === formId) this.selected = null;
    const removed = this.change((d) => {
      const loc = locate(d, formId)!;
      loc.list.splice(loc.index, 1);
    });
    if (removed && this.selected === null) {
      const rest = flatten(this.form.fields).map((f) => idOf(f) ?? null);
      this.selected = rest[Math.min(pos, rest.length - 1)] ?? null;
      this.refresh();
    }
    return removed;
  }

  /** Selects a field (null: the form itself). Not recorded in the history. */
  select(formId: number | null): void {
    if (formId === this.selected) return;
    this.selected = formId !== null && locate(this.form, formId) ? formId : null;
    this.history.seal();
    this.refresh();
  }

  /** Moves the selection to the next (`1`) or previous (`-1`) field in canvas order. */
  selectNext(dir: 1 | -1): void {
    const order = flatten(this.form.fields).map((f) => idOf(f)!);
    if (!order.length) return;
    const pos = this.selected === null ? -1 : order.indexOf(this.selected);
    const next = pos < 0 ? (dir > 0 ? 0 : order.length - 1) : Math.min(order.length - 1, Math.max(0, pos + dir));
    this.select(order[next]);
  }

  /** Edits a field; `mergeKey` (e.g. `label`) joins consecutive edits of that property into one undo step. */
  update(formId: number, recipe: (field: FieldConfig) => void, mergeKey?: string): boolean {
    if (!locate(this.form, formId)) return false;
    return this.change((d) => recipe(locate(d, formId)!.field), mergeKey ? `${formId}:${mergeKey}` : undefined);
  }

  /** Edits the form's own props (labelPosition, labelWidth, gutter, size, popupType…). */
  updateForm(recipe: (form: FormConfig) => void, mergeKey?: string): boolean {
    return this.change(recipe, mergeKey ? `form:${mergeKey}` : undefined);
  }

  /** Removes every field (one undoable step). */
  clear(): boolean {
    this.history.seal();
    this.selected = null;
    return this.change((d) => {
      d.fields = [];
    });
  }

  /** Keeps a copy of a field for `paste` (Ctrl/Cmd+C). */
  copyToClipboard(formId: number): boolean {
    const at = locate(this.form, formId);
    this.clipboard = at ? structuredClone(at.field) : null;
    return !!at;
  }

  /** Inserts the clipboard's field after the selected one (or at the end of the form). Returns the new formId. */
  paste(): number | null {
    if (!this.clipboard) return null;
    const at = this.selected === null ? null : locate(this.form, this.selected);
    const target: Target = at && this.accepts(at.ref, this.clipboard.__config__.kdKey) ? { ref: at.ref, index: at.index + 1 } : { ref: { owner: null } };
    return this.insertCopy(this.clipboard, target);
  }

  undo(): boolean {
    const done = this.history.undo();
    if (done) this.refresh();
    return done;
  }

  redo(): boolean {
    const done = this.history.redo();
    if (done) this.refresh();
    return done;
  }

  /** Replaces the form (a model loaded, a draft restored): history forgotten; `asSaved` marks it as the saved state. */
  load(form: FormConfig, asSaved = true): void {
    const start = withFormIds(form);
    this.history.reset(start);
    if (asSaved) {
      this.saved = start;
      this.savedJson = JSON.stringify(start);
    }
    this.selected = null;
    this.refresh();
  }

  /** Marks the current form as saved (no unsaved changes). */
  markSaved(form: FormConfig = this.form): void {
    this.saved = form;
    this.savedJson = JSON.stringify(form);
    this.refresh();
  }
}

function insert(list: FieldConfig[], field: FieldConfig, index?: number): void {
  list.splice(index === undefined ? list.length : Math.max(0, Math.min(index, list.length)), 0, field);
}

/**
 * Gives `field` and everything inside it new formIds above those of `form`, and new names to those that store a value
 * (`{kdKey}Field{formId}`). Mutates and returns `field` (a fresh copy).
 */
function fresh(field: FieldConfig, form: FormConfig): FieldConfig {
  let next = maxFormId(form.fields) + 1;
  const taken = vModelsOf(form.fields);
  walk([field], ({ field: f }) => {
    const id = next++;
    f.__config__.formId = id;
    if (Object.hasOwn(f, '__vModel__')) {
      f.__vModel__ = generateVModel(f.__config__.kdKey, id, taken);
      taken.add(f.__vModel__);
    }
    return false;
  });
  return field;
}

/** A copy of `form` where every field has a numeric formId (models imported without them get the next free ones). */
function withFormIds(form: FormConfig): FormConfig {
  const copy = structuredClone(form);
  copy.fields ??= [];
  let next = maxFormId(copy.fields) + 1;
  const seen = new Set<number>();
  walk(copy.fields, ({ field }) => {
    field.__config__ ??= { kdKey: '' };
    const id = idOf(field);
    if (id === undefined || seen.has(id)) field.__config__.formId = next++;
    else field.__config__.formId = id;
    seen.add(field.__config__.formId as number);
    childLists(field, true);
    return false;
  });
  return copy;
}
