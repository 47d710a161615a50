// @vitest-environment happy-dom
import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderers } from '../../renderers';
import type { FormConfig } from '../../schemas/form';
import { initI18n } from '../../src/i18n';
import TestShell from '../../src/testing/TestShell';
import { newModel } from '../DesignerPage';
import FormDesigner from './FormDesigner';

beforeAll(() => {
  initI18n('zh');
  configure({ asyncUtilTimeout: 15000 });
});
afterEach(() => {
  cleanup();
  globalThis.localStorage.clear();
});

const WAIT = { timeout: 15_000 };
const selected = () => screen.getByTestId('designer-canvas').querySelector('[data-selected="true"]') as HTMLElement | null;

/** Edits the first prop of the inspector part (a switch flips, a text box takes a value) and checks the panel shows it back. */
async function editInspector(kdKey: string): Promise<'switch' | 'text' | 'select' | 'none'> {
  const part = screen.getByTestId('designer-props').querySelector('.kd-designer-inspector');
  if (!part) return 'none';
  const sw = part.querySelector('button[role="switch"]') as HTMLButtonElement | null;
  if (sw) {
    const before = sw.getAttribute('aria-checked');
    fireEvent.click(sw);
    await waitFor(() => expect((part.querySelector('button[role="switch"]') as HTMLElement).getAttribute('aria-checked')).not.toBe(before), WAIT);
    return 'switch';
  }
  const text = part.querySelector('input.ant-input') as HTMLInputElement | null;
  if (text) {
    fireEvent.change(text, { target: { value: `v-${kdKey}` } });
    await waitFor(() => expect((part.querySelector('input.ant-input') as HTMLInputElement).value).toBe(`v-${kdKey}`), WAIT);
    return 'text';
  }
  const select = part.querySelector('.ant-select') as HTMLElement | null;
  if (select) {
    const shown = () => part.querySelector('.ant-select')?.textContent ?? '';
    const before = shown();
    fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
    const options = await waitFor(() => {
      const list = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')] as HTMLElement[];
      expect(list.length).toBeGreaterThan(1);
      return list;
    }, WAIT);
    fireEvent.click(options.find((o) => o.textContent !== before) ?? options[1]);
    await waitFor(() => expect(shown()).not.toBe(before), WAIT);
    return 'select';
  }
  return 'none';
}

describe('every renderer in the designer (issue 13 Tests: a loop over the registry)', () => {
  it('each scaffold is dropped, selected, its inspector rendered and edited (the server’s check of the result: designer/model/serverCheck.test.ts)', { timeout: 240_000 }, async () => {
    render(
      <TestShell>
        <FormDesigner model={newModel()} registry={renderers} onLeave={() => {}} />
      </TestShell>,
    );
    const edited: Record<string, string> = {};
    for (const kdKey of Object.keys(renderers)) {
      await act(async () => fireEvent.click(screen.getByTestId(`designer-palette-item-${kdKey}`)));
      await waitFor(() => expect(selected()).toBeTruthy(), WAIT);
      await waitFor(() => expect(screen.getByTestId('designer-props').querySelector('.kd-designer-prop-head code')?.textContent).toBe(kdKey), WAIT);
      fireEvent.change(document.getElementById('kd-fd-label') as HTMLInputElement, { target: { value: `L-${kdKey}` } });
      edited[kdKey] = await editInspector(kdKey);
    }
    // Every widget with an inspector of its own was edited through it.
    const withInspector = Object.keys(renderers).filter((k) => Object.keys(renderers[k].inspector.properties ?? {}).length);
    expect(withInspector.filter((k) => edited[k] === 'none')).toEqual([]);
    fireEvent.click(screen.getByTestId('designer-json'));
    const form = JSON.parse((await screen.findByTestId('designer-json-text')).textContent ?? '') as FormConfig;
    expect(form.fields.map((f) => f.__config__.kdKey)).toEqual(Object.keys(renderers));
    expect(form.fields.every((f) => f.__config__.label === `L-${f.__config__.kdKey}`)).toBe(true);
  });
});
