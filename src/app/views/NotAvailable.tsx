import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** Shown for menus and routes whose screens do not exist yet (menu types 4–8, unknown type-2 pages): never a blank page. */
export default function NotAvailable({ name }: { name?: string }) {
  const { t } = useTranslation();
  return <Result status="info" title={t('notAvailable.title')} subTitle={name ? `${name} · ${t('notAvailable.text')}` : t('notAvailable.text')} />;
}
