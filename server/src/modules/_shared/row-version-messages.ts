import { failWith, type MessageTable } from '../dictionary/localized-error';

type Key = 'staleUpdate' | 'staleUpdateAnon' | 'staleDeleteAnon' | 'restoreParent';

/**
 * Messages of built-in entity versions and bins (issue 27; row-version.ts, builtin-recycle.ts). Built-in entities keep
 * no field history: a stale write names who last changed the row and when (its updated_by / updated_at), or says only
 * that someone did when the row does not know.
 */
export const rowVersionMessages: MessageTable<Key> = {
  zh: {
    staleUpdate: '{user}于{time}修改了此数据，您的修改未保存。请刷新后重试',
    staleUpdateAnon: '此数据在您打开后已被他人修改，您的修改未保存。请刷新后重试',
    staleDeleteAnon: '此数据在您打开后已被他人修改，未删除。请刷新后再删除',
    restoreParent: '不能恢复：{name}的上级已删除，请先恢复上级',
  },
  en: {
    staleUpdate: '{user} changed this record at {time}; your change was not saved. Reload and try again',
    staleUpdateAnon: 'Someone changed this record after you opened it; your change was not saved. Reload and try again',
    staleDeleteAnon: 'Someone changed this record after you opened it; it was not deleted. Reload before deleting',
    restoreParent: 'Cannot restore {name}: its parent is deleted. Restore the parent first',
  },
  mas: {
    staleUpdate: '{user} telah mengubah rekod ini pada {time}; perubahan anda tidak disimpan. Muat semula dan cuba lagi',
    staleUpdateAnon: 'Rekod ini telah diubah oleh orang lain selepas anda membukanya; perubahan anda tidak disimpan. Muat semula dan cuba lagi',
    staleDeleteAnon: 'Rekod ini telah diubah oleh orang lain selepas anda membukanya; ia tidak dipadam. Muat semula sebelum memadam',
    restoreParent: 'Tidak boleh memulihkan {name}: induknya telah dipadam. Pulihkan induk dahulu',
  },
};

/** `rowVersionFail(code, key, vars, data)`: a localized ApiError of built-in versions and bins. */
export const rowVersionFail = failWith(rowVersionMessages);
