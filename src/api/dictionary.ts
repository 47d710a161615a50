import type {
  DictionaryItemInput,
  DictionaryItem as DictionaryItemRow,
  DictionaryOption,
  DictionaryTypeInput,
  DictionaryType as DictionaryTypeRow,
  DictionaryWithItems,
  TreeRowOf,
} from '../../schemas/wire/dictionary';
import { ApiError, ERROR_TOAST_MS, request, requestEnvelope, requestErrorText } from './client';
import { toast } from './toast';
import { saveBlob } from './transfer';

/** The wire shapes, declared once in schemas/wire/dictionary.ts (shared with the server). */
export type { DictionaryItemInput, DictionaryOption, DictionaryTypeInput, DictionaryWithItems };

/** A dictionary type as the tree lists carry it (with hasChildren / children). */
export type DictionaryType = TreeRowOf<DictionaryTypeRow>;
/** A dictionary item as the lists carry it (with hasChildren / children in tree dictionaries). */
export type DictionaryItem = TreeRowOf<DictionaryItemRow>;

const T = '/api/system/DictionaryType';
const D = '/api/system/DictionaryData';
const enc = encodeURIComponent;

/** GET DictionaryType?keyword → the type tree (spec 001 §7). */
export async function listTypes(keyword?: string): Promise<DictionaryType[]> {
  return (await request<{ list: DictionaryType[] }>(T, { query: { keyword: keyword || undefined } })).list;
}

/** GET DictionaryType/Selector/{id or 0} → the type tree without `id`'s subtree (parent picker). */
export async function typeSelector(id = '0'): Promise<DictionaryType[]> {
  return (await request<{ list: DictionaryType[] }>(`${T}/Selector/${enc(id || '0')}`)).list;
}

/** GET DictionaryType/{id}. */
export function getType(id: string): Promise<DictionaryType> {
  return request<DictionaryType>(`${T}/${enc(id)}`);
}

/** POST DictionaryType (create) or DictionaryType/{id} (update); resolves the id on create. */
export async function saveType(body: DictionaryTypeInput, id?: string): Promise<string | undefined> {
  const data = await request<{ id: string } | null>(id ? `${T}/${enc(id)}` : T, { method: 'post', json: body });
  return data?.id ?? id;
}

/** DELETE DictionaryType/{id} (refused while it has items or child types). */
export async function deleteType(id: string): Promise<void> {
  await request(`${T}/${enc(id)}`, { method: 'delete' });
}

/** GET DictionaryData/{typeId}?keyword&isTree → items (a tree when isTree is 1). */
export async function listItems(typeId: string, keyword?: string, isTree?: 0 | 1): Promise<DictionaryItem[]> {
  const query = { keyword: keyword || undefined, isTree: isTree === undefined ? undefined : String(isTree) };
  return (await request<{ list: DictionaryItem[] }>(`${D}/${enc(typeId)}`, { query })).list;
}

/** GET DictionaryData/{typeId}/Selector/{id or 0}?isTree → parent options without item `id`'s subtree. */
export async function itemParentSelector(typeId: string, id = '0', isTree: 0 | 1 = 1): Promise<DictionaryOption[]> {
  return (await request<{ list: DictionaryOption[] }>(`${D}/${enc(typeId)}/Selector/${enc(id || '0')}`, { query: { isTree: String(isTree) } })).list;
}

/** GET DictionaryData/{typeId or enCode}/Data/Selector → enabled options (a tree for tree dictionaries). */
export async function dictionaryOptions(typeIdOrCode: string): Promise<DictionaryOption[]> {
  return (await request<{ list: DictionaryOption[] }>(`${D}/${enc(typeIdOrCode)}/Data/Selector`)).list;
}

/** GET DictionaryData/All → every type with its enabled items. */
export async function allDictionaries(): Promise<DictionaryWithItems[]> {
  return (await request<{ list: DictionaryWithItems[] }>(`${D}/All`)).list;
}

/** GET DictionaryData/{id}/Info. */
export function getItem(id: string): Promise<DictionaryItem> {
  return request<DictionaryItem>(`${D}/${enc(id)}/Info`);
}

/** POST DictionaryData (create) or DictionaryData/{id} (update); resolves the id. */
export async function saveItem(body: DictionaryItemInput, id?: string): Promise<string | undefined> {
  const data = await request<{ id: string } | null>(id ? `${D}/${enc(id)}` : D, { method: 'post', json: body });
  return data?.id ?? id;
}

/** DELETE DictionaryData/{id} (refused while it has child items). */
export async function deleteItem(id: string): Promise<void> {
  await request(`${D}/${enc(id)}`, { method: 'delete' });
}

/** POST DictionaryData/{id}/Actions/State → the new enabledMark. */
export async function toggleItemState(id: string): Promise<number> {
  return (await request<{ enabledMark: number }>(`${D}/${enc(id)}/Actions/State`, { method: 'post' })).enabledMark;
}

/** GET DictionaryData/{typeId}/Action/Export: downloads `<enCode>.json` (the type with its items). */
export function exportType(typeId: string): Promise<string> {
  return downloadJson(`${D}/${enc(typeId)}/Action/Export`, (b) => `${(b.dictionaryType as DictionaryType | undefined)?.enCode ?? 'dictionary'}.json`);
}

/** GET /api/SubDev/CommonData/GetDictionaryDataByEnCode?enCode → enabled items of that type. */
export function itemsByEnCode(enCode: string): Promise<DictionaryOption[]> {
  return request<DictionaryOption[]>('/api/SubDev/CommonData/GetDictionaryDataByEnCode', { query: { enCode } });
}

/** GET /api/SubDev/CommonData/getDictionaryDataByEnCodes?enCodes=a,b → `{ a: [...], b: [...] }`. */
export function itemsByEnCodes(enCodes: string[]): Promise<Record<string, DictionaryOption[]>> {
  return request<Record<string, DictionaryOption[]>>('/api/SubDev/CommonData/getDictionaryDataByEnCodes', { query: { enCodes: enCodes.join(',') } });
}

/**
 * Fetches an export endpoint that answers a JSON file (spec 001 §7 Action/Export) through the api client (token, `n`,
 * base URL) and saves it in the browser as `name(body)`. An error envelope instead of the file (e.g. 404) is toasted
 * and rejected as ApiError like every other call (spec 000 §8). Shared by the dictionary and bill-rule exports.
 * Returns the file name.
 */
export async function downloadJson(path: string, name: (body: Record<string, unknown>) => string): Promise<string> {
  const body = (await requestEnvelope<unknown>(path, { passThrough: true })) as unknown as Record<string, unknown>;
  if (!body || typeof body !== 'object' || (typeof body.code === 'number' && typeof body.msg === 'string' && 'data' in body)) {
    const msg = (body?.msg as string) || requestErrorText();
    toast('error', msg, ERROR_TOAST_MS);
    throw new ApiError(typeof body?.code === 'number' ? body.code : 500, msg, null);
  }
  const fileName = name(body);
  saveBlob(new Blob([JSON.stringify(body, null, 2)], { type: 'application/json' }), fileName);
  return fileName;
}
