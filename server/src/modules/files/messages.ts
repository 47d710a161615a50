import { UPLOAD_MESSAGES } from '../../../../src/engine/upload';
import { failWith, type MessageTable } from '../dictionary/localized-error';

type Key = 'unsupported' | 'mismatch' | 'notYours' | 'fieldTooManyFiles' | 'fieldTooManyImages';

/**
 * Messages of the file routes and of binding files to a record (issue 3 "uploads"; issue 25 item 5: answered in the
 * caller's language). The limits' own texts (size, type, count) are the engine's UPLOAD_MESSAGES, shared with the
 * upload widget; here the count ones are prefixed with the field's label. `{ext}`, `{label}`, `{n}` are filled in.
 */
export const filesMessages: MessageTable<Key> = {
  zh: {
    unsupported: '不支持的文件类型',
    mismatch: '文件内容与扩展名{ext}不符',
    notYours: '无权使用该文件',
    fieldTooManyFiles: `{label}: ${UPLOAD_MESSAGES.zh.tooManyFiles}`,
    fieldTooManyImages: `{label}: ${UPLOAD_MESSAGES.zh.tooManyImages}`,
  },
  en: {
    unsupported: 'This file type is not supported',
    mismatch: 'The file content does not match its extension {ext}',
    notYours: 'You may not use this file',
    fieldTooManyFiles: `{label}: ${UPLOAD_MESSAGES.en.tooManyFiles}`,
    fieldTooManyImages: `{label}: ${UPLOAD_MESSAGES.en.tooManyImages}`,
  },
  mas: {
    unsupported: 'Jenis fail ini tidak disokong',
    mismatch: 'Kandungan fail tidak sepadan dengan sambungan {ext}',
    notYours: 'Anda tidak boleh menggunakan fail ini',
    fieldTooManyFiles: `{label}: ${UPLOAD_MESSAGES.mas.tooManyFiles}`,
    fieldTooManyImages: `{label}: ${UPLOAD_MESSAGES.mas.tooManyImages}`,
  },
};

/** `fail(code, key, vars, data)`: a LocalizedError of {@link filesMessages}, in the request's language. */
export const failFiles = failWith(filesMessages, 'fileErrors');
