import { failWith, type MessageTable } from '../dictionary/localized-error';

type Key = 'conflict' | 'versionRequired' | 'versionAhead' | 'mergedOk' | 'deleteConflict';

/** Messages of record versions (issue 27 item 1), kept apart from messages.ts so that table stays as its owner left it. */
export const versionMessages: MessageTable<Key> = {
  zh: {
    conflict: '{user}于{time}修改了{fields}，与您的修改冲突，未保存。请查看对方的修改后选择',
    versionRequired: '此表单已开启并发锁定，提交时须带上数据版本（version），请刷新后重试',
    versionAhead: '数据版本{version}不存在，请刷新后重试',
    mergedOk: '修改成功，已与{users}对{fields}的修改合并',
    deleteConflict: '{user}于{time}修改了此数据，未删除。请刷新后再删除',
  },
  en: {
    conflict: '{user} changed {fields} at {time}; your change conflicts with it and was not saved. Review their change and choose',
    versionRequired: 'This form has concurrency locking on: a save must carry the record version; reload and try again',
    versionAhead: 'Record version {version} does not exist; reload and try again',
    mergedOk: 'Saved; merged with the change of {users} to {fields}',
    deleteConflict: '{user} changed this record at {time}; it was not deleted. Reload before deleting',
  },
};

/** `versionFail(code, key, vars, data)`: a localized ApiError of record versions. */
export const versionFail = failWith(versionMessages);

/** A message of this table in `lang` (zh/tw → zh, en/mas → en), for reply messages of successful writes. */
export function versionText(key: Key, vars: Record<string, string | number>, lang: string): string {
  const which = lang === 'en' || lang === 'mas' ? 'en' : 'zh';
  return versionMessages[which][key].replace(/\{(\w+)\}/g, (m, n: string) => (n in vars ? String(vars[n]) : m));
}
