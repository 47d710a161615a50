import { Checkbox, Divider, Radio, Select, Splitter, Switch } from 'antd';
import { produce } from 'immer';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormConfig } from '../../schemas/form';
import type { RendererMap } from '../../src/engine/renderer';
import { DESIGNER_NS } from '../i18n';
import ListColumns from './ListColumns';
import { type ListConfig, listFields, listProblems, ROW_BUTTONS, TOOLBAR_BUTTONS } from './listConfig';
import ListPreview from './ListPreview';

const PAGE_SIZES = [10, 20, 50, 100, 200, 500];
const PERMISSIONS = ['useBtnPermission', 'useColumnPermission', 'useFormPermission', 'useDataPermission'] as const;

/**
 * The list designer (issue 13 item 2; design.md §4 column config): list type 1–4 (the tree field of 2, the group field
 * of 3), the columns and search fields (ListColumns), default sort, paging and page size, toolbar and row buttons,
 * the permission switches, and a live preview of the list with sample rows. Its problems (a tree list without its tree
 * field…) are shown at the top.
 */
export default function ListDesigner({ form, value, registry, onChange }: { form: FormConfig; value: ListConfig; registry: RendererMap; onChange: (next: ListConfig) => void }) {
  const { t } = useTranslation(DESIGNER_NS);
  const fields = useMemo(() => listFields(form), [form]);
  const problems = listProblems(value, fields);
  const edit = (recipe: (d: ListConfig) => void) => onChange(produce(value, recipe));
  const fieldOptions = fields.map((f) => ({ value: f.vModel, label: f.label }));
  /**
   * Ticks or unticks one toolbar/row button, leaving the others (and any button this designer does not offer) as they
   * are; the offered ones stay in `all`'s order, a button keeps its stored label.
   */
  const toggleButton = (key: 'btnsList' | 'columnBtnsList', all: ReadonlyArray<{ value: string; label: string; icon: string }>, button: string, on: boolean) =>
    edit((d) => {
      const kept = d[key].filter((b) => b.value !== button);
      const offered = all.filter((b) => (b.value === button ? on : kept.some((x) => x.value === b.value))).map((b) => kept.find((x) => x.value === b.value) ?? { ...b });
      d[key] = [...offered, ...kept.filter((b) => !all.some((a) => a.value === b.value))];
    });
  // Plain checkboxes, each toggling its own button: antd's Checkbox.Group answers onChange only with the values its
  // checkboxes registered in an effect, so a click the moment the list designer appeared answered [] and dropped every button.
  const buttons = (key: 'btnsList' | 'columnBtnsList', all: ReadonlyArray<{ value: string; label: string; icon: string }>, legend: string) => (
    <fieldset aria-label={legend} style={{ display: 'flex', flexWrap: 'wrap', rowGap: 4, border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      {all.map((b) => (
        <Checkbox key={b.value} checked={value[key].some((x) => x.value === b.value)} onChange={(e) => toggleButton(key, all, b.value, e.target.checked)}>
          {t(`fd.list.${b.value}`)}
        </Checkbox>
      ))}
    </fieldset>
  );
  return (
    <div className="kd-list-designer" data-testid="list-designer">
    <Splitter style={{ height: '100%' }}>
      <Splitter.Panel defaultSize="55%" min={480}>
        <div className="kd-list-designer-settings">
          {problems.length ? (
            <div role="alert" className="kd-designer-problem">
              {problems.map((p) => t(p)).join('；')}
            </div>
          ) : null}
          <div className="kd-designer-prop">
            <span className="kd-designer-label">{t('fd.list.type')}</span>
            <Radio.Group size="small" optionType="button" value={value.type} onChange={(e) => edit((d) => void Object.assign(d, { type: e.target.value }))} options={[1, 2, 3, 4].map((n) => ({ value: n, label: t(`fd.list.type${n}`) }))} />
          </div>
          {value.type === 2 ? (
            <div className="kd-designer-prop">
              <span className="kd-designer-label">{t('fd.list.treeField')}</span>
              <Select size="small" style={{ width: 240 }} aria-label={t('fd.list.treeField')} value={value.treeRelation || undefined} options={fieldOptions} onChange={(v) => edit((d) => void Object.assign(d, { treeRelation: v }))} />
            </div>
          ) : null}
          {value.type === 3 ? (
            <div className="kd-designer-prop">
              <span className="kd-designer-label">{t('fd.list.groupField')}</span>
              <Select size="small" style={{ width: 240 }} aria-label={t('fd.list.groupField')} value={value.groupField || undefined} options={fieldOptions} onChange={(v) => edit((d) => void Object.assign(d, { groupField: v }))} />
            </div>
          ) : null}
          <Divider plain>{t('fd.list.columns')}</Divider>
          <ListColumns value={value} fields={fields} onChange={onChange} />
          <Divider plain>{t('fd.list.sort')}</Divider>
          <div className="kd-list-designer-inline">
            <Select size="small" style={{ width: 200 }} allowClear aria-label={t('fd.list.sortField')} placeholder={t('fd.list.sortField')} value={value.defaultSidx || undefined} options={fieldOptions} onChange={(v) => edit((d) => void Object.assign(d, { defaultSidx: v ?? '' }))} />
            <Radio.Group size="small" value={value.sort} onChange={(e) => edit((d) => void Object.assign(d, { sort: e.target.value }))} options={[{ value: 'asc', label: t('fd.list.asc') }, { value: 'desc', label: t('fd.list.desc') }]} />
            <span>{t('fd.list.hasPage')}</span>
            <Switch size="small" aria-label={t('fd.list.hasPage')} checked={value.hasPage} onChange={(v) => edit((d) => void Object.assign(d, { hasPage: v }))} />
            <Select size="small" style={{ width: 90 }} aria-label={t('fd.list.pageSize')} disabled={!value.hasPage} value={value.pageSize} options={PAGE_SIZES.map((n) => ({ value: n, label: String(n) }))} onChange={(v) => edit((d) => void Object.assign(d, { pageSize: v }))} />
          </div>
          <Divider plain>{t('fd.list.toolbar')}</Divider>
          {buttons('btnsList', TOOLBAR_BUTTONS, t('fd.list.toolbar'))}
          <Divider plain>{t('fd.list.rowButtons')}</Divider>
          {buttons('columnBtnsList', ROW_BUTTONS, t('fd.list.rowButtons'))}
          <Divider plain>{t('fd.list.permissions')}</Divider>
          <div className="kd-list-designer-inline">
            {PERMISSIONS.map((p) => (
              <span key={p}>
                {t(`fd.list.${p}`)} <Switch size="small" aria-label={t(`fd.list.${p}`)} checked={!!value[p]} onChange={(v) => edit((d) => void Object.assign(d, { [p]: v }))} />
              </span>
            ))}
          </div>
        </div>
      </Splitter.Panel>
      <Splitter.Panel min={360}>
        <div className="kd-list-designer-preview">
          <div className="kd-designer-prop-head">{t('fd.list.preview')}</div>
          <ListPreview form={form} columnData={value} registry={registry} />
        </div>
      </Splitter.Panel>
    </Splitter>
    </div>
  );
}
