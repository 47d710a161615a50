import { translate } from '../../i18n';
import { failWith, type MessageTable } from '../dictionary/localized-error';

/** Why a backup or a restore was refused or failed (issue 23 item 1); `{detail}` is the file or the reason. */
export type BackupErrorKey =
  | 'notArchive'
  | 'foreign'
  | 'formatVersion'
  | 'truncated'
  | 'tampered'
  | 'newerSchema'
  | 'engineMismatch'
  | 'targetNotEmpty'
  | 'busy'
  | 'failed'
  | 'serverRunning'
  | 'notFound';

/** The refusals in each language (tw derived from zh). */
const table: MessageTable<BackupErrorKey> = {
  zh: {
    notArchive: '不是备份文件：{detail}',
    foreign: '不是本系统的备份文件（没有有效的 manifest.json）',
    formatVersion: '备份文件格式版本 {detail} 不受支持',
    truncated: '备份文件不完整（可能被截断）：{detail}',
    tampered: '备份文件已损坏或被修改：{detail} 的校验和不符',
    newerSchema: '备份来自更新的版本（数据库结构 {detail}），请先升级本系统',
    engineMismatch: '备份的数据库类型（{detail}）与目标不同',
    targetNotEmpty: '恢复目标不是空的：{detail}',
    busy: '已有备份正在进行，请稍后再试',
    failed: '备份失败：{detail}（已有的备份保持不变）',
    serverRunning: '服务器正在使用该数据目录：{detail}',
    notFound: '备份不存在',
  },
  en: {
    notArchive: 'Not a backup file: {detail}',
    foreign: 'Not a backup of this system (no valid manifest.json)',
    formatVersion: 'Backup format version {detail} is not supported',
    truncated: 'The backup file is incomplete (truncated?): {detail}',
    tampered: 'The backup file is damaged or was changed: checksum of {detail} does not match',
    newerSchema: 'The backup comes from a newer version (schema {detail}); upgrade this system first',
    engineMismatch: 'The backup database type ({detail}) differs from the target',
    targetNotEmpty: 'The restore target is not empty: {detail}',
    busy: 'A backup is already running; try again later',
    failed: 'Backup failed: {detail} (earlier backups are unchanged)',
    serverRunning: 'A server is using this data folder: {detail}',
    notFound: 'No such backup',
  },
  mas: {
    notArchive: 'Bukan fail sandaran: {detail}',
    foreign: 'Bukan sandaran sistem ini (tiada manifest.json yang sah)',
    truncated: 'Fail sandaran tidak lengkap (terpotong?): {detail}',
    tampered: 'Fail sandaran rosak atau diubah: checksum {detail} tidak sepadan',
    newerSchema: 'Sandaran daripada versi yang lebih baharu (skema {detail}); naik taraf sistem ini dahulu',
    targetNotEmpty: 'Sasaran pemulihan tidak kosong: {detail}',
    busy: 'Sandaran sedang berjalan; cuba lagi kemudian',
    failed: 'Sandaran gagal: {detail} (sandaran terdahulu tidak berubah)',
    notFound: 'Sandaran tidak wujud',
  },
};

/** A refusal as a LocalizedError (code 400, or 404 for notFound), translated into the request's language by the envelope. */
export const fail = failWith(table, 'backupErrors');

/** The zh/en text of `key` for the command line (`KD_LANG=en` or LANG en* → English). */
export function cliText(key: BackupErrorKey, detail: string): string {
  const lang = /^en/i.test(process.env.KD_LANG ?? process.env.LANG ?? '') ? 'en' : 'zh';
  return translate(lang, 'backupErrors', key, { detail });
}
