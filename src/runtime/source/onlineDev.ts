import * as api from '../../api/onlineDev';
import type { RecordSource } from './types';

const cache = new Map<string, RecordSource>();

/**
 * The record source of a designed model (spec 001 §7 OnlineDev routes, src/api/onlineDev.ts): every capability —
 * list, get, create, update, delete, batch delete, export (with sub-tables), template, import, recycle bin and change
 * history. The same object is returned for the same model id (stable for React dependencies).
 */
export function onlineDevSource(modelId: string): RecordSource {
  const hit = cache.get(modelId);
  if (hit) return hit;
  const source: RecordSource = {
    key: modelId,
    list: (q) => api.list(modelId, q),
    get: (id) => api.get(modelId, id),
    create: (r) => api.create(modelId, r),
    update: (id, r) => api.update(modelId, id, r),
    remove: (id, v) => api.remove(modelId, id, v),
    batchRemove: (ids, v) => api.batchRemove(modelId, ids, v),
    exportData: (body, name) => api.exportData(modelId, body, name),
    subTables: () => api.subTables(modelId),
    template: (name) => api.importTemplate(modelId, name),
    importData: (file, p) => api.importData(modelId, file, p),
    replaceData: (file, p) => api.importData(modelId, file, p, true),
    recycle: { list: (q) => api.recycleList(modelId, q), restore: (ids) => api.restore(modelId, ids) },
    dataChange: (id, q) => api.dataChange(modelId, id, q),
  };
  if (cache.size > 200) cache.clear();
  cache.set(modelId, source);
  return source;
}
