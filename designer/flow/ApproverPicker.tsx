import { App as AntApp, Button, Col, Empty, Input, Modal, Row, Space, Tag, Tree } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { request } from '../../src/api/client';
import { filterTree, mergeOrgTrees, type PickKind, type PickNode, pickIndex, type SelectorNode } from './orgTree';
import type { Translate } from './summary';

/** The picked approvers by kind (node properties approvers / approverPos / approverOrg). */
export type PickedApprovers = Record<PickKind, string[]>;

const KINDS: PickKind[] = ['user', 'position', 'department'];
const keysOf = (v: PickedApprovers) => KINDS.flatMap((k) => (v[k] ?? []).map((id) => `${k}:${id}`));
const pickedOf = (keys: string[]): PickedApprovers => Object.fromEntries(KINDS.map((k) => [k, keys.filter((x) => x.startsWith(`${k}:`)).map((x) => x.slice(k.length + 1))])) as PickedApprovers;
type TreeData = { key: string; title: string; checkable: boolean; children?: TreeData[] };
const toTreeData = (list: PickNode[]): TreeData[] => list.map((n) => ({ key: n.key, title: n.title, checkable: n.kind !== 'company', ...(n.children ? { children: toTreeData(n.children) } : {}) }));

/**
 * The approver picker (spec 001 §2 "Approver picker"): a tree of company, department, position and user nodes
 * (orgTree.ts over the Position and Users selectors) in an 800 px dialog (multi-select), the chosen ones listed on the
 * right; confirming with nothing chosen shows 请选择审批人 (error, 1 s). The drawer shows the chosen names as tags.
 */
export default function ApproverPicker({ value, onChange, t }: { value: PickedApprovers; onChange: (v: PickedApprovers) => void; t: Translate }) {
  const { message } = AntApp.useApp();
  const [tree, setTree] = useState<PickNode[]>([]);
  const [open, setOpen] = useState(false);
  const [keys, setKeys] = useState<string[]>([]);
  const [q, setQ] = useState('');
  useEffect(() => {
    let live = true;
    Promise.all([request<{ list: SelectorNode[] }>('/api/permission/Position/Selector'), request<{ list: SelectorNode[] }>('/api/permission/Users/Selector')]).then(
      ([p, u]) => live && setTree(mergeOrgTrees(p.list ?? [], u.list ?? [])),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  const index = useMemo(() => pickIndex(tree), [tree]);
  // Every branch open until the user folds one (the data may arrive after the dialog opened).
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const shown = useMemo(() => filterTree(tree, q), [tree, q]);
  const branchKeys = useMemo(() => {
    const out: string[] = [];
    const walk = (list: PickNode[]) => {
      for (const n of list) {
        if (n.children?.length) {
          out.push(n.key);
          walk(n.children);
        }
      }
    };
    walk(shown);
    return out;
  }, [shown]);
  const chosen = keysOf(value);
  const name = (key: string) => index.get(key)?.title ?? key.slice(key.indexOf(':') + 1);
  const show = () => {
    setKeys(chosen);
    setQ('');
    setExpanded(null);
    setOpen(true);
  };
  const ok = () => {
    if (!keys.length) {
      message.error(t('flow.picker.required'), 1);
      return;
    }
    onChange(pickedOf(keys));
    setOpen(false);
  };
  return (
    <div data-testid="flow-approver-picker">
      <Space wrap size={[4, 4]} style={{ marginBottom: 4 }}>
        {chosen.length ? chosen.map((k) => <Tag key={k}>{name(k)}</Tag>) : <span style={{ color: '#595959' }}>{t('flow.picker.none')}</span>}
      </Space>
      <div>
        <Button size="small" onClick={show} data-testid="flow-approver-pick">
          {t('flow.picker.open')}
        </Button>
      </div>
      <Modal open={open} width={800} title={t('flow.picker.title')} onOk={ok} okText={t('flow.picker.ok')} cancelText={t('flow.picker.cancel')} onCancel={() => setOpen(false)} destroyOnHidden data-testid="flow-picker-dialog">
        <Row gutter={16}>
          <Col span={14} style={{ borderRight: '1px solid #f0f0f0' }}>
            <Input.Search allowClear placeholder={t('flow.picker.search')} value={q} onChange={(e) => {
                setQ(e.target.value);
                setExpanded(null);
              }} style={{ marginBottom: 8 }} aria-label={t('flow.picker.search')} />
            <div style={{ height: 360, overflow: 'auto' }}>
              <Tree
                checkable
                checkStrictly
                selectable={false}
                expandedKeys={expanded ?? branchKeys}
                onExpand={(k) => setExpanded(k.map(String))}
                treeData={toTreeData(shown)}
                checkedKeys={keys}
                onCheck={(checked) => setKeys(Array.isArray(checked) ? checked.map(String) : checked.checked.map(String))}
              />
            </div>
          </Col>
          <Col span={10}>
            <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }}>
              <span>{t('flow.picker.chosen', { count: keys.length })}</span>
              <Button size="small" type="link" onClick={() => setKeys([])}>
                {t('flow.picker.clear')}
              </Button>
            </Space>
            {keys.length ? (
              <Space orientation="vertical" style={{ width: '100%' }} data-testid="flow-picker-chosen">
                {keys.map((k) => (
                  <Tag key={k} closable onClose={() => setKeys(keys.filter((x) => x !== k))}>
                    {name(k)}
                  </Tag>
                ))}
              </Space>
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('flow.picker.none')} />
            )}
          </Col>
        </Row>
      </Modal>
    </div>
  );
}
