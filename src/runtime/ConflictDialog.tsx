import { Button, Modal, Table } from 'antd';
import dayjs from 'dayjs';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Conflict, ConflictField } from '../../schemas/wire/conflict';
import { RUNTIME_NS } from './i18n';

export type { Conflict, ConflictField } from '../../schemas/wire/conflict';

/** True when an error's data carries a {@link Conflict}. */
export function conflictOf(data: unknown): Conflict | null {
  const c = (data as { conflict?: Conflict } | null)?.conflict;
  return c && typeof c.version === 'number' && Array.isArray(c.fields) ? c : null;
}

const STRINGS = {
  zh: { title: '数据已被他人修改', intro: '您打开此数据后，其他人修改了下列字段：', field: '字段', theirs: '对方的修改', mine: '我的修改', takeTheirs: '采用对方的', keepMine: '保留我的', reload: '重新加载', by: '{{user}} · {{time}}' },
  en: { title: 'Someone else changed this record', intro: 'After you opened this record, someone else changed these fields:', field: 'Field', theirs: 'Their change', mine: 'My change', takeTheirs: 'Take theirs', keepMine: 'Keep mine', reload: 'Reload', by: '{{user}} · {{time}}' },
  tw: { title: '資料已被他人修改', intro: '您開啟此資料後，其他人修改了下列欄位：', field: '欄位', theirs: '對方的修改', mine: '我的修改', takeTheirs: '採用對方的', keepMine: '保留我的', reload: '重新載入', by: '{{user}} · {{time}}' },
  mas: { title: 'Orang lain telah mengubah rekod ini', intro: 'Selepas anda membuka rekod ini, orang lain mengubah medan berikut:', field: 'Medan', theirs: 'Perubahan mereka', mine: 'Perubahan saya', takeTheirs: 'Ambil milik mereka', keepMine: 'Kekalkan milik saya', reload: 'Muat semula', by: '{{user}} · {{time}}' },
} as const;

function addStrings(): void {
  for (const [lang, res] of Object.entries(STRINGS)) i18next.addResourceBundle(lang, RUNTIME_NS, { conflict: res }, true, false);
}
if (i18next.isInitialized) addStrings();
else i18next.on('initialized', addStrings);

function show(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/** Props of {@link ConflictDialog}. */
export interface ConflictDialogProps {
  conflict: Conflict | null;
  /** Use their values for the conflicting fields (the form keeps my other edits, now on the current version). */
  onTakeTheirs: () => void;
  /** Resubmit my values on the current version. */
  onKeepMine: () => void;
  /** Discard my edits and load the current record. */
  onReload: () => void;
  busy?: boolean;
}

/**
 * The conflict of a refused save (issue 27 item 1): a small table of the fields both sides changed — their value
 * (who, when) beside mine — and three choices. Closing it (Esc) keeps the form as it is. Keyboard: the buttons are
 * in tab order, Take theirs first.
 */
export default function ConflictDialog({ conflict, onTakeTheirs, onKeepMine, onReload, busy }: ConflictDialogProps) {
  const { t } = useTranslation(RUNTIME_NS);
  const rows = (conflict?.fields ?? []).map((f) => ({ key: f.field, ...f }));
  return (
    <Modal
      open={!!conflict}
      title={t('conflict.title')}
      onCancel={onTakeTheirs}
      destroyOnHidden
      width={640}
      className="kd-conflict-dialog"
      footer={[
        <Button key="theirs" onClick={onTakeTheirs} data-testid="conflict-theirs">
          {t('conflict.takeTheirs')}
        </Button>,
        <Button key="reload" onClick={onReload} data-testid="conflict-reload">
          {t('conflict.reload')}
        </Button>,
        <Button key="mine" type="primary" loading={busy} onClick={onKeepMine} data-testid="conflict-mine">
          {t('conflict.keepMine')}
        </Button>,
      ]}
    >
      <p>{t('conflict.intro')}</p>
      <Table
        size="small"
        pagination={false}
        dataSource={rows}
        columns={[
          { title: t('conflict.field'), dataIndex: 'label' },
          {
            title: t('conflict.theirs'),
            key: 'theirs',
            render: (_: unknown, r: ConflictField) => (
              <>
                <div>{show(r.theirs)}</div>
                <div className="kd-conflict-by">{t('conflict.by', { user: r.userName ?? '?', time: r.time ? dayjs(r.time).format('YYYY-MM-DD HH:mm:ss') : '' })}</div>
              </>
            ),
          },
          { title: t('conflict.mine'), key: 'mine', render: (_: unknown, r: ConflictField) => show(r.mine) },
        ]}
      />
    </Modal>
  );
}
