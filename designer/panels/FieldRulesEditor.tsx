import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input, InputNumber, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { type FieldCondition, type FieldConfig, type FieldWhen, RULE_OPS, type RuleOp } from '../../schemas/field';
import { conditionsOf } from '../../src/engine/fieldRules';
import { RULE_KEYS, type RuleKey } from '../../src/engine/ruleCheck';
import { DESIGNER_NS } from '../i18n';

type Recipe = (f: FieldConfig) => void;
type Value = string | number | boolean | null;

const TITLE: Record<RuleKey, string> = { showWhen: 'fd.rule.show', requiredWhen: 'fd.rule.required', readonlyWhen: 'fd.rule.readonly' };
/** kdKeys whose values are numbers: their conditions take a number. */
const NUMERIC = new Set(['numInput', 'rate', 'slider', 'calculate']);
const NO_VALUE = new Set<RuleOp>(['empty', 'notEmpty']);

/** The rule shape of a condition list: none, one condition, or all / any of several (schemas/field.ts FieldWhenSchema). */
function shape(conds: FieldCondition[], match: 'all' | 'any'): FieldWhen | undefined {
  if (!conds.length) return undefined;
  return conds.length === 1 ? conds[0] : match === 'any' ? { any: conds } : { all: conds };
}

/** The value control of one condition: tags for `in`, the source field's options, a number or text; none for empty. */
function ValueInput({ cond, source, label, onChange }: { cond: FieldCondition; source?: FieldConfig; label: string; onChange: (c: FieldCondition) => void }) {
  const { t } = useTranslation(DESIGNER_NS);
  const op = cond.op ?? 'in';
  if (NO_VALUE.has(op)) return null;
  const options = (source?.__slot__?.options ?? []).map((o) => ({ value: o.id as string | number, label: o.fullName }));
  if (op === 'in')
    return (
      <Select size="small" mode="tags" style={{ width: '100%' }} aria-label={label} placeholder={t('fd.rule.values')} value={(cond.in ?? []).filter((v): v is string | number => typeof v === 'string' || typeof v === 'number')} options={options} onChange={(vals: Value[]) => onChange({ field: cond.field, in: vals })} />
    );
  const set = (v: Value) => onChange({ field: cond.field, op, value: v });
  if (options.length && (op === 'eq' || op === 'ne' || op === 'contains'))
    return <Select size="small" style={{ width: '100%' }} aria-label={label} placeholder={t('fd.rule.value')} value={cond.value as string | number | undefined} options={options} onChange={set} />;
  if (NUMERIC.has(String(source?.__config__.kdKey)))
    return <InputNumber size="small" style={{ width: '100%' }} aria-label={label} placeholder={t('fd.rule.value')} value={typeof cond.value === 'number' ? cond.value : null} onChange={(v) => set(v ?? null)} />;
  return <Input size="small" aria-label={label} placeholder={t('fd.rule.value')} value={cond.value === null || cond.value === undefined ? '' : String(cond.value)} onChange={(e) => set(e.target.value)} />;
}

/** One rule (show / required / read-only when) of the selected field: its conditions, all or any, add and remove. */
function RuleEditor({ ruleKey, field, others, onChange }: { ruleKey: RuleKey; field: FieldConfig; others: FieldConfig[]; onChange: (recipe: Recipe, key?: string) => void }) {
  const { t } = useTranslation(DESIGNER_NS);
  const when = field.__config__[ruleKey] as FieldWhen | undefined;
  const conds = when ? conditionsOf(when) : [];
  const match = when && 'any' in when ? 'any' : 'all';
  const title = t(TITLE[ruleKey]);
  const write = (next: FieldCondition[], m: 'all' | 'any' = match) =>
    onChange((f) => {
      const w = shape(next, m);
      if (w) f.__config__[ruleKey] = w;
      else delete f.__config__[ruleKey];
    }, ruleKey);
  const replace = (i: number, c: FieldCondition) => write(conds.map((x, j) => (j === i ? c : x)));
  const fieldOptions = others.map((f) => ({ value: f.__vModel__ as string, label: `${f.__config__.label ?? f.__vModel__} (${f.__vModel__})` }));
  const opOptions = RULE_OPS.map((o) => ({ value: o, label: t(`fd.rule.ops.${o}`) }));
  return (
    <div className="kd-designer-prop kd-designer-rule" data-testid={`designer-rule-${ruleKey}`}>
      <span className="kd-designer-label">{title}</span>
      {conds.length > 1 ? (
        <Radio.Group size="small" value={match} onChange={(e) => write(conds, e.target.value)} style={{ marginBottom: 4 }}>
          <Radio value="all">{t('fd.rule.all')}</Radio>
          <Radio value="any">{t('fd.rule.any')}</Radio>
        </Radio.Group>
      ) : null}
      {conds.map((c, i) => {
        const n = `${title} ${i + 1}`;
        const source = others.find((f) => f.__vModel__ === c.field);
        return (
          <div key={i} className="kd-designer-rule-row" style={{ display: 'grid', gridTemplateColumns: '1fr 1fr auto', gap: 4, marginBottom: 4 }}>
            <Select size="small" aria-label={`${n} ${t('fd.rule.field')}`} value={c.field} options={fieldOptions} onChange={(v: string) => replace(i, c.op && c.op !== 'in' ? { field: v, op: c.op, ...(NO_VALUE.has(c.op) ? {} : { value: null }) } : { field: v, in: [] })} />
            <Select
              size="small"
              aria-label={`${n} ${t('fd.rule.opLabel')}`}
              value={c.op ?? 'in'}
              options={opOptions}
              onChange={(op: RuleOp) => replace(i, op === 'in' ? { field: c.field, in: [] } : NO_VALUE.has(op) ? { field: c.field, op } : { field: c.field, op, value: c.value ?? null })}
            />
            <Button size="small" type="text" aria-label={`${n} ${t('fd.rule.remove')}`} icon={<DeleteOutlined />} onClick={() => write(conds.filter((_, j) => j !== i))} />
            <div style={{ gridColumn: '1 / 3' }}>
              <ValueInput cond={c} source={source} label={`${n} ${t('fd.rule.value')}`} onChange={(next) => replace(i, next)} />
            </div>
          </div>
        );
      })}
      <Button size="small" type="dashed" block icon={<PlusOutlined />} disabled={!others.length} aria-label={`${title} ${t('fd.rule.add')}`} onClick={() => write([...conds, { field: others[0].__vModel__ as string, op: 'eq', value: null }])}>
        {t('fd.rule.add')}
      </Button>
    </div>
  );
}

/**
 * The field rules of the selected field (issue 13 item 1 "Field rules"; schemas/field.ts FieldWhenSchema, evaluated by
 * src/engine/fieldRules.ts in the form and on the server): show when, and for stored fields required when and
 * read-only when, each a list of conditions on other fields (equals, not equals, greater/less, contains, empty, one
 * of) joined by all or any. Removing the last condition removes the rule. `others`: the fields a condition may read.
 */
export default function FieldRulesEditor({ field, others, onChange }: { field: FieldConfig; others: FieldConfig[]; onChange: (recipe: Recipe, key?: string) => void }) {
  const keys = field.__vModel__ && field.__config__.kdKey !== 'table' ? RULE_KEYS : (['showWhen'] as const);
  return (
    <>
      {keys.map((k) => (
        <RuleEditor key={k} ruleKey={k} field={field} others={others} onChange={onChange} />
      ))}
    </>
  );
}
