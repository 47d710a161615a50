import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Checkbox, Empty, Modal, Select, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DESIGNER_NS } from '../i18n';
import type { Binding } from '../model/bindFields';
import { type BindableTable, type BindColumn, listTables, tableColumns } from '../model/modelApi';

const TEXT_TYPES = new Set(['text', 'character varying', 'character']);

interface ChildRow {
  table: string | null;
  foreignKey: string | null;
  columns: BindColumn[];
}

/** The columns of a table that generate fields (kdKey set, not system, not the foreign key). */
const fieldColumns = (cols: BindColumn[], foreignKey?: string | null) => cols.filter((c) => c.kdKey && !c.system && c.name !== foreignKey);

/** An existing model's side of the table step: its id, its main table (fixed) and the field names on its canvas. */
export interface ExistingBinding {
  modelId: string;
  main: string;
  present: ReadonlySet<string>;
}

/**
 * The table step (issue 13 item 3; JNPF's 从数据库表): lists the tables of the server's schema the model may bind (GET
 * Base/Tables: never platform or catalogue tables; another model's or one without a text `id` key shown disabled),
 * picks the main table and the columns that become fields, and child tables for sub-tables with their foreign key
 * column. For an `existing` model the main table is its own and fixed, only its columns not yet fields are offered,
 * and its own tables cannot become new sub-tables. OK hands the choice to `onOk` (bindFields.ts
 * applyBinding); nothing is saved here.
 */
export default function TableBindDialog({ open, existing, onClose, onOk }: { open: boolean; existing?: ExistingBinding; onClose: () => void; onOk: (b: Binding) => void }) {
  const { t } = useTranslation(DESIGNER_NS);
  const [tables, setTables] = useState<BindableTable[] | null>(null);
  const [main, setMain] = useState<string | null>(null);
  const [mainCols, setMainCols] = useState<BindColumn[]>([]);
  const [chosen, setChosen] = useState<string[]>([]);
  const [children, setChildren] = useState<ChildRow[]>([]);
  // The main table picked last: columns that arrive for an earlier pick are dropped, never shown over the latest.
  const mainPick = useRef(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the step starts over each time it opens
  useEffect(() => {
    if (!open) return;
    setTables(null);
    mainPick.current++;
    setMain(null);
    setMainCols([]);
    setChosen([]);
    setChildren([]);
    listTables(existing?.modelId).then(setTables, () => setTables([]));
    if (existing?.main) void pickMain(existing.main);
  }, [open]);

  const pickMain = async (table: string) => {
    const pick = ++mainPick.current;
    setMain(table);
    setMainCols([]);
    setChosen([]);
    const cols = (await tableColumns(table)).filter((c) => !existing?.present.has(c.name));
    if (pick !== mainPick.current) return;
    setMainCols(cols);
    setChosen(fieldColumns(cols).map((c) => c.name));
  };
  /** Ticks or unticks one column of the main table, leaving the others as they are. */
  const toggle = (name: string, on: boolean) => setChosen((prev) => (on ? (prev.includes(name) ? prev : [...prev, name]) : prev.filter((n) => n !== name)));
  const setChild = (i: number, next: Partial<ChildRow>) => setChildren((rows) => rows.map((r, j) => (j === i ? { ...r, ...next } : r)));
  const pickChild = async (i: number, table: string) => {
    setChild(i, { table, foreignKey: null, columns: [] });
    const cols = await tableColumns(table);
    const foreignKey = cols.find((c) => TEXT_TYPES.has(c.dataType) && c.name !== 'id' && /(^parent_id$|_id$|_ref$)/.test(c.name))?.name ?? null;
    // Only while row i still names this table (another pick since then keeps its own columns).
    setChildren((rows) => rows.map((r, j) => (j === i && r.table === table ? { ...r, columns: cols, foreignKey } : r)));
  };

  const used = new Set([main, ...children.map((c) => c.table)]);
  const options = (self: string | null) =>
    (tables ?? []).map((x) => ({
      value: x.table,
      label: x.status === 'taken' ? `${x.table}（${t('fd.bind.takenBy', { name: x.modelName ?? '' })}）` : x.hasKey ? x.table : `${x.table}（${t('fd.bind.noKey')}）`,
      disabled: x.status === 'taken' || (!!existing && x.status === 'own' && x.table !== existing.main) || !x.hasKey || (x.table !== self && used.has(x.table)),
    }));
  const unsupported = mainCols.filter((c) => !c.kdKey && !c.system);
  const ready = !!main && children.every((c) => c.table && c.foreignKey);
  const ok = () => {
    if (!main || !ready) return;
    const cols = mainCols.filter((c) => chosen.includes(c.name));
    onOk({ table: main, columns: cols, children: children.map((c) => ({ table: c.table as string, foreignKey: c.foreignKey as string, columns: fieldColumns(c.columns, c.foreignKey) })) });
  };

  return (
    <Modal open={open} title={t('fd.bind.title')} onCancel={onClose} onOk={ok} okText={t('fd.ok')} cancelText={t('fd.cancel')} okButtonProps={{ disabled: !ready, 'data-testid': 'designer-bind-ok' } as never} width={640} destroyOnHidden>
      <div data-testid="designer-bind-dialog">
        <p className="kd-designer-hint">{t('fd.bind.hint')}</p>
        {tables === null ? (
          <Spin />
        ) : !tables.length ? (
          <Empty description={t('fd.bind.none')} />
        ) : (
          <>
            <div className="kd-designer-prop">
              <span className="kd-designer-label">{t('fd.bind.main')}</span>
              <Select showSearch size="small" style={{ width: '100%' }} aria-label={t('fd.bind.main')} data-testid="designer-bind-main" disabled={!!existing} value={main ?? undefined} options={options(main)} onChange={(v: string) => void pickMain(v)} />
            </div>
            {main ? (
              <div className="kd-designer-prop">
                <span className="kd-designer-label">{t('fd.bind.columns')}</span>
                {/* Plain checkboxes toggled from the latest state: antd's Checkbox.Group answers onChange only with the values its
                    checkboxes registered in an effect, so a click the moment the list appeared answered [] and dropped every column. */}
                <fieldset aria-label={t('fd.bind.columns')} style={{ display: 'flex', flexWrap: 'wrap', rowGap: 4, border: 0, padding: 0, margin: 0, minWidth: 0 }}>
                  {fieldColumns(mainCols).map((c) => (
                    <Checkbox key={c.name} checked={chosen.includes(c.name)} onChange={(e) => toggle(c.name, e.target.checked)}>
                      {`${c.comment ? `${c.comment} ` : ''}${c.name}（${c.dataType}）`}
                    </Checkbox>
                  ))}
                </fieldset>
                {unsupported.length ? <div className="kd-designer-hint">{t('fd.bind.unsupported', { list: unsupported.map((c) => `${c.name}（${c.dataType}）`).join('，') })}</div> : null}
              </div>
            ) : null}
            <div className="kd-designer-prop-head">{t('fd.bind.children')}</div>
            {children.map((c, i) => (
              <div key={i} style={{ display: 'grid', gridTemplateColumns: '1fr 1fr auto', gap: 4, marginBottom: 4 }}>
                <Select size="small" aria-label={`${t('fd.bind.child')} ${i + 1}`} value={c.table ?? undefined} options={options(c.table).filter((o) => o.value !== main && !(existing && (tables ?? []).some((x) => x.table === o.value && x.status === 'own')))} onChange={(v: string) => void pickChild(i, v)} />
                <Select
                  size="small"
                  aria-label={`${t('fd.bind.foreignKey')} ${i + 1}`}
                  placeholder={t('fd.bind.foreignKey')}
                  value={c.foreignKey ?? undefined}
                  options={c.columns.filter((x) => TEXT_TYPES.has(x.dataType) && x.name !== 'id').map((x) => ({ value: x.name, label: x.name }))}
                  onChange={(v: string) => setChild(i, { foreignKey: v })}
                />
                <Button size="small" type="text" aria-label={`${t('fd.bind.remove')} ${i + 1}`} icon={<DeleteOutlined />} onClick={() => setChildren((rows) => rows.filter((_, j) => j !== i))} />
              </div>
            ))}
            <Button size="small" type="dashed" icon={<PlusOutlined />} onClick={() => setChildren((rows) => [...rows, { table: null, foreignKey: null, columns: [] }])}>
              {t('fd.bind.addChild')}
            </Button>
          </>
        )}
      </div>
    </Modal>
  );
}
