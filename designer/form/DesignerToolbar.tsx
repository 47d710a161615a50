import { ArrowLeftOutlined, ClearOutlined, CodeOutlined, DesktopOutlined, EyeOutlined, MobileOutlined, RedoOutlined, SaveOutlined, SendOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Segmented, Space, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DESIGNER_NS } from '../i18n';

/** Props of {@link DesignerToolbar}. */
export interface DesignerToolbarProps {
  title: string;
  dirty: boolean;
  canUndo: boolean;
  canRedo: boolean;
  saving: boolean;
  width: 'desktop' | 'mobile';
  onWidth: (w: 'desktop' | 'mobile') => void;
  /** Which designer shows: the form's or the list's. */
  view: 'form' | 'list';
  onView: (v: 'form' | 'list') => void;
  onBack: () => void;
  onUndo: () => void;
  onRedo: () => void;
  onJson: () => void;
  onPreview: () => void;
  onClear: () => void;
  onSave: () => void;
  /** Publishes the saved model; without it (not saved yet, or unsaved changes) the button is disabled. */
  onPublish?: () => void;
  publishHint?: string;
  /** Extension mode (issue 26 item 4): only the form, no list view and no publish. */
  formOnly?: boolean;
}

/** The designer's top bar (issue 13 items 1, 6): back, the model's name, width toggle, undo/redo, JSON, preview, clear, save, publish. */
export default function DesignerToolbar(p: DesignerToolbarProps) {
  const { t } = useTranslation(DESIGNER_NS);
  return (
    <div className="kd-designer-toolbar">
      <Space>
        <Button type="text" icon={<ArrowLeftOutlined />} onClick={p.onBack} aria-label={t('fd.back')}>
          {t('fd.back')}
        </Button>
        <Typography.Text strong>{p.title}</Typography.Text>
        {p.dirty ? <span className="kd-designer-dirty">●</span> : null}
      </Space>
      <Space>
      {p.formOnly ? null : <Segmented
        size="small"
        value={p.view}
        onChange={(v) => p.onView(v as 'form' | 'list')}
        options={[
          { value: 'form', label: <span data-testid="designer-view-form">{t('fd.list.formTab')}</span> },
          { value: 'list', label: <span data-testid="designer-view-list">{t('fd.list.tab')}</span> },
        ]}
      />}
      <Segmented
        size="small"
        disabled={p.view === 'list'}
        value={p.width}
        onChange={(v) => p.onWidth(v as 'desktop' | 'mobile')}
        options={[
          { value: 'desktop', icon: <DesktopOutlined />, label: t('fd.desktop') },
          { value: 'mobile', icon: <MobileOutlined />, label: t('fd.mobile') },
        ]}
      />
      </Space>
      <Space>
        <Tooltip title={`${t('fd.undo')} (Ctrl+Z)`}>
          <Button icon={<UndoOutlined />} disabled={!p.canUndo} onClick={p.onUndo} data-testid="designer-undo" aria-label={t('fd.undo')} />
        </Tooltip>
        <Tooltip title={`${t('fd.redo')} (Ctrl+Shift+Z)`}>
          <Button icon={<RedoOutlined />} disabled={!p.canRedo} onClick={p.onRedo} data-testid="designer-redo" aria-label={t('fd.redo')} />
        </Tooltip>
        <Button icon={<CodeOutlined />} onClick={p.onJson} data-testid="designer-json">
          {t('fd.json')}
        </Button>
        <Button icon={<EyeOutlined />} onClick={p.onPreview} data-testid="designer-preview">
          {t('fd.preview')}
        </Button>
        <Button icon={<ClearOutlined />} onClick={p.onClear} data-testid="designer-clear">
          {t('fd.clear')}
        </Button>
        <Button type="primary" icon={<SaveOutlined />} loading={p.saving} onClick={p.onSave} data-testid="designer-save">
          {t('fd.save')}
        </Button>
        {p.formOnly ? null : (
          <Tooltip title={p.onPublish ? undefined : p.publishHint}>
            <Button icon={<SendOutlined />} disabled={!p.onPublish} onClick={p.onPublish} data-testid="designer-publish">
              {t('fd.publish')}
            </Button>
          </Tooltip>
        )}
      </Space>
    </div>
  );
}
