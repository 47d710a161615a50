import { Alert, Button, Card, Input, Result, Space, Spin, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { renderers } from '../../../renderers';
import KdForm from '../../../renderers/_shared/KdForm';
import type { FormConfig } from '../../../schemas/form';
import { ApiError } from '../../api/client';
import { hashPassword } from '../../api/oauth';
import { checkLinkPassword, getLinkForm, getLinkInfo, type LinkInfo, submitLinkForm } from '../../api/shortLink';
import { type FieldError, type MessageLang, validateRecord } from '../../engine/validate';
import { currentLanguage } from '../../i18n';
import { compileModel, defaultRecord, outgoingRecord } from '../../runtime/compileModel';
import { SHORTLINK_NS } from './i18n';
import PublicQuery from './PublicQuery';

/** What the page shows. */
type Stage = { kind: 'loading' } | { kind: 'refused'; msg: string } | { kind: 'password'; info: LinkInfo } | { kind: 'list'; info: LinkInfo } | { kind: 'form'; info: LinkInfo; form: FormConfig } | { kind: 'done'; info: LinkInfo; form: FormConfig };

const msgOf = (e: unknown, fallback: string) => (e instanceof ApiError && e.msg ? e.msg : fallback);

/** 400 `{ errors }` of the model's validation as field errors. */
function errorsOf(e: unknown): FieldError[] {
  if (!(e instanceof ApiError) || e.code !== 400) return [];
  const list = (e.data as { errors?: FieldError[] } | null)?.errors ?? [];
  return list.filter((x) => x?.field && x.message);
}

/**
 * The public form page `/formShortLink?id=<modelId>&encryption=<token>` (issue 18 item 7; JNPF's views/formShortLink):
 * no sign-in and no shell. It asks the server whether the link is open (a closed, unknown or expired link shows the
 * server's words: 外链不存在或已关闭 / 外链已过期), asks for the password when the link has one (checkPwd; 密码错误
 * under the field), then renders the model's public form with the generic engine (KdForm), validates it with the same
 * compiled schema and submits it; the model's 400 marks the fields, success shows 提交成功 with 再填一份. A public
 * query's link (getConfig `type: 'list'`) shows the query instead (PublicQuery), after its own password.
 */
export default function FormShortLink() {
  const { t } = useTranslation(SHORTLINK_NS);
  const [params] = useSearchParams();
  const modelId = params.get('id') ?? '';
  const encryption = params.get('encryption') ?? '';
  const [stage, setStage] = useState<Stage>({ kind: 'loading' });
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState('');
  const passwordMd5 = useRef<string | null>(null);
  const lang = currentLanguage() as MessageLang;

  const openForm = useCallback(
    (info: LinkInfo) =>
      info.type === 'list'
        ? Promise.resolve(setStage({ kind: 'list', info }))
        : getLinkForm(modelId, encryption)
        .then((c) => setStage({ kind: 'form', info, form: JSON.parse(c.formData) as FormConfig }))
        .catch((e) => setStage({ kind: 'refused', msg: msgOf(e, t('badLink')) })),
    [modelId, encryption, t],
  );

  useEffect(() => {
    if (!modelId || !encryption) {
      setStage({ kind: 'refused', msg: t('badLink') });
      return;
    }
    getLinkInfo(modelId, encryption)
      .then((info) => ((info.type === 'list' ? info.columnPassUse : info.formPassUse) === 1 ? setStage({ kind: 'password', info }) : openForm(info)))
      .catch((e) => setStage({ kind: 'refused', msg: msgOf(e, t('badLink')) }));
  }, [modelId, encryption, openForm, t]);

  const unlock = async (info: LinkInfo) => {
    if (!password) return setPasswordError(t('enterPassword'));
    const md5 = hashPassword(password);
    try {
      await checkLinkPassword(modelId, encryption, md5);
      passwordMd5.current = md5;
      setPasswordError('');
      await openForm(info);
    } catch (e) {
      setPasswordError(msgOf(e, t('badLink')));
    }
  };

  return (
    <div className="kd-short-link" style={{ minHeight: '100vh', background: '#f5f6f8', padding: '32px 16px' }} data-testid="form-short-link">
      <div style={{ maxWidth: 880, margin: '0 auto' }}>
        {stage.kind === 'loading' && <Spin />}
        {stage.kind === 'refused' && <Result status="warning" title={stage.msg} data-testid="short-link-refused" />}
        {stage.kind === 'password' && (
          <Card title={stage.info.fullName}>
            <Space direction="vertical" style={{ width: '100%', maxWidth: 360 }}>
              <Input.Password value={password} placeholder={t('enterPassword')} status={passwordError ? 'error' : undefined} onChange={(e) => setPassword(e.target.value)} onPressEnter={() => unlock(stage.info)} data-testid="short-link-unlock-password" />
              {passwordError && <Typography.Text type="danger">{passwordError}</Typography.Text>}
              <Button type="primary" onClick={() => unlock(stage.info)} data-testid="short-link-unlock">
                {t('unlock')}
              </Button>
            </Space>
          </Card>
        )}
        {stage.kind === 'list' && <PublicQuery modelId={modelId} encryption={encryption} info={stage.info} passwordMd5={passwordMd5.current} />}
        {stage.kind === 'form' && <PublicForm info={stage.info} form={stage.form} lang={lang} submit={(record) => submitLinkForm(modelId, encryption, record, passwordMd5.current)} onDone={() => setStage({ ...stage, kind: 'done' })} />}
        {stage.kind === 'done' && (
          <Result status="success" title={t('submitted')} extra={<Button onClick={() => setStage({ ...stage, kind: 'form' })}>{t('again')}</Button>} data-testid="short-link-done" />
        )}
      </div>
    </div>
  );
}

/** Props of {@link PublicForm}. */
interface PublicFormProps {
  info: LinkInfo;
  form: FormConfig;
  lang: MessageLang;
  submit: (record: Record<string, unknown>) => Promise<unknown>;
  onDone: () => void;
}

/** The public form itself: KdForm over the compiled public form, 提交 and 重置. */
function PublicForm({ info, form, lang, submit, onDone }: PublicFormProps) {
  const { t } = useTranslation(SHORTLINK_NS);
  const { compiled, registry } = useMemo(() => compileModel(form, renderers), [form]);
  const current = useRef<Record<string, unknown>>(defaultRecord(compiled));
  const [revision, setRevision] = useState(0);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [failure, setFailure] = useState('');
  const [saving, setSaving] = useState(false);
  const [ready, setReady] = useState(false);

  const send = async () => {
    const body = outgoingRecord(compiled, current.current);
    const errs = validateRecord(compiled, Object.fromEntries(Object.entries(body).filter(([, v]) => v !== null && v !== '')), lang, current.current);
    setErrors(errs);
    setFailure('');
    if (errs.length) return;
    setSaving(true);
    try {
      await submit(body);
      onDone();
    } catch (e) {
      setErrors(errorsOf(e));
      setFailure(msgOf(e, ''));
    } finally {
      setSaving(false);
    }
  };
  const reset = () => {
    current.current = defaultRecord(compiled);
    setErrors([]);
    setFailure('');
    setRevision((n) => n + 1);
  };

  return (
    <Card title={info.fullName}>
      {failure && <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} data-testid="short-link-failure" />}
      <KdForm key={revision} form={form} registry={registry} formData={current.current} mode="edit" lang={lang} onChange={(r) => (current.current = r)} serverErrors={errors} onReady={setReady} />
      <Space style={{ marginTop: 16 }}>
        <Button type="primary" loading={saving} disabled={!ready} onClick={send} data-testid="short-link-submit">
          {t('submit')}
        </Button>
        <Button onClick={reset}>{t('reset')}</Button>
      </Space>
    </Card>
  );
}
