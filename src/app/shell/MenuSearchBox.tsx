import { Select } from 'antd';
import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { menuListAtom } from '../session/atoms';
import { searchMenus } from './menuSearch';
import { useMenuOpen } from './useMenuOpen';

/**
 * The header search box (spec 000 §2 "Header search"): typing filters the user's accessible, non-hidden menus by title
 * and path ({@link searchMenus}); picking a result navigates to it and calls `onDone`; leaving the box calls `onDone`.
 * Loaded when the search icon is first clicked.
 */
export default function MenuSearchBox({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const menus = useAtomValue(menuListAtom);
  const open = useMenuOpen();
  const [keyword, setKeyword] = useState('');
  const options = useMemo(
    () =>
      searchMenus(menus, keyword).map((h) => ({
        value: h.id,
        label: (
          <span className="kd-search-hit">
            {h.title}
            <span className="kd-search-path">{h.path}</span>
          </span>
        ),
      })),
    [menus, keyword],
  );
  return (
    <Select
      showSearch={{ filterOption: false, searchValue: keyword, onSearch: setKeyword }}
      autoFocus
      defaultOpen
      value={null}
      placeholder={t('navbar.searchPlaceholder')}
      options={options}
      notFoundContent={keyword.trim() ? t('common.noData') : null}
      onChange={(id: string) => {
        open(id);
        onDone();
      }}
      onBlur={onDone}
      className="kd-search-select"
      variant="borderless"
      aria-label={t('navbar.search')}
    />
  );
}
