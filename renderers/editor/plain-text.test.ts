import { describe, expect, it } from 'vitest';
import def from './definition';
import { htmlToText } from './sanitize';

/** Issue 24 item 5: the plain text of rich text decodes character references (list cells; Excel uses the same helper). */
describe('htmlToText', () => {
  it('shows a list cell with entities decoded', () => {
    const field = def.scaffold as Parameters<typeof def.toColumn>[0];
    const cell = def.toColumn(field)!.valueFormatter as (p: unknown) => string;
    expect(cell({ value: '<p>A &amp; B &lt;3&gt; &quot;x&quot; &#20013;</p>' })).toBe('A & B <3> "x" 中');
  });

  it('keeps decoded markup as text, drops scripts and styles, turns &nbsp; and tags into single spaces', () => {
    expect(htmlToText('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>')).toBe('<script>alert(1)</script>');
    expect(htmlToText('<p>a&nbsp;<b>b</b></p><script>x()</script><style>p{}</style>&#x4e2d;&amp;amp;')).toBe('a b 中&amp;');
    expect(htmlToText(null)).toBe('');
  });
});
