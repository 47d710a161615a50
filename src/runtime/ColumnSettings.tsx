import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Button, Checkbox, Drawer, InputNumber, List, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ColumnSetting } from './columnSettings';
import { RUNTIME_NS } from './i18n';

/** Props of {@link ColumnSettings}. */
export interface ColumnSettingsProps {
  open: boolean;
  settings: ColumnSetting[];
  /** Every change, applied at once (and saved by the list). */
  onChange: (settings: ColumnSetting[]) => void;
  /** Back to the model's column config. */
  onReset: () => void;
  onClose: () => void;
}

/**
 * The column-settings drawer (spec 001 §2: 320 px wide): per column a visibility box, a width and up/down buttons
 * for the order; 恢复默认 returns to the model's columns. At least one column stays visible.
 */
export default function ColumnSettings({ open, settings, onChange, onReset, onClose }: ColumnSettingsProps) {
  const { t } = useTranslation(RUNTIME_NS);
  const visible = settings.filter((s) => s.columnVisible).length;
  const set = (i: number, patch: Partial<ColumnSetting>) => onChange(settings.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  const move = (i: number, by: number) => {
    const next = [...settings];
    const [it] = next.splice(i, 1);
    next.splice(i + by, 0, it);
    onChange(next);
  };
  return (
    <Drawer open={open} size={320} title={t('columns.title')} onClose={onClose} extra={<Button onClick={onReset}>{t('columns.reset')}</Button>}>
      <List
        size="small"
        dataSource={settings}
        renderItem={(s, i) => (
          <List.Item className="kd-column-setting">
            <Checkbox
              aria-label={`${t('columns.visible')} ${s.label}`}
              checked={s.columnVisible}
              disabled={s.columnVisible && visible <= 1}
              onChange={(e) => set(i, { columnVisible: e.target.checked })}
            >
              {s.label}
            </Checkbox>
            <Space size={4}>
              <InputNumber
                aria-label={`${t('columns.width')} ${s.label}`}
                size="small"
                min={40}
                max={2000}
                style={{ width: 72 }}
                value={s.width ?? null}
                onChange={(w) => set(i, { width: typeof w === 'number' ? w : undefined })}
              />
              <Button size="small" aria-label={`${t('columns.up')} ${s.label}`} icon={<ArrowUpOutlined />} disabled={i === 0} onClick={() => move(i, -1)} />
              <Button size="small" aria-label={`${t('columns.down')} ${s.label}`} icon={<ArrowDownOutlined />} disabled={i === settings.length - 1} onClick={() => move(i, 1)} />
            </Space>
          </List.Item>
        )}
      />
    </Drawer>
  );
}
