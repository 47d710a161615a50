import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RegRule } from '../../schemas/field';
import { RULES } from '../../src/engine/rules';
import { DESIGNER_NS } from '../i18n';

/** A rule's problem: its pattern does not compile (as the server compiles it: `u` flag, `/…/` spelling accepted). */
export function patternProblem(pattern: string): boolean {
  const bare = /^\/(.*)\/[a-z]*$/s.exec(pattern)?.[1] ?? pattern;
  try {
    new RegExp(bare, 'u');
    return false;
  } catch {
    return true;
  }
}

/**
 * The field's `__config__.regList` (spec 001 §5): each rule's pattern and message, removable; a rule is added empty or
 * picked from the shared catalogue (src/engine/rules.ts RULES). A pattern that does not compile is marked at once.
 */
export default function RegListEditor({ value, onChange }: { value: RegRule[]; onChange: (next: RegRule[]) => void }) {
  const { t } = useTranslation(DESIGNER_NS);
  const set = (i: number, patch: Partial<RegRule>) => onChange(value.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <div className="kd-designer-reglist">
      {value.map((r, i) => (
        <div key={i} className="kd-designer-rule">
          <Input size="small" aria-label={`${t('fd.pattern')} ${i + 1}`} placeholder={t('fd.pattern')} value={r.pattern} status={patternProblem(r.pattern) ? 'error' : undefined} onChange={(e) => set(i, { pattern: e.target.value })} />
          {patternProblem(r.pattern) ? <div className="kd-designer-problem">{t('fd.badPattern')}</div> : null}
          <Space.Compact style={{ width: '100%' }}>
            <Input size="small" aria-label={`${t('fd.message')} ${i + 1}`} placeholder={t('fd.message')} value={r.message} onChange={(e) => set(i, { message: e.target.value })} />
            <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('fd.remove')} onClick={() => onChange(value.filter((_, j) => j !== i))} />
          </Space.Compact>
        </div>
      ))}
      <Space.Compact style={{ width: '100%' }}>
        <Button size="small" icon={<PlusOutlined />} onClick={() => onChange([...value, { pattern: '', message: '' }])}>
          {t('fd.addRule')}
        </Button>
        <Select
          size="small"
          style={{ flex: 1 }}
          placeholder={t('fd.pickRule')}
          aria-label={t('fd.pickRule')}
          value={null}
          options={Object.entries(RULES).map(([name, r]) => ({ value: name, label: r.message }))}
          onChange={(name: keyof typeof RULES) => onChange([...value, { pattern: RULES[name].pattern, message: RULES[name].message }])}
        />
      </Space.Compact>
    </div>
  );
}
