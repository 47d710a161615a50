import { BoldOutlined, ItalicOutlined, OrderedListOutlined, UnderlineOutlined, UnorderedListOutlined } from '@ant-design/icons';
import type { WidgetProps } from '@rjsf/utils';
import { Button, Space } from 'antd';
import { type ReactNode, useEffect, useRef } from 'react';
import { fieldOf } from '../_shared/fieldProps';
import { memoWidget } from '../_shared/memoWidget';
import { type WidgetWord, useWidgetWord } from '../_shared/words';
import { sanitizeHtml } from './sanitize';

const TOOLS: Array<{ cmd: string; icon: ReactNode; title: WidgetWord }> = [
  { cmd: 'bold', icon: <BoldOutlined />, title: 'bold' },
  { cmd: 'italic', icon: <ItalicOutlined />, title: 'italic' },
  { cmd: 'underline', icon: <UnderlineOutlined />, title: 'underline' },
  { cmd: 'insertOrderedList', icon: <OrderedListOutlined />, title: 'orderedList' },
  { cmd: 'insertUnorderedList', icon: <UnorderedListOutlined />, title: 'bulletList' },
];

/**
 * rjsf widget for editor: a contentEditable box with a small toolbar. Every edit is sanitised (DOMPurify) before it is
 * emitted; read-only and design modes render the sanitised HTML without editing. Empty -> undefined.
 */
function EditorWidget({ id, value, disabled, readonly, onChange, options }: WidgetProps) {
  const w = useWidgetWord();
  const field = fieldOf(options);
  const box = useRef<HTMLDivElement>(null);
  const clean = sanitizeHtml(value);
  const editable = !disabled && !readonly;
  useEffect(() => {
    if (box.current && box.current.innerHTML !== clean) box.current.innerHTML = clean;
  }, [clean]);
  const emit = () => {
    const html = sanitizeHtml(box.current?.innerHTML ?? '');
    const empty = !box.current?.textContent?.trim() && !/<img/i.test(html);
    onChange(empty ? undefined : html);
  };
  const style = { minHeight: 120, padding: '4px 11px', border: '1px solid #d9d9d9', borderRadius: 6, background: editable ? '#fff' : '#f5f5f5', overflow: 'auto' } as const;
  return (
    <div className="kd-editor">
      {editable ? (
        <Space size={2} style={{ marginBottom: 4 }}>
          {TOOLS.map((t) => (
            <Button
              key={t.cmd}
              size="small"
              type="text"
              icon={t.icon}
              title={w(t.title)}
              aria-label={w(t.title)}
              onMouseDown={(e) => {
                e.preventDefault();
                (document as Document & { execCommand?: (c: string) => boolean }).execCommand?.(t.cmd);
                emit();
              }}
            />
          ))}
        </Space>
      ) : null}
      {/* biome-ignore lint/a11y/useSemanticElements: a rich-text box cannot be a <textarea>; contentEditable makes it focusable */}
      <div
        id={id}
        ref={box}
        tabIndex={editable ? 0 : -1}
        role="textbox"
        aria-multiline="true"
        aria-readonly={!editable}
        aria-placeholder={String(field.placeholder ?? w('input'))}
        contentEditable={editable}
        suppressContentEditableWarning
        style={style}
        onInput={emit}
        onBlur={emit}
      />
    </div>
  );
}
export default memoWidget(EditorWidget);
