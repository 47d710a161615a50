// @vitest-environment happy-dom
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import MenuIcon from './MenuIcon';

const label = (icon: string | undefined, type = 2) => render(<MenuIcon menu={{ type, icon }} />).container.querySelector('[role=img]')?.getAttribute('aria-label');

describe('MenuIcon', () => {
  it('draws the antd icon a seeded menu names (通知公告, 在线用户, 数据接口, 菜单管理, 单据规则, 组织管理)', () => {
    expect(label('NotificationOutlined')).toBe('notification');
    expect(label('WifiOutlined')).toBe('wifi');
    expect(label('ApiOutlined')).toBe('api');
    expect(label('AppstoreAddOutlined')).toBe('appstore-add');
    expect(label('NumberOutlined')).toBe('number');
    expect(label('ApartmentOutlined')).toBe('apartment');
  });

  it("falls back to the menu type's icon for an unknown or missing name", () => {
    expect(label('el-icon-s-home', 1)).toBe('folder');
    expect(label(undefined, 3)).toBe('table');
    expect(label('NoSuchOutlined', 9)).toBe('file-text');
  });
});
