import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { backupsToPrune } from '../../server/src/modules/backup/retention';
import type { BackupInfo } from '../../server/src/modules/backup/service';

/**
 * Backup retention (issue 23 item 1 "keep N daily and M weekly"): which archives `npm run backup -- … --keep-daily N
 * --keep-weekly M` deletes after a backup.
 */

/** A backup row taken at ISO time `at` (UTC). */
function taken(at: string, kind = 'backup'): BackupInfo {
  const t = Date.parse(`${at}Z`);
  const stamp = new Date(t).toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  const id = `kd-${kind}-${stamp}-${randomBytes(3).toString('hex')}`;
  return { id, fileName: `${id}.tar`, fileSize: 1000, creatorTime: t };
}

const names = (list: BackupInfo[]) => list.map((b) => new Date(b.creatorTime).toISOString().slice(0, 16));

describe('backupsToPrune', () => {
  // Two a day at 02:00 and 14:00, from Monday 2026-11-02 to Thursday 2026-11-26 (weeks 45 to 48).
  const list: BackupInfo[] = [];
  for (let d = 2; d <= 26; d++) for (const h of ['02', '14']) list.push(taken(`2026-11-${String(d).padStart(2, '0')}T${h}:00:00`));

  it('keeps the newest of each of the last N days and of the last M ISO weeks, deletes the rest oldest first', () => {
    const gone = backupsToPrune(list, { daily: 3, weekly: 2 });
    const kept = list.filter((b) => !gone.includes(b)).sort((a, b) => b.creatorTime - a.creatorTime);
    // Days 26, 25, 24 (newest of each); weeks 48 (26th) and 47 (newest: Sunday 22nd).
    expect(names(kept)).toEqual(['2026-11-26T14:00', '2026-11-25T14:00', '2026-11-24T14:00', '2026-11-22T14:00']);
    expect(gone).toHaveLength(list.length - 4);
    expect(gone[0].creatorTime).toBeLessThan(gone[gone.length - 1].creatorTime);
  });

  it('always keeps the newest backup, leaves pre-migration backups alone, and keeps everything it is told to', () => {
    expect(names(list.filter((b) => !backupsToPrune(list, { daily: 0, weekly: 0 }).includes(b)))).toEqual(['2026-11-26T14:00']);
    const pre = taken('2026-11-01T03:00:00', 'premigrate');
    expect(backupsToPrune([...list, pre], { daily: 1, weekly: 0 })).not.toContain(pre);
    expect(backupsToPrune(list, { daily: 100, weekly: 0 })).toHaveLength(25);
    expect(backupsToPrune([], { daily: 1, weekly: 1 })).toEqual([]);
  });

  it('counts ISO weeks across a year end (Monday 2024-12-30 is in 2025-W01)', () => {
    const span = [taken('2024-12-27T02:00:00'), taken('2024-12-29T02:00:00'), taken('2024-12-30T02:00:00'), taken('2025-01-02T02:00:00')];
    const gone = backupsToPrune(span, { daily: 0, weekly: 2 });
    expect(names(span.filter((b) => !gone.includes(b)))).toEqual(['2024-12-29T02:00', '2025-01-02T02:00']);
  });
});
