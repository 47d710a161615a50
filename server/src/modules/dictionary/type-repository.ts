import { randomUUID } from 'node:crypto';
import { type Selectable, sql } from 'kysely';
import type { DictionaryType, DictionaryTypeInput } from '../../../../schemas/wire/dictionary';
import type { Db, DictionaryTypeTable } from '../../db/types';
import { softDelete, versionedUpdate } from '../_shared/row-version';
import { checkNameAndCode, fail } from './messages';
import { buildTree, matchesKeyword, subtreeIds, type TreeNode, withAncestors } from './tree';

/** Root marker of parentId. */
export const ROOT = '-1';

/** Maps a row to the wire shape. */
export function typeDto(r: Selectable<DictionaryTypeTable>): DictionaryType {
  return {
    id: r.id,
    parentId: r.parent_id,
    fullName: r.full_name,
    enCode: r.en_code,
    isTree: r.is_tree,
    sortCode: r.sort_code,
    enabledMark: r.enabled_mark,
    description: r.description,
    version: r.f_version,
  };
}

/** All types not in the recycle bin (issue 27), ordered by sortCode then name. */
export async function allTypes(db: Db): Promise<DictionaryType[]> {
  const rows = await db.selectFrom('dictionary_type').selectAll().where('f_deleted_at', 'is', null).orderBy('sort_code').orderBy('full_name').orderBy('id').execute();
  return rows.map(typeDto);
}

/**
 * The type tree (GET /api/system/DictionaryType, spec 001 §7): `keyword` keeps matching types (fullName/enCode) and
 * their ancestors.
 */
export async function typeTree(db: Db, keyword?: string): Promise<TreeNode<DictionaryType>[]> {
  const rows = await allTypes(db);
  return buildTree(withAncestors(rows, (r) => matchesKeyword(r, keyword)));
}

/**
 * Parent picker tree (GET DictionaryType/Selector/{id or 0}): every type except `id` and its subtree, so a type cannot
 * be moved below itself. `id` '0' (a new type) excludes nothing.
 */
export async function typeSelector(db: Db, id: string): Promise<TreeNode<DictionaryType>[]> {
  const rows = await allTypes(db);
  const drop = id && id !== '0' ? subtreeIds(rows, id) : new Set<string>();
  return buildTree(rows.filter((r) => !drop.has(r.id)));
}

/** One type by id. Throws 404 (also when it is in the recycle bin). */
export async function getType(db: Db, id: string): Promise<DictionaryType> {
  const row = await db.selectFrom('dictionary_type').selectAll().where('id', '=', id).where('f_deleted_at', 'is', null).executeTakeFirst();
  if (!row) throw fail(404, 'typeNotFound');
  return typeDto(row);
}

/** A type by id or by enCode (select widgets may name a dictionary either way). Throws 404. */
export async function resolveType(db: Db, idOrCode: string): Promise<DictionaryType> {
  const rows = await db
    .selectFrom('dictionary_type')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', idOrCode), eb('en_code', '=', idOrCode)]))
    .where('f_deleted_at', 'is', null)
    .execute();
  const row = rows.find((r) => r.id === idOrCode) ?? rows[0];
  if (!row) throw fail(404, 'typeNotFound');
  return typeDto(row);
}

async function checkType(db: Db, b: DictionaryTypeInput, id?: string): Promise<string> {
  checkNameAndCode(b);
  const parentId = b.parentId && b.parentId !== '0' ? b.parentId : ROOT;
  if (parentId !== ROOT) {
    const rows = await allTypes(db);
    if (!rows.some((r) => r.id === parentId)) throw fail(400, 'parentTypeNotFound', {}, { field: 'parentId' });
    if (id && subtreeIds(rows, id).has(parentId)) throw fail(400, 'parentCycle', {}, { field: 'parentId' });
  }
  let q = db.selectFrom('dictionary_type').select('id').where('en_code', '=', b.enCode);
  if (id) q = q.where('id', '<>', id);
  if (await q.executeTakeFirst()) throw fail(400, 'typeCodeExists', { code: b.enCode }, { field: 'enCode' });
  return parentId;
}

/** Creates a type; returns its id. Throws 400 (name/code rules, duplicate enCode, unknown parent). */
export async function createType(db: Db, b: DictionaryTypeInput): Promise<string> {
  const parentId = await checkType(db, b);
  const id = randomUUID();
  await db
    .insertInto('dictionary_type')
    .values({
      id,
      parent_id: parentId,
      full_name: b.fullName.trim(),
      en_code: b.enCode,
      is_tree: b.isTree ? 1 : 0,
      sort_code: b.sortCode ?? 0,
      enabled_mark: b.enabledMark ?? 1,
      description: b.description ?? null,
    })
    .execute();
  return id;
}

/**
 * Updates a type; returns its new version. `w.version` (issue 27, the one the form read): an older one → 409 naming
 * who changed it and when, nothing written. Throws 404, or 400 as createType plus a parent inside its own subtree.
 */
export async function updateType(db: Db, id: string, b: DictionaryTypeInput, w: { version?: number; actor: string | null } = { actor: null }): Promise<number> {
  await getType(db, id);
  const parentId = await checkType(db, b, id);
  return versionedUpdate(
    db,
    'dictionary_type',
    id,
    {
      parent_id: parentId,
      full_name: b.fullName.trim(),
      en_code: b.enCode,
      is_tree: b.isTree ? 1 : 0,
      sort_code: b.sortCode ?? 0,
      ...(b.enabledMark === undefined ? {} : { enabled_mark: b.enabledMark }),
      description: b.description ?? null,
    },
    { ...w, notFound: () => fail(404, 'typeNotFound') },
  );
}

/**
 * Moves a type to the recycle bin with its live items (issue 27 item 2; _shared/builtin-recycle.ts): the items get
 * the type's own deletion time, which is how its restore knows them (items binned before keep theirs and stay in the
 * bin). Throws 404; 400 while it has child types not in the bin (nothing is deleted); 409 when `w.version` is older
 * than the type's.
 */
export async function deleteType(db: Db, id: string, w: { version?: number; actor: string | null } = { actor: null }): Promise<void> {
  await getType(db, id);
  const child = await db.selectFrom('dictionary_type').select('id').where('parent_id', '=', id).where('f_deleted_at', 'is', null).executeTakeFirst();
  if (child) throw fail(400, 'typeHasChildren');
  await db.transaction().execute(async (trx) => {
    await softDelete(trx, 'dictionary_type', id, { ...w, notFound: () => fail(404, 'typeNotFound') });
    const stamp = trx.selectFrom('dictionary_type').select('f_deleted_at').where('id', '=', id);
    await trx
      .updateTable('dictionary_data')
      .set({ f_deleted_at: stamp, f_deleted_by: w.actor, f_version: sql`f_version + 1` })
      .where('dictionary_type_id', '=', id)
      .where('f_deleted_at', 'is', null)
      .execute();
  });
}
