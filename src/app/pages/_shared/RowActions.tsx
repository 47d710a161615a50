import { Button, Popconfirm, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Props of {@link RowActions}. Leave out `onEdit` / `onRemove` where the caller lacks btn_edit / btn_remove. */
export interface RowActionsProps {
  /** The row's name, for the buttons' accessible names (编辑 X, 删除 X). */
  name: string;
  /** Shown before 编辑 (e.g. 新增 of a child row). */
  leading?: ReactNode;
  onEdit?: () => void;
  /** Shown between 编辑 and 删除 (e.g. 导出). */
  children?: ReactNode;
  /** Runs after the user confirms the deletion (the Popconfirm waits for it). */
  onRemove?: () => unknown;
}

/**
 * The action cell of an admin list row (spec 001 §4): link buttons 编辑 and 删除, the latter behind a confirmation
 * (确定删除？), with the page's own buttons before or between them.
 */
export default function RowActions({ name, leading, onEdit, children, onRemove }: RowActionsProps) {
  const { t } = useTranslation();
  return (
    <Space size={0}>
      {leading}
      {onEdit && (
        <Button type="link" size="small" aria-label={`${t('sys.edit')} ${name}`} onClick={onEdit}>
          {t('sys.edit')}
        </Button>
      )}
      {children}
      {onRemove && (
        <Popconfirm title={t('sys.confirmDelete')} okText={t('sys.remove')} onConfirm={onRemove}>
          <Button type="link" size="small" danger aria-label={`${t('sys.remove')} ${name}`}>
            {t('sys.remove')}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}
