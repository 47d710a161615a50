import type { WidgetProps } from '@rjsf/utils';
import { Input } from 'antd';
import { useMemo, useRef } from 'react';
import { fieldOf } from '../_shared/fieldProps';
import { useFormValues } from '../_shared/FormValuesContext';
import { memoWidget } from '../_shared/memoWidget';

const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';
const LINE = 20;

/**
 * rjsf widget of sqlEditor: antd TextArea in a monospace font beside a gutter of line numbers that scrolls with it
 * (no editor dependency). `rows` visible lines (default 8); empty text → undefined so `required` catches it; tab
 * inserts two spaces. The hint is `hintBy.values[<record's hintBy.field>]` when set (e.g. per data-interface type), else `hint`. The field's error (e.g. the server's SQL-guard message) is shown under it by the form template.
 */
function SqlEditor({ id, value, disabled, readonly, placeholder, onChange, onBlur, options }: WidgetProps) {
  const field = fieldOf(options);
  const rows = typeof field.rows === 'number' ? field.rows : 8;
  const text = typeof value === 'string' ? value : '';
  const gutter = useRef<HTMLPreElement>(null);
  const numbers = useMemo(() => Array.from({ length: Math.max(text.split('\n').length, rows) }, (_, i) => i + 1).join('\n'), [text, rows]);
  const record = useFormValues();
  const by = field.hintBy as { field?: string; values?: Record<string, string> } | undefined;
  const chosen = by?.field && by.values ? by.values[String(record[by.field] ?? '')] : undefined;
  const hint = chosen || (typeof field.hint === 'string' && field.hint ? field.hint : null);
  const box = { fontFamily: MONO, fontSize: 13, lineHeight: `${LINE}px` };
  return (
    <div className="kd-sql-editor" data-testid="sql-editor">
      <div style={{ display: 'flex', alignItems: 'stretch' }}>
        <pre
          ref={gutter}
          aria-hidden
          className="kd-sql-gutter"
          style={{ ...box, margin: 0, padding: '4px 6px', minWidth: 36, textAlign: 'right', color: '#595959', background: 'rgba(0,0,0,0.03)', overflow: 'hidden', height: rows * LINE + 10, userSelect: 'none' }}
        >
          {numbers}
        </pre>
        <Input.TextArea
          id={id}
          value={text}
          disabled={disabled}
          readOnly={readonly}
          spellCheck={false}
          rows={rows}
          wrap="off"
          maxLength={typeof field.maxlength === 'number' ? field.maxlength : undefined}
          placeholder={placeholder || (field.placeholder as string | undefined)}
          style={{ ...box, resize: 'vertical', height: rows * LINE + 10, whiteSpace: 'pre', overflowX: 'auto' }}
          onScroll={(e) => {
            if (gutter.current) gutter.current.scrollTop = e.currentTarget.scrollTop;
          }}
          onKeyDown={(e) => {
            if (e.key !== 'Tab' || readonly || disabled) return;
            e.preventDefault();
            const el = e.currentTarget;
            const next = `${el.value.slice(0, el.selectionStart)}  ${el.value.slice(el.selectionEnd)}`;
            const at = el.selectionStart + 2;
            onChange(next);
            requestAnimationFrame(() => el.setSelectionRange(at, at));
          }}
          onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
          onBlur={(e) => onBlur(id, e.target.value)}
        />
      </div>
      {hint ? <div className="kd-sql-hint" style={{ color: 'rgba(0,0,0,0.62)', fontSize: 12, marginTop: 2 }}>{hint}</div> : null}
    </div>
  );
}
export default memoWidget(SqlEditor);
