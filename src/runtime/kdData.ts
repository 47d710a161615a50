import type { KdData } from '../../renderers/_shared/KdDataContext';
import { request } from '../api/client';

/**
 * The widgets' data access (renderers/_shared/KdDataContext) through the platform client, so dictionary and
 * data-source calls carry the token, `n` and `Accept-Language`, and failures toast like every call (spec 000 §7–§8).
 */
export const kdData: KdData = {
  request: (method, path, body) => request(path, method === 'GET' ? {} : { method: 'post', json: body ?? {} }),
};
