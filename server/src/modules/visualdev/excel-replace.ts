import type { MessageLang } from '../../../../src/engine/validate';
import type { Db } from '../../db/types';
import type { RowFilter } from '../../permissions/row-filter';
import { inScope } from './field-access';
import { assertNotInAudit } from './flow-state';
import { diffRecords, logChanges } from './history';
import { DELETED_AT_COLUMN } from './model-layout';
import type { LoadedModel } from './model-store';
import { deleteRecords, getRecords, type ModelRow, raw } from './onlinedev-repository';
import type { Actor } from './record-prepare';

/**
 * The replacing side of an Excel import (issue 27 item 2 "an import that replaces" goes to the recycle bin): every
 * live record of the model inside `rowFilter` (the caller's row scope for btn_remove; null = all) moves to the bin in
 * the import's transaction — row, sub-table lines and files stay, a `delete` history entry each — so the bin restores
 * them as a delete's. A record in a running approval refuses the import (flow-state.ts, nothing written).
 * Returns the binned records as they were (with their lines), for the list cache and the unique checks.
 */
export async function binForReplace(trx: Db, model: LoadedModel, rowFilter: RowFilter | null, actor: Actor, lang: MessageLang): Promise<ModelRow[]> {
  const ids = (await raw(trx).selectFrom(model.table).select('id').where(DELETED_AT_COLUMN, 'is', null).where(inScope(model, rowFilter)).execute()).map((r) => String(r.id));
  if (!ids.length) return [];
  const before = await getRecords(trx, model, ids, true, rowFilter);
  await assertNotInAudit(trx, model, before.map((r) => r.id), 'remove', lang);
  const deleted = new Map((await deleteRecords(trx, model, before.map((r) => r.id), actor.userId)).map((d) => [d.id, d.version]));
  const binned = before.filter((r) => deleted.has(r.id));
  await logChanges(trx, model.record.id, 'delete', actor, binned.map((r) => ({ recordId: r.id, changes: diffRecords(model, r, null), version: deleted.get(r.id) })));
  return binned;
}
