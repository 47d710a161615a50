import { describe, expect, it } from 'vitest';
import { commit, newCard, redo, startHistory, undo, withPositions } from './history';

/** The portal designer's history stack and card placement (issue 16 item 3). */
describe('portal designer history', () => {
  it('undoes and redoes, drops the redo stack on a new change, ignores no-op changes', () => {
    const a = newCard([], 'todo');
    const b = newCard([a], 'bar');
    expect(a).toMatchObject({ i: 'card1', x: 0, y: 0, w: 12, h: 3 });
    expect(b).toMatchObject({ i: 'card2', x: 0, y: 3, w: 6, h: 7, dataType: 'static' });
    let h = commit(commit(startHistory([]), [a]), [a, b]);
    expect(commit(h, [a, b])).toBe(h);
    h = undo(h);
    expect(h.present).toEqual([a]);
    h = redo(h);
    expect(h.present).toEqual([a, b]);
    h = commit(undo(h), [a, newCard([a], 'text', { x: 10, y: 2 })]);
    expect(h.future).toEqual([]);
    expect(h.present[1]).toMatchObject({ i: 'card2', kdKey: 'text', x: 8, y: 2, w: 4 });
    expect(undo(startHistory([]))).toEqual(startHistory([]));
  });

  it('takes positions from the grid and keeps the rest', () => {
    const a = { ...newCard([], 'iframe'), title: 'x' };
    const moved = withPositions([a], [{ i: 'card1', x: 2, y: 4, w: 5, h: 6 }, { i: '__dropping-elem__', x: 0, y: 0, w: 1, h: 1 }]);
    expect(moved).toEqual([{ ...a, x: 2, y: 4, w: 5, h: 6 }]);
    expect(withPositions([a], [{ i: 'card1', x: a.x, y: a.y, w: a.w, h: a.h }])[0]).toBe(a);
  });
});
