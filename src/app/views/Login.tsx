import { useAtomValue, useStore } from 'jotai';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from '../../api/toast';
import { SignInError, signIn } from '../session/actions';
import { brandingAtom } from '../session/branding';
import { safeRedirect } from '../session/guard';
import { useSystemName } from '../shell/useSystemName';
import LoginLanguages from './LoginLanguages';
import { useImageCode } from './useImageCode';

/**
 * The sign-in page /login (spec 000 §2, §5, §8): account + password (sent as md5 hex); errors as toasts —
 * the server's message (e.g. wrong password), 验证失败，请重新登录。 or 您的权限不足，请联系管理员.
 * Inputs `#account`, `#password`; the submit button reads 登录 / Sign in. On success goes to `redirect` or /.
 * While the system setting asks for an image code (系统配置 登录安全; useImageCode), the form also shows the image
 * (a click draws another) and `#code`; the code goes with its image's timestamp, and a refused sign-in draws a new one.
 * The system name and the login logo come from sysconfig with local fallbacks (spec 000 §1, §8).
 * Built of plain markup (no antd) so that the sign-in route's first JavaScript stays small (issue 5 item 10).
 */
export default function Login() {
  const { t } = useTranslation();
  const store = useStore();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ account?: boolean; password?: boolean; code?: boolean }>({});
  const imageCode = useImageCode();
  const name = useSystemName();
  const { logos } = useAtomValue(brandingAtom);
  const [logoBroken, setLogoBroken] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const missing = { account: !account.trim(), password: !password, code: !!imageCode.image && !code.trim() };
    setErrors(missing);
    if (missing.account || missing.password || missing.code || busy) return;
    setBusy(true);
    try {
      // The setting is asked for when the account changes; a form sent straight from the keyboard asks here.
      const wasShown = imageCode.image;
      if ((await imageCode.check(account)) && !wasShown) {
        setErrors({ code: true });
        return;
      }
      await signIn(store, { account: account.trim(), password, ...(wasShown ? { code: code.trim(), timestamp: wasShown.timestamp } : {}) });
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (err) {
      if (err instanceof SignInError) toast('error', err.message, 1500);
      // A refused sign-in used the code up (or the setting changed meanwhile): ask again and show a new image.
      setCode('');
      await imageCode.check(account, true);
    } finally {
      setBusy(false);
    }
  };

  const field = (id: 'account' | 'password' | 'code', value: string, set: (v: string) => void, extra?: ReactNode) => (
    <div className={`kd-field${errors[id] ? ' has-error' : ''}${extra ? ' kd-login-code' : ''}`}>
      <input
        id={id}
        name={id}
        type={id === 'password' ? 'password' : 'text'}
        value={value}
        placeholder={t(`login.${id}Placeholder`)}
        aria-label={t(`login.${id}`)}
        aria-invalid={errors[id] || undefined}
        autoComplete={id === 'password' ? 'current-password' : id === 'account' ? 'username' : 'off'}
        onChange={(e) => {
          set(e.target.value);
          if (errors[id]) setErrors((x) => ({ ...x, [id]: false }));
        }}
        onBlur={id === 'account' ? () => void imageCode.check(account) : undefined}
      />
      {extra}
      {errors[id] ? <div className="kd-field-error">{t(`login.${id}Placeholder`)}</div> : null}
    </div>
  );

  return (
    <div className="kd-login">
      <div className="kd-login-brand">
        <div className="kd-login-logo">{logos.login && !logoBroken ? <img src={logos.login} alt="" onError={() => setLogoBroken(true)} /> : 'KD'}</div>
        <h1>{name}</h1>
        <p>{t('login.slogan')}</p>
      </div>
      <main className="kd-login-main">
        <div className="kd-login-lang">
          <LoginLanguages />
        </div>
        <form className="kd-login-card" onSubmit={submit} autoComplete="off" noValidate>
          <h2 className="kd-login-title">{t('login.title')}</h2>
          <p className="kd-login-subtitle">{t('login.subtitle')}</p>
          {field('account', account, setAccount)}
          {field('password', password, setPassword)}
          {imageCode.image
            ? field(
                'code',
                code,
                setCode,
                <button type="button" className="kd-login-code-image" onClick={imageCode.refresh} title={t('login.changeCode')}>
                  <img src={imageCode.image.url} alt={t('login.changeCode')} width={120} height={40} />
                </button>,
              )
            : null}
          <button id="login-submit" type="submit" className="kd-login-submit" disabled={busy} aria-busy={busy}>
            {busy ? <span className="kd-login-busy" aria-hidden /> : null}
            {t('login.submit')}
          </button>
        </form>
      </main>
    </div>
  );
}
