import { SearchOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The search box (antd Select) loads on first use: it is not needed to paint the shell.
const MenuSearchBox = lazy(() => import('./MenuSearchBox'));

/**
 * The header menu search (spec 000 §2): a search icon that opens {@link MenuSearchBox}, which filters the user's
 * accessible, non-hidden menus by title and path and navigates to the pick.
 */
export default function HeaderSearch() {
  const { t } = useTranslation();
  const [active, setActive] = useState(false);
  return (
    <span className="kd-nav-action kd-header-search" data-testid="header-search">
      <Tooltip title={t('navbar.search')}>
        <button type="button" className="kd-nav-icon-button" aria-label={t('navbar.search')} aria-expanded={active} onClick={() => setActive((a) => !a)} data-testid="header-search-icon">
          <SearchOutlined className="kd-nav-icon" />
        </button>
      </Tooltip>
      {active ? (
        <Suspense fallback={null}>
          <MenuSearchBox onDone={() => setActive(false)} />
        </Suspense>
      ) : null}
    </span>
  );
}
