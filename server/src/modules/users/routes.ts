import type { FastifyPluginAsync } from 'fastify';
import { t } from '../../i18n';
import { assertAcceptablePassword, hashPassword, isMd5Hex, verifyPassword } from '../../lib/password';
import { ApiError, ok } from '../../plugins/envelope';

interface ModifyPasswordBody {
  oldPassword: string;
  password: string;
}

/** Current-user routes (spec 000 §7 "Current user"). */
const usersRoutes: FastifyPluginAsync = async (app) => {
  /**
   * POST /api/permission/Users/Current/Actions/ModifyPassword: body `{ oldPassword, password }`, both md5 hex.
   * Checks the old password (400 原密码错误), refuses an unchanged one, refuses the md5 of the account name or of a
   * common password (400 密码不能与账户相同 / 密码过于简单，请重新设置; issue 20 item 6, lib/password.ts
   * assertAcceptablePassword), stores the new one and increments change_pwd_times (which lifts the forced
   * /ChangePassword, spec 000 §2). A refused change writes nothing.
   */
  app.post<{ Body: ModifyPasswordBody }>(
    '/api/permission/Users/Current/Actions/ModifyPassword',
    {
      config: { access: 'signedIn', beforePasswordChange: true },
      schema: {
        body: {
          type: 'object',
          required: ['oldPassword', 'password'],
          properties: { oldPassword: { type: 'string', minLength: 1 }, password: { type: 'string', minLength: 1 } },
        },
      },
    },
    async (req) => {
      const { oldPassword, password } = req.body;
      if (!isMd5Hex(password)) throw ApiError.of(400, 'invalid', { field: 'password' });
      const user = await app.db.selectFrom('users').select(['id', 'account', 'password']).where('id', '=', req.auth!.userId).executeTakeFirstOrThrow();
      if (!isMd5Hex(oldPassword) || !(await verifyPassword(user.password, oldPassword))) throw ApiError.of(400, 'oldPasswordWrong');
      if (oldPassword.toLowerCase() === password.toLowerCase()) throw ApiError.of(400, 'samePassword');
      await assertAcceptablePassword(password, user.account);
      const hashed = await hashPassword(password);
      await app.db
        .updateTable('users')
        // Not a form field: no version step (issue 27; see organization/user-write.ts resetPassword).
        .set((eb) => ({ password: hashed, change_pwd_times: eb('change_pwd_times', '+', 1) }))
        .where('id', '=', user.id)
        .execute();
      return ok(null, t(req.lang, 'passwordChanged'));
    },
  );
};

export default usersRoutes;
