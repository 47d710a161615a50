import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { DictionaryExport, DictionaryItem, DictionaryItemInput, DictionaryOption, DictionaryType, DictionaryWithItems } from '../../../../schemas/wire/dictionary';
import type { Db, DictionaryDataTable } from '../../db/types';
import { softDelete, versionedUpdate } from '../_shared/row-version';
import { checkNameAndCode, FIELD, fail } from './messages';
import { buildTree, matchesKeyword, subtreeIds, type TreeNode, withAncestors } from './tree';
import { getType, ROOT, resolveType, typeDto } from './type-repository';

/** Maps a row to the wire shape. */
export function dataDto(r: Selectable<DictionaryDataTable>): DictionaryItem {
  return {
    id: r.id,
    dictionaryTypeId: r.dictionary_type_id,
    parentId: r.parent_id,
    fullName: r.full_name,
    enCode: r.en_code,
    sortCode: r.sort_code,
    enabledMark: r.enabled_mark,
    description: r.description,
    version: r.f_version,
  };
}

/** The items of one type not in the recycle bin (optionally only enabled ones), ordered by sortCode then code. */
export async function itemsOfType(db: Db, typeId: string, enabledOnly = false): Promise<DictionaryItem[]> {
  let q = db.selectFrom('dictionary_data').selectAll().where('dictionary_type_id', '=', typeId).where('f_deleted_at', 'is', null);
  if (enabledOnly) q = q.where('enabled_mark', '=', 1);
  const rows = await q.orderBy('sort_code').orderBy('en_code').orderBy('id').execute();
  return rows.map(dataDto);
}

/** Strips an item to a select option; in a tree, recursively. */
function toOption(n: DictionaryItem & { children?: TreeNode<DictionaryItem>[] }): DictionaryOption {
  const o: DictionaryOption = { id: n.id, fullName: n.fullName, enCode: n.enCode, parentId: n.parentId };
  if (n.children?.length) o.children = n.children.map(toOption);
  return o;
}

/**
 * Items of a type for the admin list (GET DictionaryData/{typeId}, spec 001 §7): `keyword` filters by fullName/enCode;
 * with `tree` (isTree=1, or the type is a tree type and isTree is not '0') the result is a tree that keeps matches'
 * ancestors. `typeIdOrCode` may be the type's id or enCode. Throws 404 for an unknown type.
 */
export async function listItems(
  db: Db,
  typeIdOrCode: string,
  q: { keyword?: string; isTree?: string | number },
): Promise<DictionaryItem[] | TreeNode<DictionaryItem>[]> {
  const type = await resolveType(db, typeIdOrCode);
  const rows = await itemsOfType(db, type.id);
  const tree = q.isTree === undefined || q.isTree === '' ? type.isTree === 1 : String(q.isTree) === '1';
  if (!tree) return rows.filter((r) => matchesKeyword(r, q.keyword));
  return buildTree(withAncestors(rows, (r) => matchesKeyword(r, q.keyword)));
}

/** Enabled options of a type: a tree for tree dictionaries, else a flat list (GET {typeId}/Data/Selector). Throws 404. */
export async function optionsOf(db: Db, typeIdOrCode: string): Promise<DictionaryOption[]> {
  const type = await resolveType(db, typeIdOrCode);
  const rows = await itemsOfType(db, type.id, true);
  return type.isTree === 1 ? buildTree(rows).map(toOption) : rows.map(toOption);
}

/**
 * Parent picker of an item (GET DictionaryData/{typeId}/Selector/{id or 0}?isTree=1): the type's enabled items as a
 * tree, without item `id` and its subtree (an item cannot move below itself); isTree other than 1 gives a flat list.
 * Throws 404 for an unknown type.
 */
export async function itemSelector(db: Db, typeIdOrCode: string, id: string, isTree?: string | number): Promise<DictionaryOption[]> {
  const type = await resolveType(db, typeIdOrCode);
  const rows = await itemsOfType(db, type.id, true);
  const drop = id && id !== '0' ? subtreeIds(rows, id) : new Set<string>();
  const kept = rows.filter((r) => !drop.has(r.id));
  return String(isTree ?? type.isTree) === '1' ? buildTree(kept).map(toOption) : kept.map(toOption);
}

/** Every type with its enabled items (GET DictionaryData/All): `{id, enCode, fullName, isTree, dictionaryList}`. */
export async function allDictionaries(
  db: Db,
): Promise<DictionaryWithItems[]> {
  const types = (await db.selectFrom('dictionary_type').selectAll().where('f_deleted_at', 'is', null).orderBy('sort_code').orderBy('full_name').execute()).map(typeDto);
  const items = (await db.selectFrom('dictionary_data').selectAll().where('enabled_mark', '=', 1).where('f_deleted_at', 'is', null).orderBy('sort_code').orderBy('en_code').execute()).map(dataDto);
  const byType = new Map<string, DictionaryItem[]>();
  for (const it of items) {
    const list = byType.get(it.dictionaryTypeId);
    if (list) list.push(it);
    else byType.set(it.dictionaryTypeId, [it]);
  }
  return types.map((t) => {
    const rows = byType.get(t.id) ?? [];
    const dictionaryList = t.isTree === 1 ? buildTree(rows).map(toOption) : rows.map(toOption);
    return { id: t.id, enCode: t.enCode, fullName: t.fullName, isTree: t.isTree, dictionaryList };
  });
}

/** Enabled items (flat, with parentId) of the types named by enCode; unknown codes map to []. */
export async function itemsByCodes(db: Db, enCodes: string[]): Promise<Record<string, DictionaryOption[]>> {
  const out: Record<string, DictionaryOption[]> = {};
  for (const c of enCodes) out[c] = [];
  if (!enCodes.length) return out;
  const rows = await db
    .selectFrom('dictionary_data as d')
    .innerJoin('dictionary_type as t', 't.id', 'd.dictionary_type_id')
    .select(['t.en_code as typeCode', 'd.id', 'd.full_name', 'd.en_code', 'd.parent_id'])
    .where('t.en_code', 'in', enCodes)
    .where('d.enabled_mark', '=', 1)
    .where('t.f_deleted_at', 'is', null)
    .where('d.f_deleted_at', 'is', null)
    .orderBy('d.sort_code')
    .orderBy('d.en_code')
    .execute();
  for (const r of rows) out[r.typeCode].push({ id: r.id, fullName: r.full_name, enCode: r.en_code, parentId: r.parent_id });
  return out;
}

/** One item by id. Throws 404 (also when it is in the recycle bin). */
export async function getItem(db: Db, id: string): Promise<DictionaryItem> {
  const row = await db.selectFrom('dictionary_data').selectAll().where('id', '=', id).where('f_deleted_at', 'is', null).executeTakeFirst();
  if (!row) throw fail(404, 'dataNotFound');
  return dataDto(row);
}

async function checkItem(db: Db, b: DictionaryItemInput, id?: string): Promise<{ type: DictionaryType; parentId: string }> {
  if (!b.dictionaryTypeId?.trim()) throw fail(400, 'required', { field: FIELD.dictionaryTypeId }, { field: 'dictionaryTypeId' });
  checkNameAndCode(b);
  const type = await getType(db, b.dictionaryTypeId).catch(() => {
    throw fail(400, 'typeNotFound', {}, { field: 'dictionaryTypeId' });
  });
  const parentId = b.parentId && b.parentId !== '0' && b.parentId !== type.id ? b.parentId : ROOT;
  if (parentId !== ROOT) {
    const rows = await itemsOfType(db, type.id);
    if (!rows.some((r) => r.id === parentId)) throw fail(400, 'parentDataNotFound', {}, { field: 'parentId' });
    if (id && subtreeIds(rows, id).has(parentId)) throw fail(400, 'parentCycle', {}, { field: 'parentId' });
  }
  let q = db.selectFrom('dictionary_data').select('id').where('dictionary_type_id', '=', type.id).where('en_code', '=', b.enCode);
  if (id) q = q.where('id', '<>', id);
  if (await q.executeTakeFirst()) throw fail(400, 'dataCodeExists', { code: b.enCode }, { field: 'enCode' });
  return { type, parentId };
}

/** Creates an item; returns its id. Throws 400 (name/code rules, enCode taken in the type, unknown type or parent). */
export async function createItem(db: Db, b: DictionaryItemInput): Promise<string> {
  const { type, parentId } = await checkItem(db, b);
  const id = randomUUID();
  await db
    .insertInto('dictionary_data')
    .values({
      id,
      dictionary_type_id: type.id,
      parent_id: parentId,
      full_name: b.fullName.trim(),
      en_code: b.enCode,
      sort_code: b.sortCode ?? 0,
      enabled_mark: b.enabledMark ?? 1,
      description: b.description ?? null,
    })
    .execute();
  return id;
}

/**
 * Updates an item (it may move to another parent of its type, not below itself); returns its new version.
 * `w.version` (issue 27, the one the form read): an older one → 409 naming who changed it and when, nothing written.
 * Throws 404 / 400.
 */
export async function updateItem(db: Db, id: string, b: DictionaryItemInput, w: { version?: number; actor: string | null } = { actor: null }): Promise<number> {
  await getItem(db, id);
  const { type, parentId } = await checkItem(db, b, id);
  return versionedUpdate(
    db,
    'dictionary_data',
    id,
    {
      dictionary_type_id: type.id,
      parent_id: parentId,
      full_name: b.fullName.trim(),
      en_code: b.enCode,
      sort_code: b.sortCode ?? 0,
      ...(b.enabledMark === undefined ? {} : { enabled_mark: b.enabledMark }),
      description: b.description ?? null,
    },
    { ...w, notFound: () => fail(404, 'dataNotFound') },
  );
}

/**
 * Moves an item to the recycle bin (issue 27; _shared/builtin-recycle.ts). Throws 404; 400 while it has child items
 * not in the bin; 409 when `w.version` is older than the item's.
 */
export async function deleteItem(db: Db, id: string, w: { version?: number; actor: string | null } = { actor: null }): Promise<void> {
  await getItem(db, id);
  const child = await db.selectFrom('dictionary_data').select('id').where('parent_id', '=', id).where('f_deleted_at', 'is', null).executeTakeFirst();
  if (child) throw fail(400, 'dataHasChildren');
  await softDelete(db, 'dictionary_data', id, { ...w, notFound: () => fail(404, 'dataNotFound') });
}

/** Switches an item's enabledMark 1 <-> 0 (spec 001 §4; the version steps, issue 27); returns the new value. Throws 404. */
export async function toggleItemState(db: Db, id: string, actor: string | null = null): Promise<number> {
  const next = (await getItem(db, id)).enabledMark === 1 ? 0 : 1;
  await versionedUpdate(db, 'dictionary_data', id, { enabled_mark: next }, { actor, notFound: () => fail(404, 'dataNotFound') });
  return next;
}

/** The export file of a type (GET DictionaryData/{typeId}/Action/Export): the type and all its items. Throws 404. */
export async function exportType(db: Db, typeIdOrCode: string): Promise<DictionaryExport> {
  const type = await resolveType(db, typeIdOrCode);
  return { dictionaryType: type, dictionaryData: await itemsOfType(db, type.id) };
}
