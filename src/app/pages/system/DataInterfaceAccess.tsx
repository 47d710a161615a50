import { Form, Modal, Radio, Select, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataInterfaceRecord, type GrantOption, getInterfaceGrants, grantOptions, type InterfaceGrants, saveInterfaceGrants } from '../../../api/dataInterface';
import { toast } from '../../../api/toast';

/** Props: the interface whose run grants are edited (null = closed); `onSaved` after a successful save. */
export interface DataInterfaceAccessProps {
  record: DataInterfaceRecord | null;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * The 运行权限 dialog of a data interface (issue 20 item 3; `GET|POST /api/system/DataInterface/{id}/Authorize`):
 * "who may run" is every signed-in user, or the chosen roles and users (administrators always may; forms bound to
 * the interface load it for whoever may open them). Roles and users come from the permission selectors. Positions
 * granted elsewhere are kept as they are.
 */
export default function DataInterfaceAccess({ record, onClose, onSaved }: DataInterfaceAccessProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<InterfaceGrants>();
  const [options, setOptions] = useState<{ roles: GrantOption[]; users: GrantOption[] } | null>(null);
  const [loaded, setLoaded] = useState<InterfaceGrants | null>(null);
  const [busy, setBusy] = useState(false);
  const scope = Form.useWatch('runScope', form);

  useEffect(() => {
    if (!record) return;
    let live = true;
    setLoaded(null);
    Promise.all([getInterfaceGrants(record.id), grantOptions()]).then(
      ([grants, opts]) => {
        if (!live) return;
        setOptions(opts);
        setLoaded(grants);
        form.setFieldsValue(grants);
      },
      () => live && onClose(),
    );
    return () => {
      live = false;
    };
  }, [record, form, onClose]);

  const save = async () => {
    if (!record || !loaded) return;
    const v = await form.validateFields();
    setBusy(true);
    try {
      await saveInterfaceGrants(record.id, { runScope: v.runScope, roleIds: v.roleIds ?? [], userIds: v.userIds ?? [], positionIds: loaded.positionIds });
      toast('success', t('sys.saved'));
      onSaved();
    } catch {
      // The client's error toast shows the server's message.
    } finally {
      setBusy(false);
    }
  };

  const pick = (list: GrantOption[] | undefined) => (list ?? []).map((o) => ({ value: o.id, label: o.fullName }));
  return (
    <Modal open={!!record} title={t('dataInterface.accessTitle', { name: record?.fullName ?? '' })} onCancel={onClose} onOk={() => void save()} confirmLoading={busy} okButtonProps={{ disabled: !loaded }} destroyOnHidden>
      {!loaded ? (
        <Spin />
      ) : (
        <Form form={form} layout="vertical" initialValues={loaded}>
          <Form.Item name="runScope" label={t('dataInterface.runScope')}>
            <Radio.Group
              options={[
                { value: 'signedIn', label: t('dataInterface.scopes.signedIn') },
                { value: 'granted', label: t('dataInterface.scopes.granted') },
              ]}
            />
          </Form.Item>
          {scope !== 'signedIn' && (
            <>
              <Form.Item name="roleIds" label={t('dataInterface.roles')}>
                <Select mode="multiple" allowClear optionFilterProp="label" aria-label={t('dataInterface.roles')} options={pick(options?.roles)} />
              </Form.Item>
              <Form.Item name="userIds" label={t('dataInterface.users')} extra={t('dataInterface.accessHint')}>
                <Select mode="multiple" allowClear optionFilterProp="label" aria-label={t('dataInterface.users')} options={pick(options?.users)} />
              </Form.Item>
            </>
          )}
        </Form>
      )}
    </Modal>
  );
}
