import { Card, Col, Empty, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { MenuItem } from '../../api/oauth';
import { menuPath } from '../menu';
import MenuIcon from '../shell/MenuIcon';

/** A type-1 folder's page (spec 000 §2): its children as cards linking to their pages. */
export default function FolderPage({ menu }: { menu: MenuItem }) {
  const { t } = useTranslation();
  const children = menu.children ?? [];
  return (
    <Card title={menu.fullName} variant="borderless">
      {children.length === 0 ? (
        <Empty description={t('folder.empty')} />
      ) : (
        <Row gutter={[16, 16]}>
          {children.map((c) => {
            const path = menuPath(c);
            const body = (
              <Card hoverable size="small" className="kd-folder-card">
                <MenuIcon menu={c} className="kd-folder-icon" />
                <Typography.Text strong>{c.fullName}</Typography.Text>
              </Card>
            );
            return (
              <Col key={c.id} xs={12} sm={8} md={6} lg={4}>
                {path ? <Link to={path}>{body}</Link> : body}
              </Col>
            );
          })}
        </Row>
      )}
    </Card>
  );
}
