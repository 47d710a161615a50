import type { BackupInfo } from './service';

/** How many backups to keep: the newest of each of the last `daily` days and of the last `weekly` ISO weeks that have one. */
export interface Retention {
  daily: number;
  weekly: number;
}

/** The UTC day (yyyy-mm-dd) of epoch ms `t`. */
const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10);

/** The ISO week (yyyy-Www, UTC) of epoch ms `t`. */
function weekOf(t: number): string {
  const d = new Date(t);
  const thursday = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 4 - (d.getUTCDay() || 7)));
  const week = Math.ceil(((thursday.getTime() - Date.UTC(thursday.getUTCFullYear(), 0, 1)) / 86_400_000 + 1) / 7);
  return `${thursday.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/**
 * The backups to delete under `keep` (issue 23 item 1 "keep N daily and M weekly"): among `kd-backup-…` archives
 * (pre-migration ones have their own rule), a backup stays when it is the newest of its day and that day is one of the
 * `daily` newest days with a backup, or the newest of its ISO week and that week is one of the `weekly` newest weeks
 * with a backup; every other one goes. The newest backup always stays. → the backups to delete, oldest first.
 */
export function backupsToPrune(list: readonly BackupInfo[], keep: Retention): BackupInfo[] {
  const regular = list.filter((b) => b.id.startsWith('kd-backup-')).sort((a, b) => b.creatorTime - a.creatorTime || b.id.localeCompare(a.id));
  const kept = new Set<string>();
  const pick = (key: (t: number) => string, n: number) => {
    const seen = new Set<string>();
    for (const b of regular) {
      const k = key(b.creatorTime);
      if (seen.has(k)) continue;
      seen.add(k);
      if (seen.size > n) break;
      kept.add(b.id);
    }
  };
  pick(dayOf, Math.max(0, keep.daily));
  pick(weekOf, Math.max(0, keep.weekly));
  if (regular[0]) kept.add(regular[0].id);
  return regular.filter((b) => !kept.has(b.id)).reverse();
}
