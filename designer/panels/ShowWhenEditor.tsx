import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldConfig } from '../../schemas/field';
import { DESIGNER_NS } from '../i18n';

type Recipe = (f: FieldConfig) => void;
type Value = string | number;

/**
 * The field's show-when rule (`__config__.showWhen: { field, in[] }`, evaluated by the engine: src/engine/showWhen.ts):
 * shown only while another field holds one of some values. The values are picked from that field's static options or
 * typed; clearing the field removes the rule.
 */
export default function ShowWhenEditor({ field, others, onChange }: { field: FieldConfig; others: FieldConfig[]; onChange: (recipe: Recipe, key?: string) => void }) {
  const { t } = useTranslation(DESIGNER_NS);
  const rule = field.__config__.showWhen;
  const source = others.find((f) => f.__vModel__ === rule?.field);
  const options = (source?.__slot__?.options ?? []).map((o) => ({ value: o.id as Value, label: o.fullName }));
  const set = (next: { field: string; in: Value[] } | null) =>
    onChange((f) => {
      if (next) f.__config__.showWhen = next;
      else delete f.__config__.showWhen;
    }, 'showWhen');
  return (
    <div className="kd-designer-prop">
      <span className="kd-designer-label">{t('fd.showWhen')}</span>
      <Select
        size="small"
        allowClear
        style={{ width: '100%', marginBottom: 4 }}
        aria-label={t('fd.showWhenField')}
        placeholder={t('fd.showWhenField')}
        value={rule?.field}
        options={others.map((f) => ({ value: f.__vModel__ as string, label: `${f.__config__.label ?? f.__vModel__} (${f.__vModel__})` }))}
        onChange={(v?: string) => set(v ? { field: v, in: [] } : null)}
      />
      {rule ? (
        <Select
          size="small"
          mode="tags"
          style={{ width: '100%' }}
          aria-label={t('fd.showWhenValues')}
          placeholder={t('fd.showWhenValues')}
          value={(rule.in ?? []).filter((v): v is Value => typeof v === 'string' || typeof v === 'number')}
          options={options}
          onChange={(vals: Value[]) => set({ field: rule.field, in: vals })}
        />
      ) : null}
    </div>
  );
}
