import { Collapse, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldConfig } from '../../schemas/field';
import { DESIGNER_NS } from '../i18n';

/** The fields of a form at every level that hold a value (containers opened), in order. */
function leaves(fields: FieldConfig[], out: FieldConfig[] = []): FieldConfig[] {
  for (const f of fields) {
    if (f.__vModel__) out.push(f);
    const kids = f.__config__?.children as FieldConfig[] | undefined;
    if (Array.isArray(kids) && f.__config__.kdKey !== 'table') leaves(kids, out);
  }
  return out;
}

/**
 * The built-in page's own fields in extension mode (issue 26 item 4): a collapsed "页面自带字段" panel above the canvas
 * listing each field's label, vModel and kdKey, read-only, so the administrator sees what exists.
 */
export default function OwnFields({ fields }: { fields: FieldConfig[] }) {
  const { t } = useTranslation(DESIGNER_NS);
  const list = leaves(fields);
  return (
    <div className="kd-designer-own-fields" data-testid="designer-own-fields" onClick={(e) => e.stopPropagation()}>
    <Collapse
      size="small"
      items={[
        {
          key: 'own',
          label: t('fd.ext.own', { count: list.length }),
          children: (
            <>
              <Typography.Paragraph type="secondary">{t('fd.ext.ownHint')}</Typography.Paragraph>
              <ul className="kd-designer-own-list">
                {list.map((f) => (
                  <li key={f.__vModel__}>
                    {String(f.__config__.label ?? f.__vModel__)} <Tag>{f.__vModel__}</Tag>
                    <Typography.Text type="secondary">{f.__config__.kdKey}</Typography.Text>
                  </li>
                ))}
              </ul>
            </>
          ),
        },
      ]}
    />
    </div>
  );
}
