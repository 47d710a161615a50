import { type Envelope, request, requestEnvelope } from './client';
import { type Downloaded, download, uploadWithProgress } from './transfer';

/** Model records (spec 001 §7 "Visual dev": Base list, get, delete, copy, import, export; issue 4 item 6). */

const B = '/api/visualdev/Base';
const enc = encodeURIComponent;

/** A model in the admin list. */
export interface ModelListItem {
  id: string;
  fullName: string;
  enCode: string;
  category: string | null;
  type?: number;
  state?: number;
  webType: number;
  enableFlow?: number;
  sortCode?: number;
  description?: string | null;
  tables?: string;
  creatorTime?: number | null;
  lastModifyTime?: number | null;
}

/** GET Base?keyword&currentPage&pageSize → a page of models. */
export function listModels(query: { keyword?: string; currentPage: number; pageSize: number }): Promise<{ list: ModelListItem[]; pagination: { currentPage: number; pageSize: number; total: number } }> {
  return request(B, { query });
}

/** A model-selector node (Base/Selector: models grouped by category). */
export interface ModelTreeNode {
  id: string;
  fullName: string;
  enCode?: string;
  webType?: number;
  hasChildren?: boolean;
  children?: ModelTreeNode[];
}

/** GET Base/Selector?type=1 → `{ list }` of category nodes holding models (spec 001 §7 "Feature selector list with type=1"). */
export async function modelSelector(type = 1): Promise<ModelTreeNode[]> {
  return (await request<{ list: ModelTreeNode[] }>(`${B}/Selector`, { query: { type } })).list ?? [];
}

/** DELETE Base/{id}: moves the model to the recycle bin (GET Base/Recycle restores it); resolves the envelope (its msg names the kept tables). */
export function deleteModel(id: string): Promise<Envelope<unknown>> {
  return requestEnvelope(`${B}/${enc(id)}`, { method: 'delete' });
}

/** POST Base/{id}/Actions/Copy → the copy's id (msg 复制成功). */
export function copyModel(id: string): Promise<Envelope<{ id: string; enCode?: string }>> {
  return requestEnvelope(`${B}/${enc(id)}/Actions/Copy`, { method: 'post' });
}

/** GET Base/{id}/Actions/Export → the model as a JSON file. */
export function exportModel(id: string, fallbackName: string): Promise<Downloaded> {
  return download(`${B}/${enc(id)}/Actions/Export`, { fallbackName });
}

/** POST Base/Actions/Import, multipart `file` (a model export, ours or JNPF v3) → envelope `{ id }` or 400 naming the first problem. */
export function importModel(file: File, onProgress?: (fraction: number) => void): Promise<Envelope<{ id?: string } | null>> {
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadWithProgress(`${B}/Actions/Import`, form, onProgress);
}
