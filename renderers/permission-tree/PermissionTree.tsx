import type { WidgetProps } from '@rjsf/utils';
import { Alert, Button, Checkbox, Empty, Input, Space, Spin, Steps, Tree, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useFormValues } from '../_shared/FormValuesContext';
import { fieldOf } from '../_shared/fieldProps';
import { useKdData } from '../_shared/KdDataContext';
import { memoWidget } from '../_shared/memoWidget';
import type { KdFormContext } from '../_shared/templates';
import {
  allGrants,
  branchKeys,
  buildGrantTree,
  filterTree,
  type GrantNode,
  type Grants,
  grantsOfKeys,
  ITEM_TYPES,
  type ItemType,
  indexTree,
  keysOfGrants,
  STEPS,
  type Step,
  stepTree,
  toggle,
  triState,
  type ValuesAnswer,
} from './grantTree';
import { PERMISSION_TREE_STRINGS, useWords } from './words';

/** The sample tree of the designer's canvas (no object to ask the server about). */
const SAMPLE: { menus: ValuesAnswer; items: Partial<Record<ItemType, ValuesAnswer>> } = {
  menus: { list: [{ id: 'm1', fullName: '供应链', type: 1, category: 'Web', children: [{ id: 'm2', fullName: '供应商', type: 3, category: 'Web', children: [] }] }] },
  items: { button: { list: [{ id: 'm2', fullName: '供应商', type: 3, children: [{ id: 'b1', fullName: '新增', enCode: 'btn_add' }] }] } },
};

type Loaded = { status: 'idle' | 'loading' } | { status: 'failed'; msg: string } | { status: 'ready'; menus: ValuesAnswer; items: Partial<Record<ItemType, ValuesAnswer>> };

const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

/**
 * rjsf widget of permissionTree (see definition.ts): loads the object's grantable tree (Values of module, button,
 * column, form and resource for `objectType` and the record's `idField`), shows it checkable with tri-state boxes,
 * search, 展开全部 / 折叠全部 and 全选, the wizard's steps (全部权限, then 菜单 → 按钮 → 列表 → 表单 → 数据权限, with
 * 上一步 / 下一步; stepTree), virtual scrolling past `maxHeight` px (default 460), and emits the grants value `{module[], button[], column[], form[], resource[]}`
 * (other keys of the value kept), and below the tree the portals (Values of type portal) as checkboxes that set the
 * value's `portal[]` (issue 16 item 3). Read-only and disabled forms show the boxes disabled. Menus open to every
 * signed-in user (Values `signedIn`, the 工作流程 views) show checked and disabled with the hint 全员可用 and stay out of
 * the value (the server grants them to everyone and does not store them).
 */
function PermissionTree({ id, value, disabled, readonly, onChange, options, registry }: WidgetProps) {
  const field = fieldOf(options);
  const w = useWords(PERMISSION_TREE_STRINGS);
  const data = useKdData();
  const record = useFormValues();
  const design = (registry?.formContext as KdFormContext | undefined)?.mode === 'design';
  const objectId = record[str(field.idField) ?? 'id'];
  const objectType = str(record[str(field.objectTypeField) ?? '']) ?? str(field.objectType) ?? 'Role';
  const [loaded, setLoaded] = useState<Loaded>({ status: 'idle' });
  const [keyword, setKeyword] = useState('');
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const [step, setStep] = useState<Step>('all');
  // Portals the object may be granted (issue 16 item 3): a flat list beside the tree (Values of type portal).
  const [portals, setPortals] = useState<ValuesAnswer | null>(null);

  useEffect(() => {
    if (design || typeof objectId !== 'string' || !objectId) {
      setLoaded(design ? { status: 'ready', ...SAMPLE } : { status: 'idle' });
      return;
    }
    let live = true;
    setLoaded({ status: 'loading' });
    const path = `/api/permission/Authority/Data/${encodeURIComponent(objectId)}/Values`;
    const ask = (type: string) => data.request('POST', path, { type, objectType }) as Promise<ValuesAnswer>;
    ask('portal').then(
      (a) => live && setPortals(a),
      () => live && setPortals(null),
    );
    Promise.all([ask('module'), ...ITEM_TYPES.map(ask)]).then(
      ([menus, ...rest]) => live && setLoaded({ status: 'ready', menus, items: Object.fromEntries(ITEM_TYPES.map((t, i) => [t, rest[i]])) }),
      (e: unknown) => live && setLoaded({ status: 'failed', msg: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      live = false;
    };
  }, [data, objectId, objectType, design]);

  const tree = useMemo(
    () => (loaded.status === 'ready' ? buildGrantTree(loaded.menus, loaded.items, { root: (c) => w(c === 'App' ? 'rootApp' : 'rootWeb'), group: (t) => w(t) }) : []),
    [loaded, w],
  );
  const fullIndex = useMemo(() => indexTree(tree), [tree]);
  const grants = (value && typeof value === 'object' ? value : {}) as Grants;
  const checked = useMemo(() => keysOfGrants(grants), [grants]);
  // The wizard step's view of the tree (stepTree): its own index, so a check reaches only what the step shows.
  const view = useMemo(() => stepTree(tree, step, checked), [tree, step, checked]);
  const index = useMemo(() => (step === 'all' ? fullIndex : indexTree(view)), [step, fullIndex, view]);
  const state = useMemo(() => triState(view, checked), [view, checked]);
  const shown = useMemo(() => filterTree(view, keyword), [view, keyword]);
  const every = useMemo(() => allGrants(view), [view]);
  // Everything open at first (as JNPF's grant tree); a search opens what it found.
  const openKeys = keyword.trim() ? shown.expand : (expanded ?? branchKeys(view));
  const inert = !!disabled || !!readonly;
  const emit = (keys: Set<string>) => onChange(grantsOfKeys(keys, grants));
  // Unchecking a menu in the menu step takes its buttons, columns, fields and schemes with it (the whole tree's subtree).
  const portalIds = Array.isArray(grants.portal) ? (grants.portal as unknown[]).map(String) : [];
  /** Grants or revokes one portal, the others as they were (in the portal list's order, then ids it no longer lists). */
  const togglePortal = (id: string, on: boolean) => {
    const listed = (portals?.list ?? []).map((p) => p.id);
    onChange({ ...grants, portal: [...listed.filter((x) => (x === id ? on : portalIds.includes(x))), ...portalIds.filter((x) => x !== id && !listed.includes(x))] });
  };
  const check = (key: string, on: boolean) => emit(toggle(step === 'module' && !on ? fullIndex : index, checked, key, on));
  const at = STEPS.indexOf(step);
  const go = (i: number) => {
    setStep(STEPS[i]);
    setExpanded(null);
  };
  const chosen = every.filter((k) => checked.has(k)).length;

  if (loaded.status === 'idle') return <Alert type="info" showIcon title={w('saveFirst')} />;
  if (loaded.status === 'loading') return <Spin />;
  if (loaded.status === 'failed') return <Alert type="error" showIcon title={w('failed', { msg: loaded.msg })} />;
  return (
    <div id={id} className="kd-permission-tree" data-testid="permission-tree">
      <Steps
        size="small"
        aria-label={w('steps')}
        current={at}
        onChange={go}
        style={{ marginBottom: 12 }}
        items={STEPS.map((s) => ({ title: w(s), ...(s === 'all' ? {} : { 'data-testid': `permission-step-${s}` }) }))}
      />
      <Space wrap style={{ marginBottom: 8 }}>
        <Input.Search allowClear size="small" aria-label={w('search')} placeholder={w('search')} value={keyword} onChange={(e) => setKeyword(e.target.value)} style={{ width: 280 }} />
        <Button size="small" htmlType="button" onClick={() => setExpanded(branchKeys(tree))}>
          {w('expandAll')}
        </Button>
        <Button size="small" htmlType="button" onClick={() => setExpanded([])}>
          {w('collapseAll')}
        </Button>
        <Checkbox
          disabled={inert || !every.length}
          checked={!!every.length && chosen === every.length}
          indeterminate={chosen > 0 && chosen < every.length}
          onChange={(e) => emit(e.target.checked ? new Set([...checked, ...every]) : new Set([...checked].filter((k) => !every.includes(k))))}
        >
          {w('selectAll')}
        </Checkbox>
        <Typography.Text type="secondary">{w('chosen', { count: chosen })}</Typography.Text>
        <Button size="small" htmlType="button" disabled={at === 0} onClick={() => go(at - 1)}>
          {w('prev')}
        </Button>
        <Button size="small" htmlType="button" disabled={at === STEPS.length - 1} onClick={() => go(at + 1)}>
          {w('next')}
        </Button>
      </Space>
      {tree.length ? (
        <div style={{ border: '1px solid rgba(0,0,0,0.06)', borderRadius: 6, padding: 4 }}>
          <Tree<GrantNode>
            height={typeof field.maxHeight === 'number' ? field.maxHeight : 460}
            aria-label={w('tree')}
            checkable
            checkStrictly
            selectable={false}
            disabled={inert}
            treeData={shown.tree}
            fieldNames={{ key: 'key', title: 'title', children: 'children' }}
            titleRender={(n) => (
              <span className={`kd-grant-${n.kind}`} title={n.signedIn ? w('signedInHint') : undefined}>
                {n.title}
                {n.enCode ? <Typography.Text type="secondary"> {n.enCode}</Typography.Text> : null}
                {n.signedIn ? (
                  <Typography.Text type="secondary" data-testid="permission-signed-in">
                    {' '}
                    · {w('signedIn')}（{w('signedInHint')}）
                  </Typography.Text>
                ) : null}
              </span>
            )}
            checkedKeys={state}
            expandedKeys={openKeys}
            onExpand={(keys) => setExpanded(keys.map(String))}
            onCheck={(_keys, info) => check(String(info.node.key), info.checked)}
          />
        </div>
      ) : (
        <Empty description={w('empty')} />
      )}
      {portals?.list.length ? (
        <fieldset data-testid="permission-portals" style={{ border: 0, padding: 0, margin: '12px 0 0' }}>
          <legend style={{ fontSize: 14, marginBottom: 4 }}>{w('portals')}</legend>
          {/* Plain checkboxes, each toggling its own portal: antd's Checkbox.Group answered a click only with the portals whose
              checkboxes had registered in an effect, so a click the moment the portals loaded revoked the others. */}
          <div style={{ display: 'flex', flexWrap: 'wrap', rowGap: 4 }}>
            {portals.list.map((p) => (
              <Checkbox key={p.id} disabled={inert} checked={portalIds.includes(p.id)} onChange={(e) => togglePortal(p.id, e.target.checked)}>
                {p.fullName}
              </Checkbox>
            ))}
          </div>
        </fieldset>
      ) : null}
    </div>
  );
}
export default memoWidget(PermissionTree);
