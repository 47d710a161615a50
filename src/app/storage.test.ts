// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { clearAll, getItem, getToken, removeItem, setItem, setToken } from './storage';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('storage helper (spec 000 §3)', () => {
  it('writes kd_<key>_<Type> and reads the same type back', () => {
    setItem('account', 'admin');
    setItem('sidebarStatus', 0);
    setItem('isLock', true);
    setItem('permissions', [{ modelId: 'm' }]);
    setItem('theme', { color: '#409EFF' });
    setItem('currentSupply', null);
    expect(Object.keys(localStorage).sort()).toEqual(['kd_account_String', 'kd_currentSupply_Null', 'kd_isLock_Boolean', 'kd_permissions_Array', 'kd_sidebarStatus_Number', 'kd_theme_Object']);
    expect(getItem('account')).toBe('admin');
    expect(getItem('sidebarStatus')).toBe(0);
    expect(getItem('isLock')).toBe(true);
    expect(getItem('permissions')).toEqual([{ modelId: 'm' }]);
    expect(getItem('theme')).toEqual({ color: '#409EFF' });
    expect(getItem('currentSupply')).toBeNull();
    expect(getItem('missing')).toBeUndefined();
  });

  it('replaces a value of another type and removes every variant', () => {
    setItem('x', 1);
    setItem('x', 'one');
    expect(Object.keys(localStorage)).toEqual(['kd_x_String']);
    removeItem('x');
    expect(localStorage.length).toBe(0);
  });

  it('keeps the session token in local and session storage', () => {
    setToken('Bearer abc');
    expect(localStorage.getItem('kd_token_String')).toBe('Bearer abc');
    expect(sessionStorage.getItem('kd_token_String')).toBe('Bearer abc');
    expect(getToken()).toBe('Bearer abc');
    setToken(null);
    expect(getToken()).toBeNull();
    expect(sessionStorage.length).toBe(0);
  });

  it('clearAll removes only kd_ keys', () => {
    localStorage.setItem('other', '1');
    setItem('a', 'b');
    clearAll();
    expect(Object.keys(localStorage)).toEqual(['other']);
  });
});
