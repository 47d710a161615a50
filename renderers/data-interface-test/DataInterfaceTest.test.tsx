// @vitest-environment happy-dom
import { composeStories } from '@storybook/react-vite';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeData } from '../_shared/fakeData';
import { renderStory } from '../_shared/renderStory';
import * as stories from './DataInterfaceTest.stories';

const { Basic, ReadOnly, Invalid, Design } = composeStories(stories);
afterEach(cleanup);
const send = () => screen.getByRole('button', { name: /发送请求/ });

describe('dataInterfaceTest', () => {
  it('Basic prefills the default parameters, sends the edited ones (paged) and shows the rows as a table and JSON', async () => {
    const log: string[] = [];
    const data = fakeData({ '/api/system/DataInterface/': (_m: string, _p: string, b: unknown) => ({ list: [{ supplierCode: 'S0001', supplierName: '宁波面料', echo: b }], pagination: { total: 1 } }) }, log);
    await renderStory(<Basic data={data} />);
    const value = screen.getByLabelText('name') as HTMLInputElement;
    expect(value.value).toBe('%宁波%');
    fireEvent.change(value, { target: { value: '%面料%' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /分页/ }));
    fireEvent.click(send());
    await waitFor(() => expect(screen.getByTestId('di-answer').textContent).toContain('宁波面料'));
    expect(log).toEqual(['POST /api/system/DataInterface/di-1/Actions/Response {"name":"%面料%","currentPage":1,"pageSize":20}']);
    expect(document.querySelector('.kd-di-answer-table')?.textContent).toContain('S0001');
  });
  it('Basic adds a parameter row', async () => {
    await renderStory(<Basic />);
    fireEvent.click(screen.getByRole('button', { name: /添加参数/ }));
    fireEvent.change(screen.getByLabelText('参数名 2'), { target: { value: 'code' } });
    expect((screen.getByLabelText('code') as HTMLInputElement).value).toBe('');
  });
  it('ReadOnly still runs the interface', async () => {
    await renderStory(<ReadOnly />);
    fireEvent.click(send());
    await waitFor(() => expect(screen.getByTestId('di-answer').textContent).toContain('宁波面料'));
  });
  it('Invalid shows the server’s message', async () => {
    await renderStory(<Invalid />);
    fireEvent.click(send());
    expect(await screen.findByText('调用失败：SQL 执行失败：canceling statement due to statement timeout')).toBeTruthy();
  });
  it('Design is inert', async () => {
    await renderStory(<Design />);
    expect(send().hasAttribute('disabled')).toBe(true);
  });
});
