import { Button, DatePicker, Divider, Form, Input, Modal, Select, Space, Spin, Switch, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../api/toast';
import { getShortLink, propsOf, type ShortLinkSettings, saveShortLink } from '../../api/shortLink';
import type { ActionDialogProps } from '../../runtime/actionDialogs';
import { SHORTLINK_NS } from './i18n';
import LinkQr from './LinkQr';

/** The dialog's editable values. */
interface Values {
  formUse: boolean;
  formPassUse: boolean;
  formPassword: string;
  expiry: Dayjs | null;
  columnUse: boolean;
  columnPassUse: boolean;
  columnPassword: string;
  columnCondition: string[];
  columnText: string[];
}

const valuesOf = (s: ShortLinkSettings): Values => ({
  formUse: s.formUse === 1,
  formPassUse: s.formPassUse === 1,
  formPassword: '',
  expiry: s.expiryTime ? dayjs(s.expiryTime) : null,
  columnUse: s.columnUse === 1,
  columnPassUse: s.columnPassUse === 1,
  columnPassword: '',
  columnCondition: propsOf(s.columnCondition),
  columnText: propsOf(s.columnText),
});

/**
 * 外链 on a model of 在线开发 (issue 18 item 7; JNPF's ShortLinkDialog): turn the public form link on or off, an optional
 * password (kept when left empty once set), an optional expiry, and the link itself to open, copy or share by QR code;
 * likewise the public query (公开查询): its link, password, and the public form's fields it searches by and shows. Saving keeps the
 * dialog open with the saved link (the first save makes it); the server's refusal (e.g. 请输入密码) is toasted.
 */
export default function ShortLinkDialog({ row, onClose, onDone }: ActionDialogProps) {
  const { t } = useTranslation(SHORTLINK_NS);
  const { t: c } = useTranslation();
  const modelId = String(row?.id ?? '');
  const [settings, setSettings] = useState<ShortLinkSettings | null>(null);
  const [values, setValues] = useState<Values | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    getShortLink(modelId)
      .then((s) => {
        if (!live) return;
        setSettings(s);
        setValues(valuesOf(s));
      })
      .catch(() => live && onClose());
    return () => {
      live = false;
    };
  }, [modelId, onClose]);

  const save = async () => {
    if (!values) return;
    setSaving(true);
    try {
      const env = await saveShortLink({
        id: modelId,
        formUse: values.formUse ? 1 : 0,
        formPassUse: values.formPassUse ? 1 : 0,
        formPassword: values.formPassUse ? values.formPassword : '',
        expiryTime: values.expiry ? values.expiry.valueOf() : null,
        columnUse: values.columnUse ? 1 : 0,
        columnPassUse: values.columnPassUse ? 1 : 0,
        columnPassword: values.columnPassUse ? values.columnPassword : '',
        columnCondition: values.columnCondition,
        columnText: values.columnText,
      });
      toast('success', env.msg, 1500);
      setSettings(env.data);
      setValues(valuesOf(env.data));
    } catch {
      // toasted by the client
    } finally {
      setSaving(false);
    }
  };

  const copy = async (link: string) => {
    if (!link) return;
    await navigator.clipboard?.writeText(link).catch(() => undefined);
    toast('success', t('copied'), 1500);
  };
  /** A saved link with 打开, 复制 and its QR code. */
  const linkRow = (link: string, testId: string) => (
    <Space.Compact style={{ width: '100%' }}>
      <Input readOnly value={link} data-testid={testId} />
      <Button onClick={() => window.open(link, '_blank', 'noopener')}>{t('open')}</Button>
      <Button type="primary" onClick={() => copy(link)}>
        {t('copy')}
      </Button>
      <LinkQr text={link} testId={`${testId}-qr`} />
    </Space.Compact>
  );
  const set = (patch: Partial<Values>) => setValues((v) => (v ? { ...v, ...patch } : v));
  const close = () => (settings ? onDone() : onClose());

  return (
    <Modal
      open
      title={t('title')}
      width={720}
      onCancel={close}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={close}>
          {c('common.close')}
        </Button>,
        <Button key="save" type="primary" loading={saving} disabled={!values} onClick={save} data-testid="short-link-save">
          {c('common.save')}
        </Button>,
      ]}
    >
      {!values || !settings ? (
        <Spin />
      ) : (
        <Form layout="horizontal" labelCol={{ span: 5 }} data-testid="short-link-dialog">
          <Form.Item label={t('formUse')} extra={t('formUseHint')}>
            <Switch checked={values.formUse} onChange={(formUse) => set({ formUse })} data-testid="short-link-use" />
          </Form.Item>
          {values.formUse && (
            <>
              <Form.Item label={t('link')}>
                {settings.formLink && settings.formUse === 1 ? (
                  linkRow(settings.formLink, 'short-link-url')
                ) : (
                  <Typography.Text type="secondary">{t('saveFirst')}</Typography.Text>
                )}
              </Form.Item>
              <Form.Item label={t('passUse')}>
                <Space>
                  <Switch checked={values.formPassUse} onChange={(formPassUse) => set({ formPassUse })} data-testid="short-link-pass-use" />
                  {values.formPassUse && (
                    <Input.Password
                      value={values.formPassword}
                      maxLength={20}
                      style={{ width: 220 }}
                      placeholder={settings.formPassUse === 1 ? t('passwordKeep') : t('enterPassword')}
                      onChange={(e) => set({ formPassword: e.target.value })}
                      data-testid="short-link-password"
                    />
                  )}
                </Space>
              </Form.Item>
            </>
          )}
          <Form.Item label={t('expiry')}>
            <DatePicker showTime value={values.expiry} placeholder={t('never')} onChange={(expiry) => set({ expiry })} disabledDate={(d) => d.isBefore(dayjs().startOf('day'))} />
          </Form.Item>
          <Divider />
          <Form.Item label={t('columnUse')} extra={t('columnUseHint')}>
            <Switch checked={values.columnUse} onChange={(columnUse) => set({ columnUse })} data-testid="short-link-column-use" />
          </Form.Item>
          {values.columnUse && (
            <>
              <Form.Item label={t('queryLink')}>
                {settings.columnLink && settings.columnUse === 1 ? linkRow(settings.columnLink, 'short-link-column-url') : <Typography.Text type="secondary">{t('saveFirst')}</Typography.Text>}
              </Form.Item>
              <Form.Item label={t('columnPassUse')}>
                <Space>
                  <Switch checked={values.columnPassUse} onChange={(columnPassUse) => set({ columnPassUse })} />
                  {values.columnPassUse && (
                    <Input.Password value={values.columnPassword} maxLength={20} style={{ width: 220 }} placeholder={settings.columnPassUse === 1 ? t('passwordKeep') : t('enterPassword')} onChange={(e) => set({ columnPassword: e.target.value })} />
                  )}
                </Space>
              </Form.Item>
              <Form.Item label={t('columnCondition')}>
                <Select mode="multiple" options={settings.columnOptions} value={values.columnCondition} onChange={(columnCondition) => set({ columnCondition })} data-testid="short-link-column-condition" />
              </Form.Item>
              <Form.Item label={t('columnText')}>
                <Select mode="multiple" options={settings.columnOptions} value={values.columnText} onChange={(columnText) => set({ columnText })} data-testid="short-link-column-text" />
              </Form.Item>
            </>
          )}
        </Form>
      )}
    </Modal>
  );
}
