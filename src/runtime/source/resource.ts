import type { PageAction, ResourceBinding, ResourceCall } from '../../../schemas/page';
import { type Envelope, request, requestEnvelope } from '../../api/client';
import type { ListPage, ListQuery, ModelData } from '../../api/onlineDev';
import { download, uploadWithProgress } from '../../api/transfer';
import { pageOnClient } from './clientPaging';
import type { RecordSource } from './types';

type Method = 'get' | 'post' | 'put' | 'delete';

/**
 * Fills a path template (schemas/page.ts): `{id}` the row's id, `{tree}` the chosen tree node, `{name}` the row's
 * field `name`; each value URL-encoded, a missing one empty.
 */
export function fillPath(template: string, row: Record<string, unknown> = {}, tree?: unknown): string {
  return template.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const v = name === 'tree' ? tree : row[name];
    return v === undefined || v === null ? '' : encodeURIComponent(String(v));
  });
}

/** Fills a file-name template: `{field}` takes the row's value, unencoded. */
export function fillName(template: string, row: Record<string, unknown> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_m, name: string) => String(row[name] ?? ''));
}

const methodOf = (call: { method?: string }, fallback: Method): Method => (call.method ? (call.method.toLowerCase() as Method) : fallback);

/** A list answer as a page: `{ list, pagination }` as it is, a bare array as one page. */
export function asPage(answer: unknown, query: ListQuery): ListPage {
  if (Array.isArray(answer)) return { list: answer as ModelData[], pagination: { currentPage: 1, pageSize: answer.length, total: answer.length } };
  const a = (answer ?? {}) as Partial<ListPage>;
  const list = Array.isArray(a.list) ? a.list : [];
  return { ...a, list, pagination: a.pagination ?? { currentPage: query.currentPage, pageSize: query.pageSize, total: list.length } } as ListPage;
}

/**
 * The search fields of `queryJson` as plain parameters (ResourceList `searchParams`): each mapped prop's value under
 * its parameter name, a range `[from, to]` under the pair of names (an empty end left out). Props not mapped are dropped.
 */
export function searchParamsOf(queryJson: string | undefined, map: Record<string, string | [string, string]>): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  let values: Record<string, unknown> = {};
  try {
    values = queryJson ? (JSON.parse(queryJson) as Record<string, unknown>) : {};
  } catch {
    return out;
  }
  const put = (name: string, v: unknown) => {
    if (v !== undefined && v !== null && v !== '') out[name] = typeof v === 'object' ? JSON.stringify(v) : (v as string | number | boolean);
  };
  for (const [prop, name] of Object.entries(map)) {
    const v = values[prop];
    if (Array.isArray(name)) {
      const pair = Array.isArray(v) ? v : [];
      put(name[0], pair[0]);
      put(name[1], pair[1]);
    } else put(name, Array.isArray(v) ? v.join(',') : v);
  }
  return out;
}

/** The list call's parameters: the list query (treeField/treeValue become `tree.param`), empty values left out. */
function listParams(binding: ResourceBinding, q: ListQuery): Record<string, string | number | boolean> {
  const { treeField: _f, treeValue, summary: _s, ...all } = q;
  const { queryJson, ...plain } = all;
  const mapped = binding.list.searchParams;
  const rest = mapped ? { ...plain, ...searchParamsOf(queryJson, mapped) } : all;
  const out: Record<string, string | number | boolean> = {};
  for (const [k, v] of Object.entries(rest)) if (v !== undefined && v !== null && v !== '') out[k] = v as string | number;
  if (binding.tree && treeValue !== undefined && treeValue !== null && treeValue !== '') out[binding.tree.param] = String(treeValue);
  return out;
}

/** The page's parameters (schemas/page.ts PageConfig `params`) by name. */
export type PageParams = Record<string, string>;

/** The parameters a `page` action hands the page it opens: each parameter ← the row's field (empty when missing). */
export function pageParams(a: PageAction, row: Record<string, unknown> | undefined): PageParams {
  return Object.fromEntries(Object.entries(a.params ?? {}).map(([name, field]) => [name, row?.[field] === undefined || row[field] === null ? '' : String(row[field])]));
}

/**
 * The record source of a built-in page (issue 26 item 1): the REST calls of `binding` (schemas/page.ts
 * ResourceBinding) through src/api/client.ts — the token, the `n` timestamp, the envelope check and its toasts, as
 * every call. Capabilities follow the binding: a key it lacks is a capability the page does not offer. `params` (a page
 * opened by a `page` action, e.g. `{ moduleId }`) fill the path placeholders the row does not, and go on create bodies.
 */
/**
 * The calls of a recycle bin at `path` (issue 27 item 2): GET `path` answers `{ list, pagination }`; a restore posts
 * `{ ids }` to `path/Actions/Restore`. Rejects as src/api/client.ts does.
 */
export function recycleCalls(path: string): NonNullable<RecordSource['recycle']> {
  return {
    list: (q) => request<Awaited<ReturnType<NonNullable<RecordSource['recycle']>['list']>>>(path, { query: q }),
    restore: (ids) => requestEnvelope<{ count: number }>(`${path}/Actions/Restore`, { method: 'post', json: { ids } }),
  };
}

export function resourceSource(key: string, binding: ResourceBinding, params: PageParams = {}): RecordSource {
  const b = binding;
  const fill = (template: string, row: Record<string, unknown> = {}, tree?: unknown) => fillPath(template, { ...params, ...row }, tree);
  const envelopeCall = (call: ResourceCall, fallback: Method, row: Record<string, unknown>, json?: unknown): Promise<Envelope<unknown>> =>
    requestEnvelope(fill(call.path, row), { method: methodOf(call, fallback), json });

  const source: RecordSource = {
    key,
    async list(q) {
      // A required tree (e.g. the dictionary's types): nothing to list until a node is chosen.
      if (b.tree?.required && (q.treeValue === undefined || q.treeValue === null || q.treeValue === '')) return asPage([], q);
      const params = listParams(b, q);
      const path = fill(b.list.path, {}, q.treeValue);
      const answer = b.list.method === 'POST' ? await request<unknown>(path, { method: 'post', json: params }) : await request<unknown>(path, { query: params });
      return b.list.clientPaging ? pageOnClient(asPage(answer, q), answer, q) : asPage(answer, q);
    },
    get: (id) => (b.get ? request<ModelData>(fill(b.get.path, { id }), { method: methodOf(b.get, 'get') }) : Promise.reject(new Error(`${key}: no get call`))),
    actions: b.actions,
    rowChildren: b.list.children,
  };
  if (b.create) source.create = (r) => envelopeCall(b.create!, 'post', {}, { ...r, ...params });
  if (b.update) source.update = (id, r) => envelopeCall(b.update!, 'post', { ...r, id }, r);
  // The version the list showed goes with a delete (`?version`, issue 27): a row changed meanwhile is refused.
  if (b.remove) source.remove = (id, version) => requestEnvelope(fill(b.remove!.path, { id }), { method: methodOf(b.remove!, 'delete'), query: version === undefined ? undefined : { version } });
  if (b.batchRemove) source.batchRemove = (ids) => envelopeCall(b.batchRemove!, 'post', {}, { ids });
  if (b.state) {
    const s = b.state;
    source.state = { field: s.field ?? 'enabledMark', button: s.button ?? 'btn_edit', toggle: (row) => envelopeCall(s, 'post', row) };
  }
  if (b.exportData) {
    const e = b.exportData;
    source.exportData = (body, name) => download(fill(e.path), { method: methodOf(e, 'post') === 'get' ? 'get' : 'post', json: { ...body, ...body.query }, fallbackName: name });
  }
  if (b.template) source.template = (name) => download(fill(b.template!.path), { fallbackName: name });
  if (b.importData) {
    const path = b.importData.path;
    source.importData = (file, p) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return uploadWithProgress(fill(path), form, p);
    };
  }
  if (b.recycle) source.recycle = { ...recycleCalls(fill(b.recycle.path)), open: b.recycle.open, columns: b.recycle.columns };
  if (b.tree) {
    const t = b.tree;
    source.tree = {
      ...t,
      load: async () => {
        const answer = await request<unknown>(fill(t.path));
        return Array.isArray(answer) ? answer : (((answer as { list?: unknown[] } | null)?.list ?? []) as unknown[]);
      },
    };
  }
  source.run = (a: PageAction, row: ModelData = {}, file?: File) => {
    const path = fill(a.path ?? '', row);
    if (a.kind === 'download') return download(path, { method: methodOf(a, 'get') === 'post' ? 'post' : 'get', fallbackName: fillName(a.fileName ?? 'download', row) });
    if (a.kind === 'upload') {
      const form = new FormData();
      if (file) form.append('file', file, file.name);
      return uploadWithProgress(path, form);
    }
    // A `call` sends its constant `body` as JSON (routes that validate a body need one, e.g. the workflow actions).
    return requestEnvelope(path, { method: methodOf(a, 'post'), json: a.body });
  };
  return source;
}
