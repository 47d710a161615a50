import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Button, Checkbox, Input, InputNumber, Select, Switch } from 'antd';
import { produce } from 'immer';
import { useTranslation } from 'react-i18next';
import { DESIGNER_NS } from '../i18n';
import { type ListConfig, type ListField, NUMERIC_KEYS } from './listConfig';

type Column = ListConfig['columnList'][number];

/**
 * The list's columns (issue 13 item 2): one row per form field (`list-designer-column-{vModel}`): shown or not, header,
 * width, align, fixed, sortable; whether it is a search field and how it matches (1 exact, 2 fuzzy, 3 range); summed
 * in the summary row (numbers). Shown columns come first in list order and move up and down.
 */
export default function ListColumns({ value, fields, onChange }: { value: ListConfig; fields: ListField[]; onChange: (next: ListConfig) => void }) {
  const { t } = useTranslation(DESIGNER_NS);
  const byName = new Map(fields.map((f) => [f.vModel, f]));
  const shown = value.columnList.filter((c) => byName.has(c.prop));
  const rest = fields.filter((f) => !shown.some((c) => c.prop === f.vModel));
  const edit = (recipe: (d: ListConfig) => void) => onChange(produce(value, recipe));
  const setCol = (prop: string, patch: Partial<Column>) =>
    edit((d) => {
      const c = d.columnList.find((x) => x.prop === prop);
      if (c) Object.assign(c, patch);
    });
  const toggle = (f: ListField, on: boolean) =>
    edit((d) => {
      if (on) d.columnList.push({ prop: f.vModel, label: f.label, kdKey: f.kdKey, sortable: false });
      else d.columnList = d.columnList.filter((c) => c.prop !== f.vModel);
    });
  const move = (prop: string, by: -1 | 1) =>
    edit((d) => {
      const i = d.columnList.findIndex((c) => c.prop === prop);
      const j = i + by;
      if (i < 0 || j < 0 || j >= d.columnList.length) return;
      [d.columnList[i], d.columnList[j]] = [d.columnList[j], d.columnList[i]];
    });
  const search = (f: ListField) => value.searchList.find((s) => s.prop === f.vModel);
  const setSearch = (f: ListField, type: 1 | 2 | 3 | null) =>
    edit((d) => {
      d.searchList = d.searchList.filter((s) => s.prop !== f.vModel);
      if (type) d.searchList.push({ prop: f.vModel, label: f.label, kdKey: f.kdKey, searchType: type });
    });
  const summed = (f: ListField) => (value.summaryField ?? []).includes(f.vModel);
  const setSum = (f: ListField, on: boolean) =>
    edit((d) => {
      const list = (d.summaryField ?? []).filter((x) => x !== f.vModel);
      d.summaryField = on ? [...list, f.vModel] : list;
    });

  const row = (f: ListField, col: Column | undefined) => (
    <div key={f.vModel} className="kd-list-designer-column" data-testid={`list-designer-column-${f.vModel}`}>
      <Checkbox checked={!!col} onChange={(e) => toggle(f, e.target.checked)} aria-label={`${t('fd.list.inList')} ${f.label}`}>
        {f.label}
      </Checkbox>
      <Input size="small" disabled={!col} aria-label={`${t('fd.list.colLabel')} ${f.label}`} value={col?.label ?? f.label} onChange={(e) => setCol(f.vModel, { label: e.target.value })} />
      <InputNumber size="small" disabled={!col} aria-label={`${t('fd.list.width')} ${f.label}`} placeholder={t('fd.list.width')} min={40} max={800} value={col?.width ?? null} onChange={(v) => setCol(f.vModel, { width: v ?? undefined })} />
      <Select size="small" disabled={!col} aria-label={`${t('fd.list.align')} ${f.label}`} value={col?.align ?? 'left'} onChange={(v) => setCol(f.vModel, { align: v })} options={['left', 'center', 'right'].map((v) => ({ value: v, label: t(`fd.list.align${v[0].toUpperCase()}${v.slice(1)}`) }))} />
      <Select size="small" disabled={!col} aria-label={`${t('fd.list.fixed')} ${f.label}`} value={col?.fixed === 'left' || col?.fixed === 'right' ? col.fixed : ''} onChange={(v) => setCol(f.vModel, { fixed: v || undefined })} options={['', 'left', 'right'].map((v) => ({ value: v, label: t(`fd.list.fixed${v ? v[0].toUpperCase() + v.slice(1) : 'None'}`) }))} />
      <Switch size="small" disabled={!col} aria-label={`${t('fd.list.sortable')} ${f.label}`} checked={!!col?.sortable} onChange={(v) => setCol(f.vModel, { sortable: v })} />
      <Select
        size="small"
        aria-label={`${t('fd.list.searchType')} ${f.label}`}
        value={search(f)?.searchType ?? 0}
        onChange={(v) => setSearch(f, v ? (v as 1 | 2 | 3) : null)}
        options={[
          { value: 0, label: '—' },
          { value: 1, label: t('fd.list.searchExact') },
          { value: 2, label: t('fd.list.searchFuzzy') },
          { value: 3, label: t('fd.list.searchRange') },
        ]}
      />
      <Checkbox disabled={!NUMERIC_KEYS.has(f.kdKey)} checked={summed(f)} onChange={(e) => setSum(f, e.target.checked)} aria-label={`${t('fd.list.summary')} ${f.label}`} />
      <span>
        <Button size="small" type="text" disabled={!col} icon={<ArrowUpOutlined />} aria-label={`${t('fd.list.up')} ${f.label}`} onClick={() => move(f.vModel, -1)} />
        <Button size="small" type="text" disabled={!col} icon={<ArrowDownOutlined />} aria-label={`${t('fd.list.down')} ${f.label}`} onClick={() => move(f.vModel, 1)} />
      </span>
    </div>
  );
  return (
    <div className="kd-list-designer-columns">
      <div className="kd-list-designer-column kd-list-designer-column-head">
        <span>{t('fd.list.inList')}</span>
        <span>{t('fd.list.colLabel')}</span>
        <span>{t('fd.list.width')}</span>
        <span>{t('fd.list.align')}</span>
        <span>{t('fd.list.fixed')}</span>
        <span>{t('fd.list.sortable')}</span>
        <span>{t('fd.list.search')}</span>
        <span>{t('fd.list.summary')}</span>
        <span />
      </div>
      {shown.map((c) => row(byName.get(c.prop) as ListField, c))}
      {rest.map((f) => row(f, undefined))}
    </div>
  );
}
