import { Button, Descriptions, Form, Input, Radio, Space, Spin } from 'antd';
import { useSetAtom } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { type BaseInfo, type BaseInfoInput, getBaseInfo, saveBaseInfo } from '../../api/currentUser';
import { toast } from '../../api/toast';
import { formatTime } from '../format';
import { userInfoAtom } from '../session/atoms';

const FIELDS = ['realName', 'gender', 'mobilePhone', 'email', 'signature'] as const;

/**
 * The profile's base information (GET/POST …/Current/BaseInfo): read-only facts (account, organisation, positions,
 * manager, roles, dates) and an edit form for name, gender, mobile (^1[3-9]\d{9}$), e-mail and signature. A field the
 * server refuses (code 400, msg naming it) is marked on that field; success toasts 修改成功 and renames the navbar user.
 */
export default function BaseInfoTab() {
  const { t } = useTranslation();
  const [form] = Form.useForm<BaseInfoInput>();
  const setUser = useSetAtom(userInfoAtom);
  const [info, setInfo] = useState<BaseInfo | null>(null);
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const load = useCallback(() => getBaseInfo().then(setInfo, () => undefined), []);
  useEffect(() => {
    void load();
  }, [load]);
  if (!info) return <Spin className="kd-page-spin" />;
  const genderText = (g: string | null) => (g === '1' ? t('profile.male') : g === '2' ? t('profile.female') : t('profile.secret'));
  const save = async (v: BaseInfoInput) => {
    setBusy(true);
    try {
      const env = await saveBaseInfo(Object.fromEntries(FIELDS.map((k) => [k, v[k] ?? ''])) as BaseInfoInput, { silent: true });
      toast('success', env.msg || t('common.saved'));
      setInfo(env.data ?? info);
      setUser((u) => (u ? { ...u, userName: env.data?.realName ?? u.userName } : u));
      setEditing(false);
    } catch (e) {
      const msg = e instanceof ApiError ? e.msg : '';
      const field = FIELDS.find((f) => msg.includes(f) || msg.includes(t(`profile.${f}`)));
      if (field) form.setFields([{ name: field, errors: [msg] }]);
      else toast('error', msg || t('common.requestError'), 1500);
    } finally {
      setBusy(false);
    }
  };
  if (editing) {
    return (
      <Form form={form} layout="vertical" style={{ maxWidth: 480 }} initialValues={{ realName: info.realName, gender: info.gender ?? '3', mobilePhone: info.mobilePhone ?? '', email: info.email ?? '', signature: info.signature ?? '' }} onFinish={save}>
        <Form.Item name="realName" label={t('profile.realName')} rules={[{ required: true, message: t('profile.realNameRequired') }, { max: 50 }]}>
          <Input id="realName" />
        </Form.Item>
        <Form.Item name="gender" label={t('profile.gender')}>
          <Radio.Group options={[{ value: '1', label: t('profile.male') }, { value: '2', label: t('profile.female') }, { value: '3', label: t('profile.secret') }]} />
        </Form.Item>
        <Form.Item name="mobilePhone" label={t('profile.mobilePhone')} rules={[{ pattern: /^1[3-9]\d{9}$/, message: t('profile.mobileRule') }]}>
          <Input id="mobilePhone" />
        </Form.Item>
        <Form.Item name="email" label={t('profile.email')} rules={[{ type: 'email', message: t('profile.emailRule') }]}>
          <Input id="email" />
        </Form.Item>
        <Form.Item name="signature" label={t('profile.signature')} rules={[{ max: 500 }]}>
          <Input.TextArea id="signature" rows={3} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('common.save')}
          </Button>
          <Button onClick={() => setEditing(false)}>{t('common.cancel')}</Button>
        </Space>
      </Form>
    );
  }
  return (
    <>
      <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered>
        <Descriptions.Item label={t('profile.account')}>{info.account}</Descriptions.Item>
        <Descriptions.Item label={t('profile.realName')}>{info.realName}</Descriptions.Item>
        <Descriptions.Item label={t('profile.gender')}>{genderText(info.gender)}</Descriptions.Item>
        <Descriptions.Item label={t('profile.mobilePhone')}>{info.mobilePhone || '-'}</Descriptions.Item>
        <Descriptions.Item label={t('profile.email')}>{info.email || '-'}</Descriptions.Item>
        <Descriptions.Item label={t('profile.organize')}>{info.organize || '-'}</Descriptions.Item>
        <Descriptions.Item label={t('profile.position')}>{info.position || '-'}</Descriptions.Item>
        <Descriptions.Item label={t('profile.manager')}>{info.manager || '-'}</Descriptions.Item>
        <Descriptions.Item label={t('profile.roles')}>{info.roleId || '-'}</Descriptions.Item>
        <Descriptions.Item label={t('profile.creatorTime')}>{formatTime(info.creatorTime) || '-'}</Descriptions.Item>
        <Descriptions.Item label={t('profile.prevLogin')}>{[formatTime(info.prevLogTime), info.prevLogIP].filter(Boolean).join(' ') || '-'}</Descriptions.Item>
        <Descriptions.Item label={t('profile.signature')}>{info.signature || '-'}</Descriptions.Item>
      </Descriptions>
      <Button type="primary" style={{ marginTop: 16 }} onClick={() => setEditing(true)}>
        {t('profile.editInfo')}
      </Button>
    </>
  );
}
