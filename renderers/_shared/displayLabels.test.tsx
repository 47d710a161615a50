// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderers } from '../index';
import KdForm from './KdForm';
import { settle } from './renderStory';
import { fieldFrom } from './stories';

/**
 * Display widgets in a form (found by the every-widget e2e): those whose config keeps `showLabel` (qrcode, barcode,
 * relationFormAttr/popupAttr not stored) show their label like any field; text, alert, divider… (showLabel false) don't.
 */
afterEach(cleanup);

describe('display widget labels', () => {
  it('labels qrcode, barcode and the attr widgets; not text or alert', async () => {
    const f = (kdKey: string, label: string, props: Record<string, unknown> = {}) => fieldFrom(renderers[kdKey].scaffold, '', label, {}, props);
    const form = {
      fields: [
        fieldFrom(renderers.relationForm.scaffold, 'supplier', '供应商', {}, { modelId: 'm1', relationField: 'name' }),
        f('relationFormAttr', '供应商编码', { relationField: 'supplier', showField: 'code' }),
        f('popupAttr', '物料名称', { relationField: 'supplier', showField: 'name' }),
        f('qrcode', '二维码'),
        f('barcode', '条形码'),
        f('text', '文本', { content: '说明文字' }),
        f('alert', '提示', { title: '提示标题' }),
      ],
    };
    await act(async () => render(<KdForm form={form} registry={renderers} formData={{}} />));
    for (let i = 0; i < 200 && !document.querySelector('form.kd-form'); i++) await settle(10);
    await settle(20);
    const labels = [...document.querySelectorAll('label, .kd-display-label')].map((l) => l.textContent);
    expect(labels).toEqual(expect.arrayContaining(['供应商', '供应商编码', '物料名称', '二维码', '条形码']));
    expect(labels).not.toContain('文本');
    expect(labels).not.toContain('提示');
    expect(screen.getByText('说明文字')).toBeTruthy();
  });
});
