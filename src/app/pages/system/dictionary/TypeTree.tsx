import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Input, Popconfirm, Space, Spin, Tooltip, Tree } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DictionaryType, deleteType, listTypes } from '../../../../api/dictionary';
import { toast } from '../../../../api/toast';
import TypeForm from './TypeForm';

/** Props: the selected type id and a callback with the selected type (null when none); `can` says which buttons show. */
export interface TypeTreeProps {
  selectedId: string | null;
  onSelect: (type: DictionaryType | null) => void;
  can: (enCode: string) => boolean;
}

interface Node {
  key: string;
  title: string;
  type: DictionaryType;
  children?: Node[];
}

function toNodes(list: DictionaryType[]): Node[] {
  return list.map((t) => ({ key: t.id, title: t.fullName, type: t, children: t.children?.length ? toNodes(t.children) : undefined }));
}

function findType(list: DictionaryType[], id: string | null): DictionaryType | null {
  for (const t of list) {
    if (t.id === id) return t;
    const inner = findType(t.children ?? [], id);
    if (inner) return inner;
  }
  return null;
}

/**
 * The left panel of the dictionary page: the dictionary-type tree (spec 001 §7 Dictionary types) with a filter, and
 * add (under the selected type), edit and delete (with confirmation; the server refuses while data rows exist).
 * Selects the first type after loading when nothing is selected.
 */
export default function TypeTree({ selectedId, onSelect, can }: TypeTreeProps) {
  const { t } = useTranslation();
  const [types, setTypes] = useState<DictionaryType[]>([]);
  const [loading, setLoading] = useState(true);
  const [filter, setFilter] = useState('');
  const [dialog, setDialog] = useState<{ id?: string; parentId?: string } | null>(null);
  // Bumped on every load so the tree remounts and expands new nodes.
  const [version, setVersion] = useState(0);

  const load = useCallback(
    async (keyword: string, select?: string | null) => {
      setLoading(true);
      try {
        const list = await listTypes(keyword);
        setTypes(list);
        setVersion((v) => v + 1);
        const wanted = select === undefined ? selectedId : select;
        onSelect(findType(list, wanted) ?? (keyword ? null : (list[0] ?? null)));
      } catch {
        setTypes([]);
      } finally {
        setLoading(false);
      }
    },
    [onSelect, selectedId],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: load once on mount; later loads follow user actions.
  useEffect(() => {
    void load('');
  }, []);

  const nodes = useMemo(() => toNodes(types), [types]);

  const remove = async (id: string) => {
    try {
      await deleteType(id);
      toast('success', t('sys.deleted'));
      await load(filter, id === selectedId ? null : selectedId);
    } catch {
      // The server's reason (e.g. data rows still exist) was toasted.
    }
  };

  const titleRender = (n: Node) => (
    <span className="kd-dict-type" data-testid={`type-${n.type.enCode}`}>
      <span>{n.title}</span>
      <Space size={2} className="kd-dict-type-actions" onClick={(e) => e.stopPropagation()}>
        {can('btn_edit') && (
          <Tooltip title={t('sys.edit')}>
            <Button type="text" size="small" aria-label={`${t('sys.edit')} ${n.title}`} icon={<EditOutlined />} onClick={() => setDialog({ id: n.type.id })} />
          </Tooltip>
        )}
        {can('btn_remove') && (
          <Popconfirm title={t('sys.confirmDelete')} okText={t('sys.remove')} onConfirm={() => remove(n.type.id)}>
            <Button type="text" size="small" danger aria-label={`${t('sys.remove')} ${n.title}`} icon={<DeleteOutlined />} />
          </Popconfirm>
        )}
      </Space>
    </span>
  );

  return (
    <Card
      title={t('dictionary.types')}
      size="small"
      variant="borderless"
      extra={
        can('btn_add') && (
          <Button type="link" size="small" icon={<PlusOutlined />} onClick={() => setDialog({})}>
            {t('dictionary.addType')}
          </Button>
        )
      }
    >
      <Input.Search
        allowClear
        size="small"
        placeholder={t('sys.keyword')}
        aria-label={t('dictionary.types')}
        onSearch={(v) => {
          setFilter(v);
          void load(v);
        }}
        style={{ marginBottom: 8 }}
      />
      <Spin spinning={loading}>
        {nodes.length === 0 ? (
          !loading && <Empty description={t('dictionary.noTypes')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
        ) : (
          <Tree<Node>
            key={version}
            blockNode
            defaultExpandAll
            treeData={nodes}
            selectedKeys={selectedId ? [selectedId] : []}
            titleRender={titleRender}
            onSelect={(_keys, info) => onSelect(info.node.type)}
          />
        )}
      </Spin>
      <TypeForm
        open={dialog !== null}
        id={dialog?.id}
        parentId={dialog?.parentId}
        onClose={() => setDialog(null)}
        onSaved={(id) => {
          setDialog(null);
          void load(filter, id ?? selectedId);
        }}
      />
    </Card>
  );
}
