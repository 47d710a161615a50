import { md5 } from 'js-md5';
import { callUrl, type Envelope, request, requestEnvelope } from './client';

/** Login reply (spec 000 §3): token is `Bearer <hex>`; changePwdTimes 0 forces a password change. */
export interface LoginResult {
  token: string;
  theme?: string | null;
  changePwdTimes?: number | null;
}

/** A server menu (spec 000 §2 "Dynamic routes"): a tree; `propertyJson` is a JSON string such as `{"moduleId":"…"}`. */
export interface MenuItem {
  id: string;
  parentId?: string | null;
  fullName: string;
  enCode: string;
  icon?: string | null;
  /** 1 folder, 2 page, 3 model, 4 dictionary, 5 report, 6 data view, 7 link, 8 portal. */
  type: number;
  urlAddress?: string | null;
  linkTarget?: string | null;
  category?: string | null;
  propertyJson?: string | null;
  sortCode?: number | null;
  hasChildren?: boolean;
  children?: MenuItem[] | null;
}

/** The signed-in user (spec 000 §3 "Current user info"). */
export interface UserInfo {
  userId: string;
  userAccount: string;
  userName: string;
  headIcon?: string | null;
  organizeId?: string | null;
  organizeName?: string | null;
  departmentName?: string | null;
  isAdministrator?: boolean;
  portalId?: string | null;
  extendProperty?: string | null;
  supplyIds?: unknown[] | null;
  currentSupply?: string | null;
  CurrentAcSet?: { Code?: string; Name?: string; OrgName?: string } | null;
  prevLogin?: number | null;
  /** Epoch milliseconds. */
  prevLoginTime?: number | null;
  prevLoginIPAddress?: string | null;
  prevLoginIPAddressName?: string | null;
  changePwdTimes?: number | null;
  [k: string]: unknown;
}

/** One item of a permission list: a button, column, form field or data scheme, keyed by enCode. */
export interface PermissionItem {
  id?: string;
  fullName?: string;
  enCode: string;
}

/** Permission entry per menu (spec 000 §6): modelId is the menu id. */
export interface PermissionEntry {
  modelId: string;
  moduleName?: string;
  button?: PermissionItem[];
  column?: PermissionItem[];
  form?: PermissionItem[];
  resource?: PermissionItem[];
}

/** CurrentUser reply (spec 000 §7). */
export interface CurrentUser {
  menuList: MenuItem[];
  userInfo: UserInfo | null;
  permissionList: PermissionEntry[];
}

/** Login form fields (spec 000 §3); `password` is the typed password, hashed here. */
export interface LoginInput {
  account: string;
  password: string;
  selectedAccount?: string;
  lang?: string;
  /** The sign-in image code typed by the user, with the `timestamp` key its image was drawn for (imageCodeUrl). */
  code?: string;
  timestamp?: string;
}

/** GET /api/oauth/getConfig/{account}'s answer: whether sign-in asks for an image code, and its length (3–6). */
export interface SignInConfig {
  enableVerificationCode: 0 | 1;
  verificationCodeNumber: number;
}

/** GET /api/oauth/getConfig/{account} (public, silent: a failure only leaves the image code off until the next try). */
export function signInConfig(account: string): Promise<SignInConfig> {
  return request<SignInConfig>(`/api/oauth/getConfig/${encodeURIComponent(account)}`, { silent: true });
}

/**
 * The address of a new sign-in image (GET /api/oauth/ImageCode/{length}/{timestamp}, an SVG) and its random `timestamp`
 * key, which Login sends back with the typed code. Each call names a new image.
 */
export function imageCodeUrl(length: number): { url: string; timestamp: string } {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  const timestamp = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return { url: callUrl(`/api/oauth/ImageCode/${length}/${timestamp}`), timestamp };
}

/** md5 hex of a typed password: the form every password travels in (spec 000 §5, design.md §6). */
export function hashPassword(plain: string): string {
  return md5(plain);
}

/**
 * POST /api/oauth/Login, form-encoded (spec 000 §7), with `code` and `timestamp` while the image code is on. Rejects
 * with the server message (e.g. 账户或密码错误，请重新输入, 验证码错误).
 */
export function login(input: LoginInput): Promise<LoginResult> {
  return request<LoginResult>('/api/oauth/Login', {
    method: 'post',
    form: {
      account: input.account,
      password: hashPassword(input.password),
      client_id: 'admin',
      client_secret: '123456',
      scope: 'all',
      grant_type: 'password',
      selectedAccount: input.selectedAccount ?? '',
      lang: input.lang ?? 'zh',
      ...(input.timestamp ? { code: input.code ?? '', timestamp: input.timestamp } : {}),
    },
  });
}

/** GET /api/oauth/CurrentUser: menus, user info and permissions (spec 000 §7). */
export function currentUser(): Promise<CurrentUser> {
  return request<CurrentUser>('/api/oauth/CurrentUser');
}

/** GET /api/oauth/Logout (spec 000 §7). */
export function logout(): Promise<unknown> {
  return request('/api/oauth/Logout', { silent: true });
}

/** POST /api/oauth/LockScreen: re-verifies account and password to unlock (spec 000 §2). */
export function lockScreen(account: string, password: string): Promise<unknown> {
  return request('/api/oauth/LockScreen', { method: 'post', json: { account, password: hashPassword(password) } });
}

/** GET /api/System/TimeoutSetting/Get: idle timeout in minutes (spec 000 §4). */
export function timeoutSetting(): Promise<{ tokenTimeout: number }> {
  return request('/api/System/TimeoutSetting/Get');
}

/** POST /api/permission/Users/Current/Actions/ModifyPassword with md5 hex passwords (spec 000 §7). Resolves the envelope (msg). */
export function modifyPassword(oldPassword: string, password: string): Promise<Envelope<unknown>> {
  return requestEnvelope('/api/permission/Users/Current/Actions/ModifyPassword', {
    method: 'post',
    json: { oldPassword: hashPassword(oldPassword), password: hashPassword(password) },
  });
}
