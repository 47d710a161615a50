import { describe, expect, it } from 'vitest';
import type { ReqLine } from '../../api/purchasing';
import { parseClipboard, pasteBlock } from './pasteBlock';

const blank = (): ReqLine => ({ materialCode: '', quantity: null });

describe('pasting a block from Excel into requisition lines', () => {
  it('parses tabs and CRLF rows, ignoring the trailing newline', () => {
    expect(parseClipboard('A\t1\r\nB\t2\r\n')).toEqual([
      ['A', '1'],
      ['B', '2'],
    ]);
  });

  it('fills from the focused cell rightwards and downwards, appending rows, numbers parsed', () => {
    const lines: ReqLine[] = [{ materialCode: 'FA0001', quantity: 5 }];
    const out = pasteBlock(lines, 0, 'unit', 'M\t1,200.5\nPCS\tabc\nTIAO\t7', blank);
    expect(out).toEqual([
      { materialCode: 'FA0001', quantity: 1200.5, unit: 'M' },
      { materialCode: '', quantity: null, unit: 'PCS' },
      { materialCode: '', quantity: 7, unit: 'TIAO' },
    ]);
    expect(lines[0]).toEqual({ materialCode: 'FA0001', quantity: 5 });
  });

  it('drops cells past the last column and pastes 5,000 rows', () => {
    const text = Array.from({ length: 5000 }, (_, i) => `R${i}\tx`).join('\n');
    const out = pasteBlock([], 0, 'remark', text, blank);
    expect(out).toHaveLength(5000);
    expect(out[4999]).toEqual({ materialCode: '', quantity: null, remark: 'R4999' });
  });
});
