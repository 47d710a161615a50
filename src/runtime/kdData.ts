import type { KdData } from '../../renderers/_shared/KdDataContext';
import { request } from '../api/client';

/**
 * The widgets' data access (renderers/_shared/KdDataContext) through the platform client, so dictionary and
 * data-source calls carry the token, `n` and `Accept-Language`, and failures toast like every call (spec 000 §7–§8).
 */
export const kdData: KdData = {
  request: (method, path, body) => request(path, method === 'GET' ? {} : { method: 'post', json: body ?? {} }),
};

/** A data-interface run a widget makes (options, lists, one row): it names the form it runs for. */
const INTERFACE_RUN = /^\/api\/system\/DataInterface\/[^/?]+\/Actions\/(Response|List|Info)(\?|$)/;
const perModel = new Map<string, KdData>();

/**
 * The widgets' data access inside model `modelId`'s list and form (issue 20 item 3): like `kdData`, but each
 * data-interface run (`…/DataInterface/{id}/Actions/Response|List|Info`) carries `modelId` (query or body), so the
 * server lets users who may open this form load the options of the interfaces its fields bind. One instance per
 * model (widget caches are per data access).
 */
export function kdDataFor(modelId: string): KdData {
  let d = perModel.get(modelId);
  if (!d) {
    d = {
      request: (method, path, body) => {
        if (!INTERFACE_RUN.test(path)) return kdData.request(method, path, body);
        if (method === 'GET') return kdData.request(method, `${path}${path.includes('?') ? '&' : '?'}modelId=${encodeURIComponent(modelId)}`, body);
        const obj = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
        return kdData.request(method, path, { ...obj, modelId });
      },
    };
    perModel.set(modelId, d);
  }
  return d;
}
