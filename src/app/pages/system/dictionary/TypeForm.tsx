import { Form, Input, InputNumber, Switch, TreeSelect } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DictionaryType, getType, saveType, typeSelector } from '../../../../api/dictionary';
import CrudDialog from '../../_shared/CrudDialog';
import NameCodeItems from '../../_shared/NameCodeItems';

/** Props: `id` of the type to edit, or undefined to add (with `parentId` preselected); `onSaved` gets the id. */
export interface TypeFormProps {
  open: boolean;
  id?: string;
  parentId?: string;
  onClose: () => void;
  onSaved: (id: string | undefined) => void;
}

interface Values {
  parentId?: string;
  fullName: string;
  enCode: string;
  isTree: boolean;
  sortCode: number;
  description?: string;
}

/** Maps types to TreeSelect nodes. */
function toNodes(list: DictionaryType[]): Array<{ value: string; title: string; children?: ReturnType<typeof toNodes> }> {
  return list.map((t) => ({ value: t.id, title: t.fullName, children: t.children?.length ? toNodes(t.children) : undefined }));
}

/**
 * Add/edit dialog of a dictionary type (spec 001 §7 Dictionary types): parent (tree without the type's own subtree),
 * name, code (spec 001 §5 code rule), tree flag, sort, description. Server errors toast and keep the dialog open.
 */
export default function TypeForm({ open, id, parentId, onClose, onSaved }: TypeFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [parents, setParents] = useState<DictionaryType[]>([]);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ parentId: parentId && parentId !== '-1' ? parentId : undefined, isTree: false, sortCode: 0 });
    typeSelector(id ?? '0').then(setParents, () => setParents([]));
    if (id) {
      getType(id).then(
        (ty) =>
          form.setFieldsValue({
            parentId: ty.parentId === '-1' ? undefined : ty.parentId,
            fullName: ty.fullName,
            enCode: ty.enCode,
            isTree: ty.isTree === 1,
            sortCode: ty.sortCode,
            description: ty.description ?? '',
          }),
        () => onClose(),
      );
    }
  }, [open, id, parentId, form, onClose]);

  return (
    <CrudDialog
      open={open}
      title={id ? t('dictionary.editType') : t('dictionary.addType')}
      form={form}
      name="dictionary-type"
      onClose={onClose}
      save={(v) =>
        saveType({ parentId: v.parentId ?? '-1', fullName: v.fullName, enCode: v.enCode, isTree: v.isTree ? 1 : 0, sortCode: v.sortCode ?? 0, description: v.description ?? null }, id)
      }
      onSaved={onSaved}
    >
        <Form.Item name="parentId" label={t('dictionary.parentType')}>
          <TreeSelect allowClear treeData={toNodes(parents)} placeholder={t('sys.root')} treeDefaultExpandAll />
        </Form.Item>
        <NameCodeItems nameLabel={t('dictionary.typeName')} codeLabel={t('dictionary.typeCode')} />
        <Form.Item name="isTree" label={t('dictionary.isTree')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="sortCode" label={t('sys.sortCode')}>
          <InputNumber min={-999999} max={999999} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="description" label={t('sys.description')}>
          <Input.TextArea maxLength={500} rows={3} />
        </Form.Item>
    </CrudDialog>
  );
}
