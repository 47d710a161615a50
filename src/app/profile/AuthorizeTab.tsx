import { Col, Empty, Row, Spin, Tree, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AuthorizeNode, type CurrentAuthorize, getAuthorize } from '../../api/currentUser';

type TreeNode = { key: string; title: string; children: TreeNode[] };
const toTree = (list: AuthorizeNode[]): TreeNode[] => list.map((n) => ({ key: `${n.kind}-${n.id}`, title: n.fullName, children: toTree(n.children ?? []) }));

/** The user's grants (GET …/Current/Authorize): the menus and the buttons under them, as two read-only trees. */
export default function AuthorizeTab() {
  const { t } = useTranslation();
  const [grants, setGrants] = useState<CurrentAuthorize | null>(null);
  useEffect(() => {
    getAuthorize().then(setGrants, () => setGrants({ module: [], button: [], column: [], form: [], resource: [] }));
  }, []);
  if (!grants) return <Spin className="kd-page-spin" />;
  const tree = (list: AuthorizeNode[]) => (list.length ? <Tree treeData={toTree(list)} defaultExpandAll selectable={false} /> : <Empty description={t('common.noData')} />);
  return (
    <Row gutter={24}>
      <Col xs={24} md={12}>
        <Typography.Title level={5}>{t('profile.modules')}</Typography.Title>
        {tree(grants.module)}
      </Col>
      <Col xs={24} md={12}>
        <Typography.Title level={5}>{t('profile.buttons')}</Typography.Title>
        {tree(grants.button)}
      </Col>
    </Row>
  );
}
