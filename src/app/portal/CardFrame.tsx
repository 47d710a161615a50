import { ReloadOutlined } from '@ant-design/icons';
import { Button, Empty, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PORTAL_NS } from './i18n';

/** Props of {@link CardFrame}. */
export interface CardFrameProps {
  /** The card's id (layout `i`): data-testid `portal-card-<i>`. */
  id: string;
  title: string;
  loading?: boolean;
  error?: string | null;
  empty?: boolean;
  /** Reloads the card (the header's refresh button and the error's retry); none for static cards. */
  onReload?: () => void;
  /** The designer's drag handle class on the header. */
  headerClassName?: string;
  children?: ReactNode;
}

/**
 * A portal card's frame (issue 16 item 3): a region labelled by its title (in the designer the title is a button,
 * so cards are selectable by keyboard), a refresh button for data cards, and the states loading (spinner, aria-busy), error (the message and 重试), empty
 * (暂无数据) or the content.
 */
export default function CardFrame({ id, title, loading, error, empty, onReload, headerClassName, children }: CardFrameProps) {
  const { t } = useTranslation(PORTAL_NS);
  const titleId = `portal-card-title-${id}`;
  let body: ReactNode = children;
  if (error) {
    body = (
      <div className="kd-portal-state" role="alert" data-testid={`portal-card-${id}-error`}>
        <span>
          {t('error')}：{error}
        </span>
        {onReload ? (
          <Button size="small" onClick={onReload}>
            {t('retry')}
          </Button>
        ) : null}
      </div>
    );
  } else if (loading && empty !== false) {
    body = (
      <div className="kd-portal-state" data-testid={`portal-card-${id}-loading`}>
        <Spin size="small" /> {t('loading')}
      </div>
    );
  } else if (empty) {
    body = <Empty className="kd-portal-state" image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} data-testid={`portal-card-${id}-empty`} />;
  }
  return (
    <section className="kd-portal-card" data-testid={`portal-card-${id}`} aria-labelledby={titleId} aria-busy={loading ? 'true' : undefined} style={{ height: '100%', display: 'flex', flexDirection: 'column', background: 'var(--kd-card-bg, #fff)', border: '1px solid rgba(5,5,5,0.06)', borderRadius: 8, overflow: 'hidden' }}>
      <header className={headerClassName} style={{ display: 'flex', alignItems: 'center', padding: '8px 12px', borderBottom: '1px solid rgba(5,5,5,0.06)', fontWeight: 600 }}>
        <h3 id={titleId} style={{ flex: 1, margin: 0, fontSize: 14 }}>
          {headerClassName ? (
            // In the designer the title is a button, so a card can be selected from the keyboard.
            <button type="button" data-testid={`portal-card-${id}-select`} style={{ all: 'inherit', cursor: 'move' }}>
              {title}
            </button>
          ) : (
            title
          )}
        </h3>
        {onReload ? <Button type="text" size="small" icon={<ReloadOutlined />} aria-label={`${t('refresh')} ${title}`} onClick={onReload} /> : null}
      </header>
      <div style={{ flex: 1, minHeight: 0, overflow: 'auto', padding: 12 }}>{body}</div>
    </section>
  );
}
