import { Avatar, Empty, Spin, Tree } from 'antd';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { avatarSrc, getSubordinates, type Subordinate } from '../../api/currentUser';
import { tokenAtom } from '../session/atoms';

interface Node {
  key: string;
  title: React.ReactNode;
  isLeaf: boolean;
  children?: Node[];
}

/**
 * The user's subordinates (GET …/Current/Subordinate[?id]): a lazy tree, direct reports first; expanding one loads
 * their reports. Each entry shows avatar, name/account, department and position.
 */
export default function SubordinatesTab() {
  const { t } = useTranslation();
  const token = useAtomValue(tokenAtom);
  const [nodes, setNodes] = useState<Node[] | null>(null);
  const toNode = (s: Subordinate): Node => ({
    key: s.id,
    isLeaf: s.isLeaf,
    title: (
      <span>
        <Avatar size="small" src={avatarSrc(s.avatar, token) || undefined} style={{ marginRight: 6 }}>
          {s.realName.slice(0, 1)}
        </Avatar>
        {s.userName}
        {s.department ? ` · ${s.department}` : ''}
        {s.position ? ` · ${s.position}` : ''}
      </span>
    ),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: load once
  useEffect(() => {
    getSubordinates().then(
      (list) => setNodes(list.map(toNode)),
      () => setNodes([]),
    );
  }, []);
  if (!nodes) return <Spin className="kd-page-spin" />;
  if (!nodes.length) return <Empty description={t('profile.noSubordinates')} />;
  const attach = (list: Node[], key: string, children: Node[]): Node[] => list.map((n) => (n.key === key ? { ...n, children } : n.children ? { ...n, children: attach(n.children, key, children) } : n));
  return (
    <Tree
      treeData={nodes}
      loadData={async (n) => {
        const list = await getSubordinates(String(n.key)).catch(() => []);
        setNodes((cur) => attach(cur ?? [], String(n.key), list.map(toNode)));
      }}
    />
  );
}
