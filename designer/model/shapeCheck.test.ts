import { beforeAll, describe, expect, it } from 'vitest';
import { checkFieldList, validateModel } from '../../server/src/modules/visualdev/model-validate';
import { i18next, initI18n } from '../../src/i18n';
import { DESIGNER_NS } from '../i18n';
import { emptyForm } from '../store/DesignerStore';
import { type DesignedModel, recordToCheck } from './modelApi';
import { propOfPath, shapeRefusal } from './shapeCheck';

/**
 * The designer's shape check before sending (issue 13 item 3: one check at import, designer save and server save):
 * for models the server refuses for their shape, the designer names the same path in the same words as the server's
 * answer, in each of the four languages.
 */
beforeAll(() => {
  initI18n('zh');
});

const LANGS = ['zh', 'en', 'tw', 'mas'] as const;
const tIn = (lang: string) => {
  const t = i18next.getFixedT(lang, DESIGNER_NS);
  return (key: string, vars?: Record<string, unknown>) => t(key, vars ?? {});
};
/** The server's refusal of `run` (a LocalizedError) in `lang`, with its path. */
function serverSays(run: () => unknown, lang: string): { msg: string; path: string } {
  try {
    run();
  } catch (e) {
    const err = e as { text: (l: string) => string; data: { path: string } };
    return { msg: err.text(lang), path: err.data.path };
  }
  throw new Error('the server check passed');
}

const field = (config: Record<string, unknown>, vModel = 'name') => ({ __config__: { kdKey: 'comInput', label: '名称', formId: 1, ...config }, __vModel__: vModel });
const model = (over: Partial<DesignedModel['meta']>, fields: unknown[]): DesignedModel => ({
  meta: { fullName: '形状', enCode: 'shapeModel', webType: 2, ...over },
  form: { ...emptyForm(), fields } as DesignedModel['form'],
  columnData: null,
  base: null,
});

describe('the designer’s shape check is the server’s (issue 13 item 3)', () => {
  const cases: Array<[string, DesignedModel, string]> = [
    ['a name over 100 characters', model({ fullName: '长'.repeat(101) }, [field({})]), 'fullName'],
    ['a label that is a number', model({}, [field({ label: 12 })]), 'formData.fields[0].__config__.label'],
    ['a rule without its message', model({}, [field({ regList: [{ pattern: '^a' }] })]), 'formData.fields[0].__config__.regList[0].message'],
    ['a saved model’s span given as text', model({ id: 'm1' }, [field({ span: '12' })]), 'formData.fields[0].__config__.span'],
  ];
  for (const [what, m, path] of cases) {
    it(`${what}: same path, same words in zh, en, tw and mas`, async () => {
      for (const lang of LANGS) {
        const server = serverSays(() => validateModel(recordToCheck(m), new Set()), lang);
        const mine = await shapeRefusal({ record: recordToCheck(m) }, tIn(lang));
        expect(server.path).toBe(path);
        expect(mine).toEqual(server);
      }
    });
  }

  it('a valid model passes both checks', async () => {
    const m = model({ table: 'kd_shape_ok' }, [field({ regList: [{ pattern: '^a', message: '以a开头' }] })]);
    expect(await shapeRefusal({ record: recordToCheck(m) }, tIn('zh'))).toBeNull();
    expect(() => validateModel(recordToCheck(m), new Set())).not.toThrow();
  });

  it('a built-in page’s added fields: the same check as the server’s field list (paths under fields)', async () => {
    const fields = [field({}), field({ required: 'yes' }, 'other')];
    const server = serverSays(() => checkFieldList(fields, 'fields'), 'zh');
    expect(server.path).toBe('fields[1].__config__.required');
    expect(await shapeRefusal({ fields }, tIn('zh'))).toEqual(server);
    expect(server.msg).toBe('模型文件格式不正确：fields[1].__config__.required must be boolean');
  });

  it('paths outside the form name the model prop the panel shows them under', () => {
    expect(propOfPath('fullName')).toBe('__fullName');
    expect(propOfPath('enCode')).toBe('__enCode');
    expect(propOfPath('tables[0].table')).toBe('__table');
    expect(propOfPath('formData.fields[0].__vModel__')).toBeNull();
  });
});
