import { Form, Input, InputNumber, Switch, TreeSelect } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DictionaryOption, type DictionaryType, getItem, itemParentSelector, saveItem } from '../../../../api/dictionary';
import CrudDialog from '../../_shared/CrudDialog';
import NameCodeItems from '../../_shared/NameCodeItems';

/** Props: the item's type, `id` of the item to edit (undefined to add, optionally under `parentId`). */
export interface ItemFormProps {
  open: boolean;
  type: DictionaryType;
  id?: string;
  parentId?: string;
  onClose: () => void;
  onSaved: () => void;
}

interface Values {
  parentId?: string;
  fullName: string;
  enCode: string;
  sortCode: number;
  enabled: boolean;
  description?: string;
}

function toNodes(list: DictionaryOption[]): Array<{ value: string; title: string; children?: ReturnType<typeof toNodes> }> {
  return list.map((o) => ({ value: o.id, title: o.fullName, children: o.children?.length ? toNodes(o.children) : undefined }));
}

/**
 * Add/edit dialog of a dictionary item (spec 001 §7 Dictionary data): parent (tree dictionaries only, without the
 * item's own subtree), name, code (spec 001 §5 code rule), sort, state, description. Server errors (e.g. a code taken
 * in this dictionary) toast and keep the dialog open.
 */
export default function ItemForm({ open, type, id, parentId, onClose, onSaved }: ItemFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [parents, setParents] = useState<DictionaryOption[]>([]);
  const tree = type.isTree === 1;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ parentId: parentId && parentId !== '-1' ? parentId : undefined, sortCode: 0, enabled: true });
    if (tree) itemParentSelector(type.id, id ?? '0', 1).then(setParents, () => setParents([]));
    if (id) {
      getItem(id).then(
        (it) =>
          form.setFieldsValue({
            parentId: it.parentId === '-1' || it.parentId === '0' ? undefined : it.parentId,
            fullName: it.fullName,
            enCode: it.enCode,
            sortCode: it.sortCode,
            enabled: it.enabledMark === 1,
            description: it.description ?? '',
          }),
        () => onClose(),
      );
    }
  }, [open, id, parentId, type.id, tree, form, onClose]);

  return (
    <CrudDialog
      open={open}
      title={`${id ? t('dictionary.editItem') : t('dictionary.addItem')} · ${type.fullName}`}
      form={form}
      name="dictionary-item"
      onClose={onClose}
      save={(v) =>
        saveItem(
          {
            dictionaryTypeId: type.id,
            parentId: v.parentId ?? '-1',
            fullName: v.fullName,
            enCode: v.enCode,
            sortCode: v.sortCode ?? 0,
            enabledMark: v.enabled ? 1 : 0,
            description: v.description ?? null,
          },
          id,
        )
      }
      onSaved={() => onSaved()}
    >
        {tree && (
          <Form.Item name="parentId" label={t('dictionary.parentItem')}>
            <TreeSelect allowClear treeData={toNodes(parents)} placeholder={t('sys.root')} treeDefaultExpandAll showSearch treeNodeFilterProp="title" />
          </Form.Item>
        )}
        <NameCodeItems nameLabel={t('dictionary.fullName')} codeLabel={t('dictionary.enCode')} />
        <Form.Item name="sortCode" label={t('sys.sortCode')}>
          <InputNumber min={-999999} max={999999} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="enabled" label={t('sys.status')} valuePropName="checked">
          <Switch checkedChildren={t('sys.enabled')} unCheckedChildren={t('sys.disabled')} />
        </Form.Item>
        <Form.Item name="description" label={t('sys.description')}>
          <Input.TextArea maxLength={500} rows={3} />
        </Form.Item>
    </CrudDialog>
  );
}
