import { Checkbox, Input, Select, TreeSelect } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataSourceType, newDataSourceConfig, SUB_TABLE_CONTENT } from '../schemas/data-source';
import { type InterfaceOption, interfaceResponse, interfaceSelector, sourceList } from '../src/api/dataInterface';
import { type ModelTreeNode, modelSelector } from '../src/api/visualdevBase';
import { DESIGNER_NS } from './i18n';

/** Props of {@link ContentInput}. */
export interface ContentInputProps {
  type: DataSourceType;
  content: string;
  onChange: (content: string) => void;
  /** Offer the sub-table pick (the form has chosen tables). */
  subTableAvailable: boolean;
}

function toTree(nodes: ModelTreeNode[]): Array<{ value: string; title: string; selectable: boolean; children?: ReturnType<typeof toTree> }> {
  return nodes.map((n) => ({
    value: n.hasChildren || n.children?.length ? `category:${n.id}` : n.id,
    title: n.fullName,
    selectable: !(n.hasChildren || n.children?.length),
    ...(n.children?.length ? { children: toTree(n.children) } : {}),
  }));
}

/**
 * The type-dependent content of a data source (spec 001 §2, §3): SQL text (1, with the optional sub-table pick),
 * an interface from the selector (2), an external URL (3) or a feature from the model selector (4). Choosing an
 * interface or entering a URL makes a test call whose result is ignored (spec 001 §7).
 */
export default function ContentInput({ type, content, onChange, subTableAvailable }: ContentInputProps) {
  const { t } = useTranslation(DESIGNER_NS);
  const [interfaces, setInterfaces] = useState<InterfaceOption[]>([]);
  const [features, setFeatures] = useState<ModelTreeNode[]>([]);
  useEffect(() => {
    let live = true;
    // Failed loads only stop the loading indicator (spec 001 §7).
    if (type === 2) interfaceSelector().then((l) => live && setInterfaces(Array.isArray(l) ? l : []), () => {});
    if (type === 4) modelSelector(1).then((l) => live && setFeatures(l), () => {});
    return () => {
      live = false;
    };
  }, [type]);

  if (type === 2) {
    return (
      <Select
        aria-label={t('ds.content')}
        showSearch
        optionFilterProp="label"
        style={{ width: '100%' }}
        placeholder={t('ds.interfacePlaceholder')}
        value={content || undefined}
        options={interfaces.map((i) => ({ value: i.id, label: `${i.fullName} (${i.enCode})` }))}
        onChange={(id: string) => {
          onChange(id);
          interfaceResponse(id, {}, true).catch(() => {});
        }}
      />
    );
  }
  if (type === 3) {
    return (
      <Input
        aria-label={t('ds.content')}
        placeholder={t('ds.urlPlaceholder')}
        value={content}
        onChange={(e) => onChange(e.target.value)}
        onBlur={() => {
          if (/^https?:\/\//i.test(content.trim())) sourceList({ config: newDataSourceConfig({ type: 3, content: content.trim() }) }, { currentPage: 1, pageSize: 20, params: { name: 'test' } }, true).catch(() => {});
        }}
      />
    );
  }
  if (type === 4) {
    return (
      <TreeSelect
        aria-label={t('ds.content')}
        style={{ width: '100%' }}
        placeholder={t('ds.featurePlaceholder')}
        treeDefaultExpandAll
        showSearch
        treeNodeFilterProp="title"
        value={content || undefined}
        treeData={toTree(features)}
        onChange={(id: string) => onChange(id)}
      />
    );
  }
  const subTable = content === SUB_TABLE_CONTENT;
  return (
    <div className="kd-ds-sql">
      {subTableAvailable ? (
        <Checkbox checked={subTable} onChange={(e) => onChange(e.target.checked ? SUB_TABLE_CONTENT : '')}>
          {t('ds.subTable')}
        </Checkbox>
      ) : null}
      {subTable ? null : (
        <Input.TextArea aria-label={t('ds.content')} rows={4} placeholder={t('ds.sqlPlaceholder')} value={content} onChange={(e) => onChange(e.target.value)} spellCheck={false} />
      )}
    </div>
  );
}
