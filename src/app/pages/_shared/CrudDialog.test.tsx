// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp, Form, Input } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n';
import CrudDialog from './CrudDialog';

initI18n('zh');
afterEach(cleanup);

/** Renders the dialog with one required field; `probe` receives the form so a test can act on it. */
function Dialog({ save, probe }: { save: (v: { fullName: string }) => Promise<string>; probe: (f: ReturnType<typeof Form.useForm<{ fullName: string }>>[0]) => void }) {
  const [form] = Form.useForm<{ fullName: string }>();
  probe(form);
  return (
    <AntApp>
      <CrudDialog open title="新建" form={form} name="probe" onClose={() => undefined} save={save} onSaved={() => undefined}>
        <Form.Item name="fullName" label="名称" rules={[{ required: true, message: '名称不能为空' }]}>
          <Input />
        </Form.Item>
      </CrudDialog>
    </AntApp>
  );
}

describe('CrudDialog (admin add/edit dialog)', () => {
  it('saves even when another validation starts right after OK (antd answers outOfDate then)', async () => {
    const save = vi.fn(async () => 'id-1');
    let form!: ReturnType<typeof Form.useForm<{ fullName: string }>>[0];
    render(<Dialog save={save} probe={(f) => (form = f)} />);
    fireEvent.change(await screen.findByLabelText('名称', {}, { timeout: 15_000 }), { target: { value: '测试币' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    void form.validateFields(['fullName']).catch(() => undefined); // a newer validation, as a field change would start
    await waitFor(() => expect(save).toHaveBeenCalledWith({ fullName: '测试币' }), { timeout: 15_000 });
  });

  it('does not save while a field is invalid', async () => {
    const save = vi.fn(async () => 'id-1');
    render(<Dialog save={save} probe={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }, { timeout: 15_000 }));
    expect(await screen.findByText('名称不能为空', {}, { timeout: 15_000 })).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
  });
});
