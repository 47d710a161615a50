// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderers } from '../index';
import switchDef from '../switch/definition';
import { clickOnAppear } from './clickOnAppear';
import KdForm from './KdForm';
import { kdKeysOf, loadComponents } from './loadComponents';
import { fieldFrom } from './stories';

/**
 * KdForm tells its parent (onChange) every change, also one made the moment the form appeared — its widgets loaded
 * already, so it draws in one commit, and the click lands before React's passive effects ran (ModelForm, the tree
 * editor and the page-action dialogs save the record onChange gave them; under load a 系统配置 switch was saved as
 * loaded while the form showed it flipped).
 */
const form = { fields: [{ ...fieldFrom(switchDef.scaffold, 'enableVerificationCode', '登录图形验证码', {}, { activeTxt: '开', inactiveTxt: '关' }), 'active-value': 1, 'inactive-value': 0 }] };
afterEach(cleanup);

/** Shows the form after a timer (outside React's act, as a record answer arrives), with the record loaded. */
function Late({ onChange }: { onChange: (r: Record<string, unknown>) => void }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setShown(true), 0);
    return () => clearTimeout(t);
  }, []);
  return shown ? <KdForm form={form} registry={renderers} formData={{ enableVerificationCode: 0 }} onChange={onChange} /> : null;
}

describe('KdForm onChange', () => {
  it('tells a change made as soon as the form is in the page', async () => {
    await loadComponents(renderers, kdKeysOf(form.fields));
    const onChange = vi.fn();
    const flip = clickOnAppear('[role="switch"]');
    render(<Late onChange={onChange} />);
    await waitFor(() => expect(flip.clicked()).toBe(true));
    flip.stop();
    await waitFor(() => expect(screen.getByRole('switch').getAttribute('aria-checked')).toBe('true'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ enableVerificationCode: 1 }));
  });
});
