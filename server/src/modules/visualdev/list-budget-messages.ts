import { failWith, type MessageTable } from '../dictionary/localized-error';

type Key = 'listTimeout';

/** Messages of the list budget (issue 28 item 3), apart from messages.ts so that table stays as its owner left it. */
export const listBudgetMessages: MessageTable<Key> = {
  zh: {
    listTimeout: '查询超时（超过{seconds}秒），请输入更具体的关键字或缩小查询条件后重试',
  },
  en: {
    listTimeout: 'The search took longer than {seconds} s and was stopped; use a more specific keyword or narrow the filters and try again',
  },
  mas: {
    listTimeout: 'Carian mengambil masa lebih daripada {seconds} saat dan dihentikan; gunakan kata kunci yang lebih khusus atau kecilkan penapis, kemudian cuba lagi',
  },
};

/** `listBudgetFail(code, key, vars, data)`: a localized ApiError of the list budget. */
export const listBudgetFail = failWith(listBudgetMessages);
