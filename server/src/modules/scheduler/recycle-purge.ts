import { sql } from 'kysely';
import type { Db } from '../../db/types';
import { purgeBuiltinBins } from '../_shared/builtin-recycle';
import { purgeReqBin } from '../purchasing/bin';
import { purgeDelegateBin } from '../workflow/delegate-bin';
import { loadModel } from '../visualdev/model-store';
import { purgeExpired, retentionDays } from '../visualdev/recycle-repository';

/** What one purge removed: model records (per model id), built-in rows (per table), and models it could not purge. */
export interface RecyclePurgeResult {
  days: number;
  records: number;
  models: number;
  builtin: number;
  failed: string[];
}

/**
 * Purges every recycle bin (issue 27 item 2 "purged by the scheduled job"): the records of every model deleted more
 * than `days` ago (default: 系统配置 recycleRetentionDays, else 30) — rows, sub-table lines by cascade, stored files
 * (visualdev/recycle-repository.ts purgeExpired) — and the built-in bins (users, dictionaries, menus, organisations,
 * roles, positions: _shared/builtin-recycle.ts purgeBuiltinBins; purchase requisitions: purchasing/bin.ts; flow delegations: workflow/delegate-bin.ts). A model whose table cannot be purged (never
 * published, dropped) is named in `failed` and the others go on.
 */
export async function purgeRecycleBins(db: Db, days?: number): Promise<RecyclePurgeResult> {
  const keep = days ?? (await retentionDays(db));
  const out: RecyclePurgeResult = { days: keep, records: 0, models: 0, builtin: 0, failed: [] };
  for (const { id } of await db.selectFrom('visualdev').select('id').orderBy('id').execute()) {
    try {
      const model = await loadModel(db, id);
      if (!model) continue;
      const n = await purgeExpired(db, model, keep);
      out.records += n;
      if (n) out.models += 1;
    } catch {
      out.failed.push(id);
    }
  }
  const builtin = await purgeBuiltinBins(db, keep);
  // Bins kept beside the built-in ones: purchase requisitions (purchasing/bin.ts), flow delegations (workflow/delegate-bin.ts).
  const cutoff = sql<Date>`now() - make_interval(days => ${Math.floor(keep)})`;
  out.builtin = Object.values(builtin).reduce((a, b) => a + b, 0) + (await purgeReqBin(db, cutoff)) + (await purgeDelegateBin(db, cutoff));
  return out;
}
