/** JSON Schemas of the dictionary routes' bodies and queries (spec 001 §7 Dictionary types / data). */

import { IdSchema as ID, IdParamsSchema as ID_PARAMS } from '../../../../schemas/wire/common';

export { ID, ID_PARAMS };
export {
  DictionaryItemBodySchema as DATA_BODY,
  DictionaryItemListQuerySchema as DATA_LIST_QUERY,
  DictionaryKeywordQuerySchema as KEYWORD_QUERY,
  DictionaryTypeBodySchema as TYPE_BODY,
} from '../../../../schemas/wire/dictionary';

/** Access of the admin routes: the 数据字典 menu (enCode dictionary) and its buttons (design.md §7a). */
export const MENU = 'dictionary';
