// biome-ignore-all lint/suspicious/noTemplateCurlyInString: link placeholders are literal ${…} text
import { describe, expect, it } from 'vitest';
import type { MenuItem } from '../api/oauth';
import { linkUrl, menuPath, substituteLink } from './menu';

const hosts = { dataV: 'https://bi.example.com/DataV/', oa: 'https://oa.example.com/' };
const menu = (over: Partial<MenuItem>): MenuItem => ({ id: 'm1', parentId: '-1', fullName: 'Link', enCode: 'link', type: 7, urlAddress: '', hasChildren: false, children: null, ...over }) as MenuItem;

describe('link menus (spec 000 §2 menu types 6 and 7, §5 allowed schemes)', () => {
  it('substitutes the data-visualisation host, the OA host and the token (without Bearer, URL-encoded)', () => {
    expect(substituteLink('${dataV}screen/1?t=${token}', hosts, 'Bearer a+b/c')).toBe('https://bi.example.com/DataV/screen/1?t=a%2Bb%2Fc');
    expect(substituteLink('${OA}/login?jnpf=${jnpfToken}', hosts, 'Bearer x')).toBe('https://oa.example.com/login?jnpf=x');
    expect(substituteLink('https://plain.example.com/a', hosts, 'Bearer x')).toBe('https://plain.example.com/a');
  });

  it('type 6 opens the data-visualisation view of its module id with the token', () => {
    expect(linkUrl(menu({ type: 6, propertyJson: '{"moduleId":"v 1"}' }), 'Bearer tok', hosts)).toBe('https://bi.example.com/DataV/view/v%201?token=tok');
    expect(linkUrl(menu({ type: 6, propertyJson: '{}' }), 'Bearer tok', hosts)).toBeNull();
    expect(menuPath(menu({ type: 6 }))).toBeNull();
  });

  it('type 7: _blank opens outside, otherwise an in-app tab at /link/<id>; unsafe schemes never open', () => {
    expect(menuPath(menu({ urlAddress: 'https://x.example.com', linkTarget: '_blank' }))).toBeNull();
    expect(menuPath(menu({ urlAddress: 'https://x.example.com', linkTarget: '_self' }))).toBe('/link/m1');
    expect(menuPath(menu({ urlAddress: '${oa}home' }))).toBe('/link/m1');
    expect(menuPath(menu({ urlAddress: '' }))).toBeNull();
    expect(linkUrl(menu({ urlAddress: '${oa}home?token=${token}' }), 'Bearer t', hosts)).toBe('https://oa.example.com/home?token=t');
    expect(linkUrl(menu({ urlAddress: 'javascript:alert(1)' }), 't', hosts)).toBeNull();
    expect(linkUrl(menu({ urlAddress: '//evil.example.com' }), 't', hosts)).toBeNull();
    expect(linkUrl(menu({ urlAddress: '/static/help.html' }), 't', hosts)).toBe('/static/help.html');
    expect(linkUrl(menu({ urlAddress: 'mailto:it@example.com' }), 't', hosts)).toBe('mailto:it@example.com');
  });
});
