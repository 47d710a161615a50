import { DeleteOutlined, DownloadOutlined, PlusOutlined, ReloadOutlined, RestOutlined, SettingOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RUNTIME_NS } from './i18n';

/** Toolbar actions of a model list (jnpf-v3.md §3 btnsList values). */
export type ToolbarAction = 'add' | 'download' | 'upload' | 'batchRemove';

/** Props of {@link ListToolbar}. */
export interface ListToolbarProps {
  /** The actions to show (configured and permitted), with the label the config gives. */
  actions: Array<{ value: ToolbarAction; label?: string }>;
  onAction: (value: ToolbarAction) => void;
  onColumns: () => void;
  onRefresh: () => void;
  /** Opens the recycle bin (issue 27 item 2); no button without it. */
  onRecycle?: () => void;
  /** The recycle bin button's text. */
  recycleLabel?: string;
  /** A built-in page's extra toolbar actions (schemas/page.ts PageAction, place 'toolbar'), after the standard ones. */
  extra?: Array<{ value: string; label: string; danger?: boolean; testId?: string }>;
  onExtra?: (value: string) => void;
}

const ICONS: Record<ToolbarAction, ReactNode> = { add: <PlusOutlined />, download: <DownloadOutlined />, upload: <UploadOutlined />, batchRemove: <DeleteOutlined /> };

/** The list toolbar (spec 001 §2 toolbar; issue 4 item 3): 新增, 导出, 导入, 批量删除 as configured, then 回收站 (when allowed), 列设置 and 刷新. */
export default function ListToolbar({ actions, onAction, onColumns, onRefresh, onRecycle, recycleLabel, extra, onExtra }: ListToolbarProps) {
  const { t } = useTranslation(RUNTIME_NS);
  return (
    <div className="kd-list-toolbar">
      <Space wrap>
        {actions.map((a) => (
          <Button key={a.value} type={a.value === 'add' ? 'primary' : 'default'} danger={a.value === 'batchRemove'} icon={ICONS[a.value]} onClick={() => onAction(a.value)}>
            {a.label || t(`list.${a.value}`)}
          </Button>
        ))}
        {extra?.map((a) => (
          <Button key={`page:${a.value}`} danger={a.danger} onClick={() => onExtra?.(a.value)} data-testid={a.testId}>
            {a.label}
          </Button>
        ))}
      </Space>
      <Space className="kd-list-toolbar-right">
        {onRecycle ? (
          <Button type="text" icon={<RestOutlined />} onClick={onRecycle} data-testid="list-recycle">
            {recycleLabel}
          </Button>
        ) : null}
        <Tooltip title={t('list.columnSettings')}>
          <Button type="text" aria-label={t('list.columnSettings')} icon={<SettingOutlined />} onClick={onColumns} />
        </Tooltip>
        <Tooltip title={t('list.refresh')}>
          <Button type="text" aria-label={t('list.refresh')} icon={<ReloadOutlined />} onClick={onRefresh} />
        </Tooltip>
      </Space>
    </div>
  );
}
