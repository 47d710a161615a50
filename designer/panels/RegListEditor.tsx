import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RegRule } from '../../schemas/field';
import { catalogueRuleOf, ruleMessage } from '../../src/engine/ruleMessages';
import { RULES, type RuleName } from '../../src/engine/rules';
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
 * A picked rule stores its pattern and no message (issue 25 item 5): the form shows the catalogue's message in the
 * user's language (src/engine/ruleMessages.ts), which the message box offers as its placeholder; a typed one wins.
 */
export default function RegListEditor({ value, onChange }: { value: RegRule[]; onChange: (next: RegRule[]) => void }) {
  const { t, i18n } = useTranslation(DESIGNER_NS);
  const preset = (pattern: string) => {
    const name = catalogueRuleOf(pattern);
    return name ? ruleMessage(name, i18n.language) : t('fd.message');
  };
  const set = (i: number, patch: Partial<RegRule>) => onChange(value.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <div className="kd-designer-reglist">
      {value.map((r, i) => (
        <div key={i} className="kd-designer-rule">
          <Input size="small" aria-label={`${t('fd.pattern')} ${i + 1}`} placeholder={t('fd.pattern')} value={r.pattern} status={patternProblem(r.pattern) ? 'error' : undefined} onChange={(e) => set(i, { pattern: e.target.value })} />
          {patternProblem(r.pattern) ? <div className="kd-designer-problem">{t('fd.badPattern')}</div> : null}
          <Space.Compact style={{ width: '100%' }}>
            <Input size="small" aria-label={`${t('fd.message')} ${i + 1}`} placeholder={preset(r.pattern)} value={r.message} onChange={(e) => set(i, { message: e.target.value })} />
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
          options={(Object.keys(RULES) as RuleName[]).map((name) => ({ value: name, label: ruleMessage(name, i18n.language) }))}
          onChange={(name: RuleName) => onChange([...value, { pattern: RULES[name].pattern, message: '' }])}
        />
      </Space.Compact>
    </div>
  );
}
