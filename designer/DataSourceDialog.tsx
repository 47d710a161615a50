import { App, Button, Checkbox, Form, Modal, Select, Space } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataSourceConfig, type DataSourceType, type FieldListRow, newDataSourceConfig, SUB_TABLE_CONTENT } from '../schemas/data-source';
import * as onlineDev from '../src/api/onlineDev';
import ContentInput from './ContentInput';
import { addFieldRow, initialState, rowsFromColumns, storedFields, toggleVisible } from './dataSourceRules';
import FieldGrid, { type LinkOption } from './FieldGrid';
import RowSelectDialog from './RowSelectDialog';
import { DESIGNER_NS } from './i18n';

/** Props of {@link DataSourceDialog}. */
export interface DataSourceDialogProps {
  open: boolean;
  /** The field's current data source (defaults of spec 001 §3 fill what is missing). */
  value?: Partial<DataSourceConfig> | null;
  /** The form's own fields: the only link-field choices (spec 001 §4). */
  formFields: LinkOption[];
  /** The fields of the form's chosen tables; given → the sub-table pick is offered. */
  tableFields?: FieldListRow[];
  /** Called with the config on confirm, before `onClose`. */
  onConfirm: (config: DataSourceConfig) => void;
  onClose: () => void;
  /** A feature's column definitions failed (spec 001 §7: the view closes, the app goes to /404); default: just close. */
  onColumnsFailed?: () => void;
}

const TYPES: Array<{ value: DataSourceType; key: string }> = [
  { value: 1, key: 'ds.typeSql' },
  { value: 2, key: 'ds.typeInterface' },
  { value: 3, key: 'ds.typeUrl' },
  { value: 4, key: 'ds.typeFeature' },
];

/**
 * The field data-source configuration dialog (spec 001 §2, §3, §4; width 900): source type, type-dependent content,
 * multi-select / exclude-selected / paging checkboxes, the field-list grid, add-field and clear-fields actions, and
 * a data preview (the source's rows, 20 a page: spec 001 §3 "List query").
 * Rules: changing the type clears the content; choosing a feature loads its columns and clears the selected fields;
 * in sub-table mode ticking visible adds the row to the selected fields and unticking removes it (otherwise the
 * selected list is rebuilt from the ticked rows); clearing asks 是否清空字段列表？; confirm stores the fields into the
 * config, emits it and closes.
 */
export default function DataSourceDialog({ open, value, formFields, tableFields, onConfirm, onClose, onColumnsFailed }: DataSourceDialogProps) {
  const { t } = useTranslation(DESIGNER_NS);
  const { modal } = App.useApp();
  const [config, setConfig] = useState<DataSourceConfig>(() => newDataSourceConfig());
  const [previewing, setPreviewing] = useState(false);
  const [{ rows, selected }, setFields] = useState<{ rows: FieldListRow[]; selected: FieldListRow[] }>({ rows: [], selected: [] });
  const subTable = config.content === SUB_TABLE_CONTENT;
  const subTableRef = useRef(subTable);
  subTableRef.current = subTable;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the dialog takes its value when it opens
  useEffect(() => {
    if (!open) return;
    const cfg = newDataSourceConfig({ ...(value ?? {}) });
    setConfig(cfg);
    setFields(initialState(cfg, cfg.content === SUB_TABLE_CONTENT, tableFields ?? []));
  }, [open]);

  const setContent = async (content: string) => {
    setConfig((c) => ({ ...c, content }));
    if (content === SUB_TABLE_CONTENT) {
      setFields({ rows: initialState(newDataSourceConfig(), true, tableFields ?? []).rows, selected: [] });
      return;
    }
    if (config.type !== 4 || !content) return;
    const r = await onlineDev.config(content);
    if (!r.ok) {
      onClose();
      onColumnsFailed?.();
      return;
    }
    setFields({ rows: rowsFromColumns(r.config.columnData.columnList ?? []), selected: [] });
  };

  /** A cell changed: visible follows the tick rules; other keys update the row (and its selected copy). */
  const onChange = useCallback((index: number, key: keyof FieldListRow, v: unknown) => {
    const sub = subTableRef.current;
    setFields(({ rows, selected }) => {
      if (key === 'isVisible') return toggleVisible(rows, selected, index, v === true, sub);
      const old = rows[index];
      const nextRows = rows.map((r, i) => (i === index ? { ...r, [key]: v } : r));
      return { rows: nextRows, selected: sub ? selected.map((s) => (s.field === old.field && s.table === old.table ? { ...s, [key]: v } : s)) : nextRows.filter((r) => r.isVisible) };
    });
  }, []);
  const onRemove = useCallback((index: number) => {
    const sub = subTableRef.current;
    setFields(({ rows, selected }) => {
      const gone = rows[index];
      const nextRows = rows.filter((_, i) => i !== index);
      return { rows: nextRows, selected: sub ? selected.filter((s) => !(s.field === gone.field && s.table === gone.table)) : nextRows.filter((r) => r.isVisible) };
    });
  }, []);
  const add = () =>
    setFields(({ rows, selected }) => {
      const next = addFieldRow(rows, (n) => t('ds.columnN', { n }));
      return { rows: next, selected: subTable ? [...selected, next[next.length - 1]] : next.filter((r) => r.isVisible) };
    });
  const clear = () => {
    modal.confirm({
      title: t('ds.prompt'),
      content: t('ds.clearConfirm'),
      okText: t('ds.ok'),
      cancelText: t('ds.cancel'),
      onOk: () => setFields({ rows: [], selected: [] }),
    });
  };
  const confirm = () => {
    onConfirm({ ...config, fields: storedFields(rows, selected, subTable) });
    onClose();
  };

  return (
    <Modal
      open={open}
      width={900}
      title={t('ds.title')}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('ds.cancel')}
        </Button>,
        <Button key="ok" type="primary" onClick={confirm}>
          {t('ds.ok')}
        </Button>,
      ]}
    >
      <Form layout="horizontal" labelCol={{ flex: '100px' }} size="small">
        <Form.Item label={t('ds.type')}>
          <Select
            aria-label={t('ds.type')}
            value={config.type}
            options={TYPES.map((o) => ({ value: o.value, label: t(o.key) }))}
            onChange={(type: DataSourceType) => setConfig((c) => ({ ...c, type, content: '' }))}
          />
        </Form.Item>
        <Form.Item label={t('ds.content')}>
          <ContentInput type={config.type} content={config.content} onChange={setContent} subTableAvailable={!!tableFields?.length} />
        </Form.Item>
        <Form.Item label={t('ds.srcField')}>
          <Select
            aria-label={t('ds.srcField')}
            allowClear
            value={config.srcField || undefined}
            options={rows.map((r) => ({ value: r.field, label: `${r.label} (${r.field})` }))}
            onChange={(srcField?: string) => setConfig((c) => ({ ...c, srcField: srcField ?? '' }))}
          />
        </Form.Item>
        <Space wrap style={{ marginBottom: 8 }}>
          <Checkbox checked={config.multipleSelection} onChange={(e) => setConfig((c) => ({ ...c, multipleSelection: e.target.checked }))}>
            {t('ds.multipleSelection')}
          </Checkbox>
          <Checkbox checked={config.besideSelects} onChange={(e) => setConfig((c) => ({ ...c, besideSelects: e.target.checked }))}>
            {t('ds.besideSelects')}
          </Checkbox>
          <Checkbox checked={config.pagination} onChange={(e) => setConfig((c) => ({ ...c, pagination: e.target.checked }))}>
            {t('ds.pagination')}
          </Checkbox>
          <Button size="small" onClick={add}>
            {t('ds.addField')}
          </Button>
          <Button size="small" danger onClick={clear}>
            {t('ds.clearFields')}
          </Button>
          <Button size="small" disabled={!config.content || subTable} onClick={() => setPreviewing(true)}>
            {t('ds.preview')}
          </Button>
          <span data-testid="ds-selected-count">{t('ds.selectedCount', { count: selected.length })}</span>
        </Space>
      </Form>
      <FieldGrid rows={rows} linkOptions={formFields} onChange={onChange} onRemove={onRemove} />
      {previewing ? (
        <RowSelectDialog
          open
          source={{ config: { ...config, fields: storedFields(rows, selected, subTable) } }}
          fields={rows}
          pageSize={20}
          showIndex
          showCheckbox={false}
          onConfirm={() => {}}
          onClose={() => setPreviewing(false)}
        />
      ) : null}
    </Modal>
  );
}
