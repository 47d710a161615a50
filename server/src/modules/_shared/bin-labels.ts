import type { MessageVar } from '../dictionary/localized-error';

/** The field names a bin's restore refusal uses (issue 27 item 2: "refused with the field named"), in each language. */
export const CODE: MessageVar = { zh: '编码', en: 'code', mas: 'kod' };
/** See {@link CODE}. */
export const NAME: MessageVar = { zh: '名称', en: 'name', mas: 'nama' };
