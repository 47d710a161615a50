import { describe, expect, it } from 'vitest';
import { summaryOf } from './listRows';

/** The list's summary row 合计 (spec 001 §2, §5) as the grid shows it, from the server's sums or the page's rows. */
describe('summaryOf', () => {
  const columns = ['title', 'big', 'qty'];
  const rows = [{ title: 'a', big: '9007199254740993', qty: 7 }, { title: 'b', big: 1, qty: 5 }];

  it('a server sum sent as decimal text (an exact column beyond 2^53) is shown digit for digit', () => {
    expect(summaryOf(columns, rows, ['big', 'qty'], { big: '9007199254740995', qty: 12 }, '合计')).toEqual({ title: '合计', big: '9007199254740995.00', qty: '12.00' });
    expect(summaryOf(columns, rows, ['big'], { big: '-123456789012345678901234.005' }, 'Total')).toMatchObject({ title: 'Total', big: '-123456789012345678901234.01' });
  });

  it('without server sums the page is summed, a text value exactly', () => {
    expect(summaryOf(columns, rows, ['big', 'qty'], undefined, '合计')).toEqual({ title: '合计', big: '9007199254740994.00', qty: '12.00' });
  });
});
