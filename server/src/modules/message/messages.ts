import type { Lang } from '../../i18n';

/** The reply msg of POST /api/message/Actions/ReadAll (spec 000 §7: the shell shows it for 1500 ms). */
const READ_ALL: Record<Lang, string> = {
  zh: '已全部标记为已读',
  en: 'All messages marked as read',
  tw: '已全部標記為已讀',
  mas: 'Semua mesej ditandakan sebagai telah dibaca',
};

/** The ReadAll reply text in `lang` (zh when unknown). */
export function readAllText(lang: Lang): string {
  return READ_ALL[lang] ?? READ_ALL.zh;
}
