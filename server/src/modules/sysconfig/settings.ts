import Ajv from 'ajv';
import { sql } from 'kysely';
import { type NumericSetting, SETTINGS_GROUPS, type SettingsGroup, settingsGroupSchema } from '../../../../schemas/system-settings';
import type { Db } from '../../db/types';
import { type Lang, registerMessages, translate } from '../../i18n';
import { readOutboundSettings } from '../../lib/outbound';

/**
 * The system settings of 系统配置 (issue 12 item 6, issue 27 item 2, issue 23 item 2, issue 28 item 2): numeric settings in groups
 * (schemas/system-settings.ts), each a sys_config row under JNPF's key. A missing or out-of-range stored value reads
 * as its default (the modules that use a setting apply the same rule). Writes run in one transaction; sys_config is a
 * watched table, so the access caches of every instance drop at once (plugins/auth-cache.ts).
 */

registerMessages('sysconfig', {
  zh: {
    security: '登录安全',
    password: '密码策略',
    retention: '数据保留',
    outbound: '外部调用',
    lists: '列表与搜索',
    listsSummary: '列表总数精确统计至 {listTotalCap} 条，超过显示为 {listTotalCap}+；查询限时 {listTimeoutSeconds} 秒',
    securitySummary: '闲置 {tokenTimeout} 分钟退出；连续 {passwordErrorsNumber} 次密码错误{lock}{code}',
    codeOn: '；登录需 {verificationCodeNumber} 位图形验证码',
    lockTimed: '锁定 {lockTime} 分钟',
    lockAdmin: '锁定至管理员解锁',
    lockOff: '不锁定',
    passwordSummary: '最短 {passwordLengthMinNumber} 位；强度至少 {passwordScoreMin} 级',
    retentionSummary: '回收站保留 {recycleRetentionDays} 天；系统日志保留 {logRetentionDays} 天',
    outboundSummary: '超时 {outboundTimeoutMs} 毫秒；允许的内部地址：{hosts}',
    none: '无',
  },
  en: {
    security: 'Sign-in security',
    password: 'Password policy',
    retention: 'Data retention',
    outbound: 'Outbound calls',
    lists: 'Lists and search',
    listsSummary: 'List totals counted exactly up to {listTotalCap} rows, then shown as {listTotalCap}+; searches time out after {listTimeoutSeconds} s',
    securitySummary: 'Sign out after {tokenTimeout} idle minutes; after {passwordErrorsNumber} wrong passwords {lock}{code}',
    codeOn: '; sign-in asks for a {verificationCodeNumber}-character image code',
    lockTimed: 'lock for {lockTime} minutes',
    lockAdmin: 'lock until an administrator unlocks',
    lockOff: 'no lock',
    passwordSummary: 'At least {passwordLengthMinNumber} characters; strength at least {passwordScoreMin}',
    retentionSummary: 'Recycle bin kept {recycleRetentionDays} days; system logs kept {logRetentionDays} days',
    outboundSummary: 'Timeout {outboundTimeoutMs} ms; internal hosts allowed: {hosts}',
    none: 'none',
  },
  mas: {
    security: 'Keselamatan log masuk',
    password: 'Dasar kata laluan',
    retention: 'Penyimpanan data',
    outbound: 'Panggilan keluar',
    lists: 'Senarai dan carian',
    listsSummary: 'Jumlah senarai dikira tepat sehingga {listTotalCap} baris, selepas itu dipaparkan sebagai {listTotalCap}+; carian tamat masa selepas {listTimeoutSeconds} s',
    securitySummary: 'Log keluar selepas {tokenTimeout} minit melahu; selepas {passwordErrorsNumber} kata laluan salah {lock}{code}',
    codeOn: '; log masuk memerlukan kod imej {verificationCodeNumber} aksara',
    lockTimed: 'kunci {lockTime} minit',
    lockAdmin: 'kunci sehingga pentadbir membuka',
    lockOff: 'tiada kunci',
    passwordSummary: 'Sekurang-kurangnya {passwordLengthMinNumber} aksara; kekuatan sekurang-kurangnya {passwordScoreMin}',
    retentionSummary: 'Tong kitar semula disimpan {recycleRetentionDays} hari; log sistem disimpan {logRetentionDays} hari',
    outboundSummary: 'Had masa {outboundTimeoutMs} ms; hos dalaman dibenarkan: {hosts}',
    none: 'tiada',
  },
});

/** Every group id the page lists, in order; `outbound` is read and written through lib/outbound. */
export const GROUP_IDS = ['security', 'password', 'retention', 'lists', 'outbound'] as const;
/** A group id of GROUP_IDS. */
export type GroupId = (typeof GROUP_IDS)[number];

const ajv = new Ajv({ allErrors: true, strict: false });
const validators = new Map(Object.keys(SETTINGS_GROUPS).map((g) => [g, ajv.compile(settingsGroupSchema(g as SettingsGroup))]));

/** The stored value of `s` if it is an integer in range (and one of its values for an enum), else its default. */
function within(s: NumericSetting, raw: string | undefined): number {
  const text = raw?.trim() ?? '';
  const n = /^-?\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isInteger(n) || n < s.min || n > s.max) return s.default;
  return s.values && !s.values.includes(n) ? s.default : n;
}

/** The values of numeric group `group` (each key → its number; defaults for missing or invalid rows). */
export async function readSettingsGroup(db: Db, group: SettingsGroup): Promise<Record<string, number>> {
  const specs = SETTINGS_GROUPS[group] as readonly NumericSetting[];
  const rows = await db
    .selectFrom('sys_config')
    .select(['key', 'value'])
    .where(
      'key',
      'in',
      specs.map((s) => s.key),
    )
    .execute();
  const stored = new Map(rows.map((r) => [r.key, r.value]));
  return Object.fromEntries(specs.map((s) => [s.key, within(s, stored.get(s.key))]));
}

/**
 * Writes the keys of `input` into numeric group `group` in one transaction (the caller's when `db` is one; each row's
 * f_version + 1). Returns the keys refused (not an integer,
 * out of range, not one of the enum's values, or not of this group), each as `key` — nothing is written then.
 */
export async function writeSettingsGroup(db: Db, group: SettingsGroup, input: Record<string, unknown>): Promise<string[]> {
  const validate = validators.get(group);
  if (!validate || validate(input)) {
    const entries = Object.entries(input).map(([key, value]) => ({ key, value: String(value) }));
    const write = async (trx: Db) => {
      for (const e of entries) {
        await trx
          .insertInto('sys_config')
          .values(e)
          .onConflict((oc) => oc.column('key').doUpdateSet({ value: e.value, f_version: sql`sys_config.f_version + 1`, updated_at: new Date() }))
          .execute();
      }
    };
    // Inside the caller's transaction when given one (settings-routes.ts: with the group's version step).
    if (entries.length) await (db.isTransaction ? write(db) : db.transaction().execute(write));
    return [];
  }
  const bad = new Set<string>();
  for (const err of validate.errors ?? []) {
    const key = err.instancePath.replace(/^\//, '') || String((err.params as { additionalProperty?: string }).additionalProperty ?? '');
    if (key) bad.add(key);
  }
  return [...bad];
}

/** One row of the settings list: the group's id, its name and a one-line summary, in `lang`. */
export interface SettingsGroupRow {
  id: GroupId;
  fullName: string;
  summary: string;
}

/** The rows of GET /api/system/SysConfig: every group with its current values summarised in `lang`. */
export async function settingsGroupRows(db: Db, lang: Lang): Promise<SettingsGroupRow[]> {
  const tr = (key: string, vars: Record<string, string | number> = {}) => translate(lang, 'sysconfig', key, vars);
  const security = await readSettingsGroup(db, 'security');
  const lock = security.passwordErrorsNumber === 0 ? tr('lockOff') : security.lockType === 1 ? tr('lockAdmin') : tr('lockTimed', security);
  const outbound = await readOutboundSettings(db);
  const lists = await readSettingsGroup(db, 'lists');
  return [
    { id: 'security', fullName: tr('security'), summary: tr('securitySummary', { ...security, lock, code: security.enableVerificationCode ? tr('codeOn', security) : '' }) },
    { id: 'password', fullName: tr('password'), summary: tr('passwordSummary', await readSettingsGroup(db, 'password')) },
    { id: 'retention', fullName: tr('retention'), summary: tr('retentionSummary', await readSettingsGroup(db, 'retention')) },
    { id: 'lists', fullName: tr('lists'), summary: tr('listsSummary', { ...lists, listTotalCap: lists.listTotalCap.toLocaleString('en-US') }) },
    {
      id: 'outbound',
      fullName: tr('outbound'),
      summary: tr('outboundSummary', { outboundTimeoutMs: outbound.outboundTimeoutMs, hosts: outbound.outboundAllowedHosts.trim() || tr('none') }),
    },
  ];
}
