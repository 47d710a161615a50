// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, type Mock, vi } from 'vitest';
import { renderers } from '../../renderers';
import { KdDataContext } from '../../renderers/_shared/KdDataContext';
import { clickOnAppear } from '../../renderers/_shared/clickOnAppear';
import { kdKeysOf, loadComponents } from '../../renderers/_shared/loadComponents';
import type { PageAction, PageConfig } from '../../schemas/page';
import page from '../pages/system/sysConfig.page.json';
import { ok } from '../testing/fakeApi';
import { fakeApiLifecycle } from '../testing/fakeApiLifecycle';
import TestShell from '../testing/TestShell';
import { kdData } from './kdData';
import PageActionDialog, { type PageActionDialogProps } from './PageActionDialog';

/**
 * What a page-action dialog saves is what its form shows at 确定 (系统配置's 登录安全 against a fake API): a switch flipped
 * the moment the form appeared — its widgets loaded already, as on a second opening, its effects not yet run — is
 * sent on (a CI run under load sent the image-code switch off after the flip); an equal row passed again or the page's
 * registry and forms prepared again keep the change. The record's GET is held until the test lets it answer.
 */
const api = fakeApiLifecycle();
const config = page as unknown as PageConfig;
const action = config.resource.actions!.find((a) => a.value === 'edit_security')! as PageAction;
const row = { id: 'security', fullName: '登录安全' };
const stored = { tokenTimeout: 480, passwordErrorsNumber: 5, lockType: 2, lockTime: 10, enableVerificationCode: 0, verificationCodeNumber: 4 };
const GET = 'GET /api/system/SysConfig/security';

/** The fake 登录安全 routes: the GET answers once `release` is called; `sent()` is the PUT's body (null before). */
function routes() {
  let release: () => void = () => {};
  const held = new Promise<void>((r) => (release = r));
  let body: Record<string, unknown> | null = null;
  api.on(GET, async () => {
    await held;
    return ok(stored);
  });
  api.on('PUT /api/system/SysConfig/security', (req) => {
    body = JSON.parse(req.body);
    return ok(null, '保存成功');
  });
  return { release, sent: () => body, loads: () => api.seen.filter((s) => `${s.method} ${s.path}` === GET).length };
}

const dialog = (props: Partial<PageActionDialogProps> = {}) => (
  <TestShell>
    <KdDataContext.Provider value={kdData}>
      <PageActionDialog action={action} row={row} rowName={row.fullName} forms={config.forms} registry={renderers} onClose={() => {}} onSaved={() => {}} {...props} />
    </KdDataContext.Provider>
  </TestShell>
);
const d = async () => within((await screen.findByText('编辑：登录安全', {}, { timeout: 5000 })).closest('.ant-modal') as HTMLElement);
const okButton = () => screen.getByTestId('page-action-ok') as HTMLButtonElement;
const imageCode = () => screen.getByRole('switch', { name: '登录图形验证码' });

/** Clicks 确定 once it is enabled and waits for the dialog's save to be done. */
async function save(saved: Mock<() => void>) {
  await waitFor(() => expect(okButton().disabled).toBe(false), { timeout: 5000 });
  fireEvent.click(okButton());
  await waitFor(() => expect(saved).toHaveBeenCalled(), { timeout: 5000 });
}

/** Opens the dialog, lets the record load and flips the image-code switch on once 确定 is enabled. */
async function openAndFlip(saved: Mock<() => void>) {
  const fake = routes();
  const view = render(dialog({ onSaved: saved }));
  fake.release();
  await waitFor(() => expect(okButton().disabled).toBe(false), { timeout: 5000 });
  fireEvent.click(imageCode());
  await waitFor(() => expect(imageCode().getAttribute('aria-checked')).toBe('true'));
  return { ...fake, view };
}

describe('a page-action dialog saves what its form shows', () => {
  it('sends the switch flipped the moment the form appeared, before the form’s effects ran; nothing is editable before the record', async () => {
    // The form's widgets are loaded already (a second opening): the form draws in the same commit as the record.
    await loadComponents(renderers, kdKeysOf(config.forms!.security.fields));
    const fake = routes();
    const saved = vi.fn<() => void>();
    render(dialog({ onSaved: saved }));
    const box = await d();
    await waitFor(() => expect(fake.loads()).toBe(1));
    // While the record loads: a spinner, no field to change, 确定 disabled.
    expect(box.queryByRole('switch')).toBeNull();
    expect(document.querySelector('.kd-page-action form.kd-form')).toBeNull();
    expect(okButton().disabled).toBe(true);
    // The user's click lands as soon as the switch is in the page (a DOM mutation's microtask, before React's effects).
    const flip = clickOnAppear('.kd-page-action [role="switch"]');
    fake.release();
    await waitFor(() => expect(flip.clicked()).toBe(true), { timeout: 5000 });
    flip.stop();
    await waitFor(() => expect(imageCode().getAttribute('aria-checked')).toBe('true'));
    await waitFor(() => expect((document.querySelector('#root_verificationCodeNumber') as HTMLInputElement | null)?.value).toBe('4'));
    await save(saved);
    expect(fake.sent()).toEqual({ ...stored, enableVerificationCode: 1 });
    expect(fake.loads()).toBe(1);
  });

  it('an equal row passed again as a new object (a list reload) neither loads the record again nor resets the change', async () => {
    const saved = vi.fn<() => void>();
    const fake = await openAndFlip(saved);
    fake.view.rerender(dialog({ onSaved: saved, row: { ...row } }));
    expect(imageCode().getAttribute('aria-checked')).toBe('true');
    await save(saved);
    expect(fake.sent()).toEqual({ ...stored, enableVerificationCode: 1 });
    expect(fake.loads()).toBe(1);
  });

  it('the page’s registry and forms prepared again (new objects) keep the change', async () => {
    const saved = vi.fn<() => void>();
    const fake = await openAndFlip(saved);
    fake.view.rerender(dialog({ onSaved: saved, registry: { ...renderers }, forms: structuredClone(config.forms) }));
    expect(imageCode().getAttribute('aria-checked')).toBe('true');
    await save(saved);
    expect(fake.sent()).toEqual({ ...stored, enableVerificationCode: 1 });
  });
});
