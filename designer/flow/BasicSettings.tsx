import { AutoComplete, Form, Input, InputNumber, Radio, TreeSelect } from 'antd';
import { useEffect, useState } from 'react';
import type { ModelTreeNode } from '../../src/api/visualdevBase';
import { type FlowMeta, flowCategories, formModels } from './flowApi';
import StartProps from './StartProps';
import type { Translate } from './summary';
import type { FlowNode } from './tree';

type Option = { value: string; title: string; selectable: boolean; children?: Option[] };
const toTree = (nodes: ModelTreeNode[]): Option[] =>
  nodes.map((n) => ({ value: n.id, title: n.fullName, selectable: !n.children?.length && !n.hasChildren, ...(n.children?.length ? { children: toTree(n.children) } : {}) }));

/**
 * The flow's basic settings (issue 15 item 4): name, code, category (dictionary WorkFlowCategory or free text), the
 * bound online form (models of 在线开发), type, sort, description, and the start node's launch rights and errorRule.
 */
export default function BasicSettings({ meta, onMeta, start, setStart, t }: { meta: FlowMeta; onMeta: (patch: Partial<FlowMeta>) => void; start: FlowNode; setStart: (key: string, value: unknown) => void; t: Translate }) {
  const [models, setModels] = useState<ModelTreeNode[]>([]);
  const [categories, setCategories] = useState<Array<{ id: string; fullName: string }>>([]);
  useEffect(() => {
    let live = true;
    formModels().then((m) => live && setModels(m), () => undefined);
    flowCategories().then((c) => live && setCategories(c), () => undefined);
    return () => {
      live = false;
    };
  }, []);
  return (
    <Form layout="vertical" style={{ maxWidth: 720, margin: '24px auto', background: '#fff', padding: 24, borderRadius: 6 }} data-testid="flow-basic">
      <Form.Item label={t('flow.basic.fullName')} required>
        <Input id="flow-fullName" data-testid="flow-fullName" maxLength={100} value={meta.fullName} onChange={(e) => onMeta({ fullName: e.target.value })} />
      </Form.Item>
      <Form.Item label={t('flow.basic.enCode')} required>
        <Input id="flow-enCode" data-testid="flow-enCode" maxLength={50} value={meta.enCode} onChange={(e) => onMeta({ enCode: e.target.value })} />
      </Form.Item>
      <Form.Item label={t('flow.basic.category')}>
        <AutoComplete id="flow-category" value={meta.category} options={categories.map((c) => ({ value: c.id, label: c.fullName }))} onChange={(v) => onMeta({ category: String(v ?? '') })} />
      </Form.Item>
      <Form.Item label={t('flow.basic.form')}>
        <TreeSelect
          id="flow-form"
          data-testid="flow-form"
          aria-label={t('flow.basic.form')}
          allowClear
          showSearch
          treeNodeFilterProp="title"
          treeDefaultExpandAll
          placeholder={t('flow.basic.formPlaceholder')}
          value={meta.formId || undefined}
          treeData={toTree(models)}
          onChange={(v) => onMeta({ formId: (v as string | undefined) ?? '' })}
        />
      </Form.Item>
      <Form.Item label={t('flow.basic.type')}>
        <Radio.Group
          value={meta.type}
          onChange={(e) => onMeta({ type: e.target.value })}
          options={[
            { value: 0, label: t('flow.basic.typeLaunch') },
            { value: 1, label: t('flow.basic.typeFunction') },
          ]}
        />
      </Form.Item>
      <Form.Item label={t('flow.basic.sortCode')}>
        <InputNumber precision={0} value={meta.sortCode} onChange={(v) => onMeta({ sortCode: Number(v ?? 0) })} />
      </Form.Item>
      <Form.Item label={t('flow.basic.description')}>
        <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} value={meta.description} onChange={(e) => onMeta({ description: e.target.value })} />
      </Form.Item>
      <StartProps node={start} set={setStart} t={t} />
    </Form>
  );
}
