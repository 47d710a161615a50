import { Alert, Descriptions, Input, Space, Spin, Table, Tag, TreeSelect, Typography } from 'antd';
import { memo, useEffect, useMemo, useState } from 'react';
import { useFormValues } from '../_shared/FormValuesContext';
import { useKdData } from '../_shared/KdDataContext';
import type { DisplayProps } from '../_shared/types';
import type { ValuesAnswer, ValuesNode } from '../permission-tree/grantTree';
import { useWords } from '../permission-tree/words';
import { PERMISSION_EXPLAIN_STRINGS } from './words';

/** One grant source of the Explain answer: a role, position or the user's own grants, and what it gives of the menu. */
export interface ExplainSource {
  objectType: 'Role' | 'Position' | 'User';
  objectId: string;
  name: string;
  menu: boolean;
  button: string[];
  column: string[];
  form: string[];
  resource: string[];
}

/** The answer of `GET /api/permission/Authority/Explain` (server/src/modules/authority/explain-routes.ts). */
export interface ExplainAnswer {
  user: { id: string; account: string; realName: string; isAdministrator: boolean };
  /** `signedIn`: open to every signed-in user by design (no grant needed). */
  menu: { id: string; fullName: string; type: number; enabled: boolean; modelId: string | null; signedIn?: boolean };
  allowed: boolean;
  sources: ExplainSource[];
  readFields: string[] | null;
  writeFields: string[] | null;
  rowFilter: { text: string; sql: string | null; parameters: unknown[] } | null;
  record?: { id: string; exists: boolean; passes: boolean };
}

type MenuOption = { value: string; title: string; children: MenuOption[] };
const toOptions = (nodes: ValuesNode[] = []): MenuOption[] => nodes.map((n) => ({ value: n.id, title: n.fullName, children: toOptions(n.children) }));
const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

/**
 * The explainer (see definition.ts): a menu picker over the menus the caller may see (`POST …/Authority/Data/{userId}/
 * Values` type module), an optional record id, and what `GET /api/permission/Authority/Explain?userId&menuId&recordId`
 * answers: allowed or not, a table of the sources (role / position / user, by name) with the menu, buttons, columns,
 * form fields and schemes each grants, the row scope (readable text, SQL and parameters), the readable and writable
 * fields and, given a record, whether it passes. Read-only; stores nothing; inert on the designer's canvas.
 */
function PermissionExplain({ field, mode }: DisplayProps) {
  const w = useWords(PERMISSION_EXPLAIN_STRINGS);
  const data = useKdData();
  const record = useFormValues();
  const userId = str(record[str(field.idField) ?? 'id']);
  const [menus, setMenus] = useState<MenuOption[]>([]);
  const [menuId, setMenuId] = useState<string | undefined>();
  const [recordId, setRecordId] = useState('');
  const [asked, setAsked] = useState<{ menuId: string; recordId: string } | null>(null);
  const [answer, setAnswer] = useState<{ ok: true; data: ExplainAnswer } | { ok: false; msg: string } | null>(null);
  const inert = mode === 'design';

  useEffect(() => {
    if (!userId || inert) return;
    let live = true;
    data.request('POST', `/api/permission/Authority/Data/${encodeURIComponent(userId)}/Values`, { type: 'module', objectType: 'User' }).then(
      (a) => live && setMenus(toOptions((a as ValuesAnswer).list)),
      () => live && setMenus([]),
    );
    return () => {
      live = false;
    };
  }, [data, userId, inert]);

  useEffect(() => {
    if (!userId || !asked) return;
    let live = true;
    setAnswer(null);
    const q = new URLSearchParams({ userId, menuId: asked.menuId, ...(asked.recordId ? { recordId: asked.recordId } : {}) });
    data.request('GET', `/api/permission/Authority/Explain?${q.toString()}`).then(
      (a) => live && setAnswer({ ok: true, data: a as ExplainAnswer }),
      (e: unknown) => live && setAnswer({ ok: false, msg: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      live = false;
    };
  }, [data, userId, asked]);

  const columns = useMemo(() => {
    const list = (v: string[]) => (v.length ? v.map((x) => <Tag key={x}>{x}</Tag>) : '—');
    return [
      { key: 'source', title: w('source'), render: (_: unknown, s: ExplainSource) => `${w(s.objectType)}：${s.name}` },
      { key: 'menu', title: w('menuGrant'), render: (_: unknown, s: ExplainSource) => (s.menu ? w('yes') : w('no')) },
      ...(['button', 'column', 'form', 'resource'] as const).map((k) => ({ key: k, title: w(k), render: (_: unknown, s: ExplainSource) => list(s[k]) })),
    ];
  }, [w]);

  if (!userId && !inert) return <Alert type="info" showIcon title={w('noUser')} />;
  const a = answer?.ok ? answer.data : null;
  const who = a ? a.user.realName || a.user.account : '';
  return (
    <div className="kd-permission-explain" data-testid="permission-explain">
      <Space wrap style={{ marginBottom: 12 }}>
        <TreeSelect<string>
          aria-label={w('menu')}
          style={{ minWidth: 260 }}
          disabled={inert}
          showSearch={{ treeNodeFilterProp: 'title' }}
          treeDefaultExpandAll
          placeholder={w('pickMenu')}
          treeData={menus}
          value={menuId}
          onChange={(v) => {
            setMenuId(v);
            if (v) setAsked({ menuId: v, recordId: recordId.trim() });
          }}
        />
        <Input.Search
          aria-label={w('record')}
          placeholder={w('record')}
          disabled={inert}
          enterButton={w('explain')}
          value={recordId}
          onChange={(e) => setRecordId(e.target.value)}
          onSearch={(v) => menuId && setAsked({ menuId, recordId: v.trim() })}
          style={{ width: 300 }}
        />
      </Space>
      {asked && !answer ? <Spin /> : null}
      {answer && !answer.ok ? <Alert type="error" showIcon title={w('failed', { msg: answer.msg })} /> : null}
      {a ? (
        <Space orientation="vertical" style={{ width: '100%' }} data-testid="explain-answer">
          <Alert
            type={a.allowed ? 'success' : 'warning'}
            showIcon
            title={w(a.allowed ? 'allowed' : 'denied', { user: who, menu: a.menu.fullName })}
            description={[a.user.isAdministrator ? w('admin') : '', a.menu.enabled ? '' : w('disabledMenu'), a.menu.signedIn ? w('signedInMenu') : ''].filter(Boolean).join('；') || undefined}
          />
          {a.sources.length ? (
            <Table<ExplainSource> size="small" rowKey={(s) => `${s.objectType}:${s.objectId}`} pagination={false} dataSource={a.sources} columns={columns} className="kd-explain-sources" />
          ) : a.user.isAdministrator || a.menu.signedIn ? null : (
            <Typography.Text type="secondary">{w('noSource')}</Typography.Text>
          )}
          {a.allowed && a.menu.modelId ? (
            <Descriptions size="small" column={1} bordered>
              <Descriptions.Item label={w('rowFilter')}>{a.rowFilter?.sql ? a.rowFilter.text : w('allRows')}</Descriptions.Item>
              {a.rowFilter?.sql ? (
                <Descriptions.Item label={w('sql')}>
                  <Typography.Text code>{a.rowFilter.sql}</Typography.Text>
                  <div>
                    {w('parameters')}：<Typography.Text code>{JSON.stringify(a.rowFilter.parameters)}</Typography.Text>
                  </div>
                </Descriptions.Item>
              ) : null}
              <Descriptions.Item label={w('readFields')}>{a.readFields ? a.readFields.join(', ') || '—' : w('anyField')}</Descriptions.Item>
              <Descriptions.Item label={w('writeFields')}>{a.writeFields ? a.writeFields.join(', ') || '—' : w('anyField')}</Descriptions.Item>
            </Descriptions>
          ) : null}
          {a.record ? (
            <Alert type={a.record.passes ? 'success' : 'warning'} showIcon title={w(!a.record.exists ? 'recordMissing' : a.record.passes ? 'recordPasses' : 'recordHidden', { id: a.record.id })} />
          ) : null}
        </Space>
      ) : null}
    </div>
  );
}
export default memo(PermissionExplain);
