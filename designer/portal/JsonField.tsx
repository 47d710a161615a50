import { Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PORTAL_NS } from './gridProps';

/** A JSON text area that applies its value when it parses (on blur), showing JSON 格式不正确 otherwise. */
export default function JsonField({ id, value, onChange, testId }: { id: string; value: unknown; onChange: (v: unknown) => void; testId?: string }) {
  const { t } = useTranslation(PORTAL_NS);
  const [text, setText] = useState(() => JSON.stringify(value ?? null, null, 2));
  const [bad, setBad] = useState(false);
  useEffect(() => setText(JSON.stringify(value ?? null, null, 2)), [value]);
  return (
    <>
      <Input.TextArea
        id={id}
        data-testid={testId}
        value={text}
        status={bad ? 'error' : undefined}
        autoSize={{ minRows: 3, maxRows: 12 }}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => {
          try {
            onChange(JSON.parse(text));
            setBad(false);
          } catch {
            setBad(true);
          }
        }}
      />
      {bad ? (
        <div role="alert" style={{ color: '#ff4d4f' }}>
          {t('designer.badJson')}
        </div>
      ) : null}
    </>
  );
}
