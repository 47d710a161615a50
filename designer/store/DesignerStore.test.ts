import { describe, expect, it } from 'vitest';
import { renderers } from '../../renderers';
import type { FieldConfig } from '../../schemas/field';
import { DesignerStore, emptyForm } from './DesignerStore';
import { HISTORY_LIMIT } from './history';
import { locate } from './tree';
import { generateVModel, vModelProblem } from './vmodel';

const setLabel = (label: string) => (f: FieldConfig) => {
  f.__config__.label = label;
};
const store = () => new DesignerStore(emptyForm(), renderers);
const names = (fields: FieldConfig[]) => fields.map((f) => f.__vModel__ ?? f.__config__.kdKey);
const children = (s: DesignerStore, id: number) => locate(s.form, id)!.field.__config__.children as FieldConfig[];
const tabPane = (s: DesignerStore, id: number, item: number) => (children(s, id)[item] as unknown as { __config__: { children: FieldConfig[] } }).__config__.children;

describe('DesignerStore (issue 13 item 1)', () => {
  it('adds fields from their scaffolds with generated, unique names; click appends, drop inserts at an index', () => {
    const s = store();
    const a = s.add('comInput')!;
    const b = s.add('select')!;
    const c = s.add('numInput', { ref: { owner: null }, index: 0 })!;
    expect(names(s.form.fields)).toEqual([`numInputField${c}`, `comInputField${a}`, `selectField${b}`]);
    expect(new Set([a, b, c]).size).toBe(3);
    expect(s.getSnapshot().selected).toBe(c);
    expect(s.form.fields[2].__slot__?.options).toHaveLength(2);
    // Containers and display widgets get a formId but no name.
    const row = s.add('row')!;
    expect(locate(s.form, row)!.field.__vModel__).toBeUndefined();
    expect(s.add('no-such-widget')).toBeNull();
  });

  it('moves fields into and out of containers (row, card, tab panes, collapse items, sub-table columns)', () => {
    const s = store();
    const input = s.add('comInput')!;
    const row = s.add('row')!;
    const tab = s.add('tab')!;
    const table = s.add('table')!;
    expect(s.move(input, { ref: { owner: row } })).toBe(true);
    expect(names(children(s, row))).toEqual([`comInputField${input}`]);
    expect(s.move(input, { ref: { owner: tab, item: 1 } })).toBe(true);
    expect(children(s, row)).toHaveLength(0);
    expect(names(tabPane(s, tab, 1))).toEqual([`comInputField${input}`]);
    // Into the sub-table as a column, then back out to the root at index 0.
    expect(s.move(input, { ref: { owner: table } })).toBe(true);
    expect(names(children(s, table))).toEqual([`comInputField${input}`]);
    expect(s.move(input, { ref: { owner: null }, index: 0 })).toBe(true);
    expect(s.form.fields[0].__vModel__).toBe(`comInputField${input}`);
    // Refused: a container into a sub-table, a container into itself or its own descendant.
    expect(s.move(row, { ref: { owner: table } })).toBe(false);
    expect(s.add('table', { ref: { owner: table } })).toBeNull();
    const card = s.add('card', { ref: { owner: row } })!;
    expect(s.move(row, { ref: { owner: card } })).toBe(false);
    expect(s.move(row, { ref: { owner: row } })).toBe(false);
    // Reordering within one list.
    const order = () => s.form.fields.map((f) => f.__config__.formId);
    expect(order()).toEqual([input, row, tab, table]);
    s.move(input, { ref: { owner: null }, index: 3 });
    expect(order()).toEqual([row, tab, input, table]);
    const collapse = s.add('collapse')!;
    s.add('date', { ref: { owner: collapse, item: 0 } });
    expect(tabPane(s, collapse, 0)[0].__config__.kdKey).toBe('date');
  });

  it('copies a field and a container with new formIds and names; deletes with the selection moving on', () => {
    const s = store();
    const row = s.add('row')!;
    const input = s.add('comInput', { ref: { owner: row } })!;
    const copy = s.copy(row)!;
    expect(s.form.fields).toHaveLength(2);
    const inner = children(s, copy)[0];
    expect(inner.__config__.formId).not.toBe(input);
    expect(inner.__vModel__).toBe(`comInputField${inner.__config__.formId}`);
    expect(s.getSnapshot().selected).toBe(copy);
    // Clipboard: copy the input, select the root row, paste after it.
    s.copyToClipboard(input);
    s.select(row);
    const pasted = s.paste()!;
    expect(s.form.fields.map((f) => f.__config__.formId)).toEqual([row, pasted, copy]);
    expect(s.remove(pasted)).toBe(true);
    expect(s.getSnapshot().selected).toBe(copy);
    expect(s.remove(row)).toBe(true);
    expect(locate(s.form, input)).toBeNull();
    expect(s.form.fields.map((f) => f.__config__.formId)).toEqual([copy]);
  });

  it('undoes and redoes 100 steps, through selection changes, and joins consecutive edits of one property', () => {
    const s = store();
    const id = s.add('comInput')!;
    const states = [s.form];
    for (let i = 0; i < 100; i++) {
      if (i % 3 === 0) s.add('numInput');
      else if (i % 3 === 1) s.update(id, setLabel(`label ${i}`));
      else s.move(id, { ref: { owner: null } });
      s.select(i % 2 ? id : null);
      states.push(s.form);
    }
    expect(HISTORY_LIMIT).toBeGreaterThanOrEqual(100);
    for (let i = 100; i > 0; i--) {
      expect(s.undo()).toBe(true);
      expect(s.form).toEqual(states[i - 1]);
    }
    for (let i = 1; i <= 100; i++) {
      expect(s.redo()).toBe(true);
      expect(s.form).toEqual(states[i]);
    }
    expect(s.redo()).toBe(false);
    // Typing a label is one step.
    for (const ch of ['a', 'ab', 'abc']) s.update(id, setLabel(ch), 'label');
    s.undo();
    expect(locate(s.form, id)!.field.__config__.label).toBe('label 97');
    s.redo();
    expect(locate(s.form, id)!.field.__config__.label).toBe('abc');
    expect(s.getSnapshot().canUndo).toBe(true);
  });

  it('tracks unsaved changes against the loaded form; clear is one undoable step', () => {
    const s = store();
    expect(s.getSnapshot().dirty).toBe(false);
    s.add('comInput');
    s.add('textarea');
    expect(s.getSnapshot().dirty).toBe(true);
    s.markSaved();
    expect(s.getSnapshot().dirty).toBe(false);
    s.clear();
    expect(s.form.fields).toHaveLength(0);
    s.undo();
    expect(s.form.fields).toHaveLength(2);
    expect(s.getSnapshot().dirty).toBe(false);
  });

  it('arrow keys order: the selection walks the fields in canvas order, into containers', () => {
    const s = store();
    const a = s.add('comInput')!;
    const row = s.add('row')!;
    const b = s.add('date', { ref: { owner: row } })!;
    s.select(null);
    s.selectNext(1);
    expect(s.getSnapshot().selected).toBe(a);
    s.selectNext(1);
    s.selectNext(1);
    expect(s.getSnapshot().selected).toBe(b);
    s.selectNext(1);
    expect(s.getSnapshot().selected).toBe(b);
    s.selectNext(-1);
    expect(s.getSnapshot().selected).toBe(row);
  });

  it('loads a model without formIds by numbering its fields', () => {
    const s = new DesignerStore({ fields: [{ __config__: { kdKey: 'comInput' }, __vModel__: 'name' }, { __config__: { kdKey: 'row', children: [{ __config__: { kdKey: 'date' }, __vModel__: 'd' }] } }] }, renderers);
    const ids = [s.form.fields[0].__config__.formId, s.form.fields[1].__config__.formId, (s.form.fields[1].__config__.children as FieldConfig[])[0].__config__.formId];
    expect(new Set(ids).size).toBe(3);
    expect(s.add('comInput')).toBe(4);
  });
});

describe('field names (vModel)', () => {
  it('are valid identifiers, unique, not SQL keywords and not system columns', () => {
    expect(vModelProblem('comInputField1', new Set())).toBeNull();
    expect(vModelProblem('', new Set())).toBe('empty');
    expect(vModelProblem('1abc', new Set())).toBe('invalid');
    expect(vModelProblem('a-b', new Set())).toBe('invalid');
    expect(vModelProblem('select', new Set())).toBe('keyword');
    expect(vModelProblem('ORDER', new Set())).toBe('keyword');
    expect(vModelProblem('created_at', new Set())).toBe('reserved');
    expect(vModelProblem('x', new Set(['x']))).toBe('duplicate');
    expect(generateVModel('comInput', 3, new Set(['comInputField3']))).toBe('comInputField3_2');
  });
});

describe('DesignerStore field rules (issue 13 item 1)', () => {
  it('a rule edit is one undo step; undo/redo restore it across selection changes; a copy keeps the rules', () => {
    const s = store();
    const kind = s.add('select')!;
    const note = s.add('comInput')!;
    s.update(note, (f) => {
      f.__config__.showWhen = { field: 'selectField1', in: ['1'] };
    }, 'showWhen');
    s.update(note, (f) => {
      f.__config__.requiredWhen = { any: [{ field: 'selectField1', op: 'eq', value: '2' }, { field: 'selectField1', op: 'empty' }] };
    }, 'requiredWhen');
    s.select(kind);
    expect(s.undo()).toBe(true);
    expect(locate(s.form, note)!.field.__config__.requiredWhen).toBeUndefined();
    expect(locate(s.form, note)!.field.__config__.showWhen).toEqual({ field: 'selectField1', in: ['1'] });
    expect(s.redo()).toBe(true);
    expect(locate(s.form, note)!.field.__config__.requiredWhen).toEqual({ any: [{ field: 'selectField1', op: 'eq', value: '2' }, { field: 'selectField1', op: 'empty' }] });
    const copy = s.copy(note)!;
    expect(locate(s.form, copy)!.field.__config__.showWhen).toEqual({ field: 'selectField1', in: ['1'] });
  });
});

