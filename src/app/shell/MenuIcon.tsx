import {
  ApartmentOutlined,
  ApiOutlined,
  AppstoreAddOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  BookOutlined,
  DashboardOutlined,
  FileTextOutlined,
  FolderOutlined,
  HomeOutlined,
  LinkOutlined,
  NotificationOutlined,
  NumberOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  TableOutlined,
  TeamOutlined,
  UserOutlined,
  WifiOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';
import type { MenuItem } from '../../api/oauth';

type Icon = ComponentType<{ className?: string }>;

/**
 * Icons a menu may name (antd names; every icon the seeded menus name is here); others fall back to the menu type's icon.
 * Kept small so the bundle stays lean.
 */
const BY_NAME: Record<string, Icon> = {
  ApartmentOutlined,
  ApiOutlined,
  AppstoreAddOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  BookOutlined,
  DashboardOutlined,
  FileTextOutlined,
  FolderOutlined,
  HomeOutlined,
  LinkOutlined,
  NotificationOutlined,
  NumberOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  TableOutlined,
  TeamOutlined,
  UserOutlined,
  WifiOutlined,
};
const BY_TYPE: Record<number, Icon> = { 1: FolderOutlined, 2: FileTextOutlined, 3: TableOutlined, 4: BookOutlined, 5: BarChartOutlined, 6: DashboardOutlined, 7: LinkOutlined, 8: AppstoreOutlined };

/** The icon of a menu: its `icon` when it names a known antd icon, else one per menu type. */
export default function MenuIcon({ menu, className }: { menu: Pick<MenuItem, 'type' | 'icon'>; className?: string }) {
  const Icon = (menu.icon && BY_NAME[menu.icon]) || BY_TYPE[menu.type] || FileTextOutlined;
  return <Icon className={className} />;
}
