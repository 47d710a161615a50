import { type Lang, registerMessages, translate } from '../../i18n';

/** The reply msg of POST /api/message/Actions/ReadAll (spec 000 §7: the shell shows it for 1500 ms); tw derived from zh. */
registerMessages('message', {
  zh: { readAll: '已全部标记为已读' },
  en: { readAll: 'All messages marked as read' },
  mas: { readAll: 'Semua mesej ditandakan sebagai telah dibaca' },
});

/** The ReadAll reply text in `lang` (issue 24 item 3: through the server's i18next instance). */
export function readAllText(lang: Lang): string {
  return translate(lang, 'message', 'readAll');
}
