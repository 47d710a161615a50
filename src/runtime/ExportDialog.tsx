import { Checkbox, Form, Modal, Radio } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnItem } from '../../schemas/columns';
import type * as onlineDev from '../api/onlineDev';
import { toast } from '../api/toast';
import { saveBlob } from '../api/transfer';
import { RUNTIME_NS } from './i18n';
import { type RecordSource, sourceOf } from './source';

/** Props of {@link ExportDialog}. */
export interface ExportDialogProps {
  open: boolean;
  /** The model (its OnlineDev source) or, with `source`, only a key. */
  moduleId?: string;
  /** Where the export comes from (issue 26); default the model's OnlineDev source. */
  source?: RecordSource;
  /** The columns shown in the list, in list order (the default export columns). */
  columns: ColumnItem[];
  /** The list's current query (keyword, queryJson, sort, tree filter). */
  query: Omit<onlineDev.ListQuery, 'currentPage' | 'pageSize'>;
  /** Ids of the chosen rows (may be empty). */
  selectedIds: string[];
  /** The file name when the server sends none (e.g. `供应商.xlsx`). */
  fileName: string;
  onClose: () => void;
}

/**
 * The 导出 dialog (issue 4 item 5; JNPF Actions/Export, answered `{ name, url }`: issue 22 item 5): export the current query's rows or the chosen rows, with the
 * chosen columns (default: the visible ones) and sub-tables (read from the model's Config when the dialog opens;
 * default: all, written one sheet row per child row so that the file imports back); the server writes the .xlsx
 * with display values, which is saved here.
 */
export default function ExportDialog({ open, moduleId, source: given, columns, query, selectedIds, fileName, onClose }: ExportDialogProps) {
  const { t } = useTranslation(RUNTIME_NS);
  const [scope, setScope] = useState<'current' | 'selected'>('current');
  const [keys, setKeys] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [subs, setSubs] = useState<Array<{ prop: string; label: string }>>([]);
  useEffect(() => {
    if (!open) return;
    setKeys(columns.map((c) => c.prop));
    setScope(selectedIds.length ? 'selected' : 'current');
  }, [open, columns, selectedIds.length]);
  const source = sourceOf(given, moduleId);
  useEffect(() => {
    if (!open || !source.subTables) return;
    let live = true;
    source
      .subTables()
      .then((found) => {
        if (!live) return;
        setSubs(found);
        setKeys((k) => [...k, ...found.map((s) => s.prop).filter((p) => !k.includes(p))]);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [open, source]);
  const options = [...columns.map((c) => ({ value: c.prop, label: c.label })), ...subs.map((s) => ({ value: s.prop, label: s.label }))];
  /** Ticks or unticks one column (or sub-table), leaving the others as they are. */
  const toggle = (key: string, on: boolean) => setKeys((prev) => (on ? (prev.includes(key) ? prev : [...prev, key]) : prev.filter((k) => k !== key)));
  const run = async () => {
    if (!keys.length) {
      toast('warning', t('export.noColumns'), 1500);
      return;
    }
    setBusy(true);
    try {
      const selectKey = options.map((o) => o.value).filter((p) => keys.includes(p));
      if (!source.exportData) return;
      const file = await source.exportData({ selectKey, ...(scope === 'selected' ? { ids: selectedIds } : {}), query }, fileName);
      saveBlob(file.blob, file.fileName);
      toast('success', t('export.done', { name: file.fileName }), 1500);
      onClose();
    } catch {
      /* the error was toasted */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={open} title={t('export.title')} onCancel={onClose} onOk={run} okText={t('list.ok')} cancelText={t('list.cancel')} confirmLoading={busy} destroyOnHidden>
      <Form layout="vertical">
        <Form.Item label={t('export.range')}>
          <Radio.Group value={scope} onChange={(e) => setScope(e.target.value)}>
            <Radio value="current">{t('export.current')}</Radio>
            <Radio value="selected" disabled={!selectedIds.length}>
              {t('export.selected', { count: selectedIds.length })}
            </Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item label={t('export.columns')}>
          {/* Plain checkboxes toggled from the latest state: antd's Checkbox.Group answers onChange only with the values its
              checkboxes registered in an effect, so a click the moment the dialog opened answered [] and dropped every column. */}
          <fieldset aria-label={t('export.columns')} style={{ display: 'flex', flexWrap: 'wrap', rowGap: 4, border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            {options.map((o) => (
              <Checkbox key={o.value} checked={keys.includes(o.value)} onChange={(e) => toggle(o.value, e.target.checked)}>
                {o.label}
              </Checkbox>
            ))}
          </fieldset>
        </Form.Item>
      </Form>
    </Modal>
  );
}
