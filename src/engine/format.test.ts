import { describe, expect, it } from 'vitest';
import { chineseAmount, formatFileSize, formatString, relativeTime, toMillis } from './format';

describe('format helpers (spec 001 §9)', () => {
  it('file sizes use B, KB, MB, GB with 2 decimals', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1536)).toBe('1.50 KB');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5.00 MB');
    expect(formatFileSize(3.25 * 1024 ** 3)).toBe('3.25 GB');
    expect(formatFileSize(-1)).toBe('0 B');
  });
  it('relative time labels', () => {
    const now = Date.UTC(2024, 5, 30, 12);
    const ago = (s: number) => relativeTime(now - s * 1000, now);
    expect(ago(10)).toBe('刚刚');
    expect(ago(5 * 60)).toBe('5分钟前');
    expect(ago(3 * 3600)).toBe('3小时前');
    expect(ago(2 * 86400)).toBe('2天前');
    expect(ago(15 * 86400)).toBe('2周前');
    expect(ago(65 * 86400)).toBe('2个月前');
    expect(relativeTime(Date.UTC(2023, 0, 2, 12), now, 'zh', 'YYYY-MM-DD')).toBe('2023-01-02');
    expect(relativeTime(Math.floor((now - 120_000) / 1000), now)).toBe('2分钟前');
    expect(relativeTime(now - 90_000, now, 'en')).toBe('1 minute ago');
    expect(relativeTime(now - 150_000, now, 'en')).toBe('2 minutes ago');
    expect(relativeTime(now - 3 * 3600_000, now, 'tw')).toBe('3 小時前');
  });
  it('ten-digit timestamps are seconds', () => {
    expect(toMillis(1700000000)).toBe(1700000000000);
    expect(toMillis(1700000000000)).toBe(1700000000000);
  });
  it('{n} and {name} placeholders', () => {
    expect(formatString('当前限制最多可以上传{0}个文件', 3)).toBe('当前限制最多可以上传3个文件');
    expect(formatString('文件大小超过{size}{unit}', { size: 5, unit: 'MB' })).toBe('文件大小超过5MB');
    expect(formatString('{a}{1}', 'x')).toBe('{a}{1}');
  });
  it('Chinese amounts', () => {
    expect(chineseAmount(0)).toBe('零元整');
    expect(chineseAmount(100)).toBe('壹佰元整');
    expect(chineseAmount(1234.5)).toBe('壹仟贰佰叁拾肆元伍角');
    expect(chineseAmount(10001.01)).toBe('壹万零壹元零壹分');
    expect(chineseAmount(100000000)).toBe('壹亿元整');
    expect(chineseAmount(0.07)).toBe('柒分');
    expect(chineseAmount(-20.3)).toBe('负贰拾元叁角');
    expect(chineseAmount('999999999999.99')).toBe('玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分');
    expect(() => chineseAmount(1e12)).toThrow('金额过大');
  });
});
