import { type Lang, registerMessages, translate } from '../../i18n';
import { failWith, type MessageTable } from '../dictionary/localized-error';

/** The reply msg of POST /api/message/Actions/ReadAll (spec 000 §7: the shell shows it for 1500 ms); tw derived from zh. */
registerMessages('message', {
  zh: { readAll: '已全部标记为已读', released: '发布成功，已发送给 {count} 人', withdrawn: '撤回成功', recordsDeleted: '删除成功' },
  en: { readAll: 'All messages marked as read', released: 'Released to {count} people', withdrawn: 'Withdrawn', recordsDeleted: 'Deleted' },
  mas: { readAll: 'Semua mesej ditandakan sebagai telah dibaca', released: 'Diterbitkan kepada {count} orang', withdrawn: 'Ditarik balik', recordsDeleted: 'Dipadam' },
});

/** The reply texts of the message routes. */
type ReplyKey = 'readAll' | 'released' | 'withdrawn' | 'recordsDeleted';

/** The reply text `key` in `lang` (issue 24 item 3: through the server's i18next instance). */
export function replyText(lang: Lang, key: ReplyKey, vars: Record<string, string | number> = {}): string {
  return translate(lang, 'message', key, vars);
}

/** The ReadAll reply text in `lang`. */
export function readAllText(lang: Lang): string {
  return replyText(lang, 'readAll');
}

type ErrorKey = 'titleRequired' | 'noticeNotFound' | 'releasedReadOnly' | 'notReleased' | 'noAudience' | 'noRecipients' | 'idsRequired';

/** Refusals of the notice routes (issue 14 item 1), in the request's language. */
const table: MessageTable<ErrorKey> = {
  zh: {
    titleRequired: '标题不能为空',
    noticeNotFound: '公告不存在',
    releasedReadOnly: '公告已发布，请先撤回再修改',
    notReleased: '公告尚未发布',
    noAudience: '请选择发送对象（部门、角色或用户）',
    noRecipients: '发送对象中没有可接收的用户',
    idsRequired: '请选择消息',
  },
  en: {
    titleRequired: 'The title cannot be empty',
    noticeNotFound: 'No such notice',
    releasedReadOnly: 'The notice is released; withdraw it before editing',
    notReleased: 'The notice has not been released',
    noAudience: 'Choose the audience (departments, roles or users)',
    noRecipients: 'The chosen audience holds no user who can receive it',
    idsRequired: 'Choose the messages',
  },
  mas: {
    titleRequired: 'Tajuk tidak boleh kosong',
    noticeNotFound: 'Notis tidak wujud',
    releasedReadOnly: 'Notis telah diterbitkan; tarik balik sebelum menyunting',
    notReleased: 'Notis belum diterbitkan',
    noAudience: 'Pilih penerima (jabatan, peranan atau pengguna)',
    noRecipients: 'Penerima yang dipilih tiada pengguna yang boleh menerima',
    idsRequired: 'Pilih mesej',
  },
};

/** A 400/404 refusal of the message routes, translated by the envelope. */
export const fail = failWith(table, 'messageErrors');
