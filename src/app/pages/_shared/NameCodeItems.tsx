import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { CODE_PATTERN } from '../system/i18n';

/** Props of {@link NameCodeItems}: the labels of the name and code fields. */
export interface NameCodeItemsProps {
  nameLabel: string;
  codeLabel: string;
}

/**
 * The fullName and enCode fields of an admin dialog (spec 001 §5): the name required (not blank, ≤ 100), the code
 * required and by the code rule (CODE_PATTERN, ≤ 50); messages name the field (请输入X) or state the code rule.
 */
export default function NameCodeItems({ nameLabel, codeLabel }: NameCodeItemsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="fullName" label={nameLabel} rules={[{ required: true, whitespace: true, message: t('sys.required', { field: nameLabel }) }]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item
        name="enCode"
        label={codeLabel}
        rules={[
          { required: true, message: t('sys.required', { field: codeLabel }) },
          { pattern: CODE_PATTERN, message: t('sys.codeRule') },
        ]}
      >
        <Input maxLength={50} />
      </Form.Item>
    </>
  );
}
