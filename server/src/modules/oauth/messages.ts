import { failWith, type MessageTable } from '../dictionary/localized-error';

/**
 * Sign-in messages of the lockout (issue 12 item 6; reference/permissions.md §5). `wrongPasswordTries` keeps the
 * spec's wrong-password wording (账户或密码错误，请重新输入) and adds the tries left; the locked messages are the same
 * for known and unknown accounts.
 */
const table: MessageTable<'wrongPasswordTries' | 'lockedFor' | 'lockedUntilUnlock'> = {
  zh: {
    wrongPasswordTries: '账户或密码错误，请重新输入（还可尝试{count}次）',
    lockedFor: '账户已锁定，请{count}分钟后再试',
    lockedUntilUnlock: '账户已锁定，请联系管理员解锁',
  },
  en: {
    wrongPasswordTries: 'Wrong account or password ({count} tries left)',
    wrongPasswordTries_one: 'Wrong account or password ({count} try left)',
    lockedFor: 'This account is locked; try again in {count} minutes',
    lockedFor_one: 'This account is locked; try again in {count} minute',
    lockedUntilUnlock: 'This account is locked; please ask the administrator to unlock it',
  },
  mas: {
    wrongPasswordTries: 'Akaun atau kata laluan salah ({count} cubaan lagi)',
    lockedFor: 'Akaun ini dikunci; cuba lagi dalam {count} minit',
    lockedUntilUnlock: 'Akaun ini dikunci; sila minta pentadbir membukanya',
  },
};

/** `fail(code, key, vars)`: a LocalizedError from the sign-in table. */
export const fail = failWith(table, 'oauth');
