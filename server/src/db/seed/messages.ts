import { createMessage } from '../../modules/message/repository';
import { SEED } from './ids';
import type { SeedContext } from './index';

/** The fixed id of the administrator's welcome notice. */
export const WELCOME_MESSAGE = 'msg-welcome';

/**
 * Seeds a welcome notice (type 1, spec 000 §3 "Message") for the administrator, so that a fresh install's notice bell
 * shows 1 (spec 000 §2). Idempotent: a fixed id, written only when missing (a read or deleted receipt stays as it is).
 */
export default async function seedMessages({ db }: SeedContext): Promise<void> {
  if (await db.selectFrom('message').select('id').where('id', '=', WELCOME_MESSAGE).executeTakeFirst()) return;
  await createMessage(db, {
    id: WELCOME_MESSAGE,
    type: 1,
    title: '欢迎使用 KD 箱包供应链平台',
    bodyText:
      '<p>欢迎使用 KD 箱包供应链平台。</p><p>请先在 <b>个人信息</b> 中修改初始密码，再到 <b>系统管理</b> 中建立组织、用户和权限。</p>',
    toUserIds: [SEED.adminUser],
    createdBy: SEED.adminUser,
  });
}
