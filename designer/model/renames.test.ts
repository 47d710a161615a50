import { describe, expect, it } from 'vitest';
import { renderers } from '../../renderers';
import { DesignerStore, emptyForm } from '../store/DesignerStore';
import { columnChanges } from './renames';

describe('columns a save leaves behind (issue 13 item 1: renaming asks whether to keep the data)', () => {
  it('finds renamed and removed stored fields, sub-table columns included; new and layout fields do not count', () => {
    const s = new DesignerStore(emptyForm(), renderers);
    const a = s.add('comInput')!;
    const b = s.add('numInput')!;
    const table = s.add('table')!;
    const col = s.add('comInput', { ref: { owner: table } })!;
    s.add('row');
    const saved = s.form;
    s.update(a, (f) => {
      f.__vModel__ = 'supplierName';
    });
    s.remove(b);
    s.update(col, (f) => {
      f.__vModel__ = 'material';
    });
    s.add('date');
    expect(columnChanges(saved, s.form)).toEqual({
      renamed: [
        { from: `comInputField${a}`, to: 'supplierName' },
        { from: `tableField${table}.comInputField${col}`, to: `tableField${table}.material` },
      ],
      removed: [`numInputField${b}`],
    });
    expect(columnChanges(s.form, s.form)).toEqual({ renamed: [], removed: [] });
  });
});
