import { failWith, type MessageTable } from '../dictionary/localized-error';

type Key = 'restoreUnique' | 'restoreOk' | 'idsToRestore';

/** Messages of the recycle bin (issue 27 item 2), apart from messages.ts so that table stays as its owner left it. */
export const recycleMessages: MessageTable<Key> = {
  zh: {
    restoreUnique: '不能恢复：{label}的值{value}已被其他数据使用',
    restoreOk: '恢复成功，共{count}条',
    idsToRestore: '请选择要恢复的数据',
  },
  en: {
    restoreUnique: 'Cannot restore: the {label} value {value} is used by another record',
    restoreOk: 'Restored {count} records',
    idsToRestore: 'Choose the records to restore',
  },
};

/** `recycleFail(code, key, vars, data)`: a localized ApiError of the recycle bin. */
export const recycleFail = failWith(recycleMessages);

/** A message of this table in `lang` (zh/tw → zh, en/mas → en). */
export function recycleText(key: Key, vars: Record<string, string | number>, lang: string): string {
  const which = lang === 'en' || lang === 'mas' ? 'en' : 'zh';
  return recycleMessages[which][key].replace(/\{(\w+)\}/g, (m, n: string) => (n in vars ? String(vars[n]) : m));
}
