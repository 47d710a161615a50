import { Card, Col, Empty, Row } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DictionaryType } from '../../../api/dictionary';
import type { PageProps } from '..';
import ItemTable from './dictionary/ItemTable';
import TypeTree from './dictionary/TypeTree';
import './i18n';
import { usePageButtons } from './usePageButtons';

/**
 * 数据字典 (menu urlAddress `system/dictionary`; spec 001 §7 Dictionary types and data): the dictionary-type tree on
 * the left, the selected type's items on the right. Buttons follow the menu's btn_add / btn_edit / btn_remove grants.
 */
export default function Dictionary({ menuId }: Partial<PageProps>) {
  const { t } = useTranslation();
  const can = usePageButtons(menuId);
  const [type, setType] = useState<DictionaryType | null>(null);
  const onSelect = useCallback((next: DictionaryType | null) => setType(next), []);
  return (
    <Row gutter={16} className="kd-dictionary-page">
      <Col xs={24} md={7} lg={6}>
        <TypeTree selectedId={type?.id ?? null} onSelect={onSelect} can={can} />
      </Col>
      <Col xs={24} md={17} lg={18}>
        {type ? (
          <ItemTable key={type.id} type={type} can={can} />
        ) : (
          <Card variant="borderless">
            <Empty description={t('dictionary.selectType')} />
          </Card>
        )}
      </Col>
    </Row>
  );
}
