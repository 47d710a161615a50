import { MESSAGE_TYPE } from '../../../../schemas/wire/message';
import { releaseNotice } from '../../modules/message/notice-repository';
import { sendMessage } from '../../modules/message/repository';
import { DEMO, demoEnabled, demoUserId } from './demo-company';
import { SEED } from './ids';
import type { SeedContext } from './index';

/** Fixed ids of the demo notices (issue 14 item 3). */
export const DEMO_NOTICES = { holiday: 'notice-demo-holiday', inspection: 'notice-demo-inspection', stocktake: 'notice-demo-stocktake' } as const;

const d = DEMO.departments;

/** [id, title, HTML body, audience (null = everyone), released] */
const NOTICES: Array<[string, string, string, { orgs?: string[]; roles?: string[] } | null, boolean]> = [
  [
    DEMO_NOTICES.holiday,
    '关于清明节放假及节后交货安排的通知',
    '<p>各部门、各供应商：</p><p>清明节放假时间为 <b>4月4日至4月6日</b>，共 3 天，4月7日正常上班。</p><ul><li>节前最后收货日为 4月3日 16:00；</li><li>节后首个交货窗口为 4月7日 9:00–17:00；</li><li>急单请提前与采购部周强联系。</li></ul><p>帆布箱包有限公司 行政部</p>',
    { orgs: [DEMO.company] },
    true,
  ],
  [
    DEMO_NOTICES.inspection,
    '来料检验标准更新（拉链、织带）',
    '<p>自下周一起，拉链和织带按新版检验标准抽检：</p><ol><li>拉链拉合次数不少于 500 次，拉头不得脱落；</li><li>织带宽度公差 ±0.5 mm，色差不低于 4 级；</li><li>每批抽检比例 5%，不合格批次整批退回。</li></ol><p>如有疑问请联系品管部陈静。</p>',
    { orgs: [d.purchasing, d.quality], roles: [DEMO.roles.supplier] },
    true,
  ],
  [
    DEMO_NOTICES.stocktake,
    '月末仓库盘点安排（草稿）',
    '<p>本月 30 日 14:00 起仓库停止收发料，进行月末盘点，预计 31 日中午恢复。</p>',
    { orgs: [d.warehouse] },
    false,
  ],
];

/** [id, recipient account, type, title, body] of the demo workflow and system messages. */
const MESSAGES: Array<[string, string, number, string, string]> = [
  ['msg-demo-approve', 'zhouqiang', MESSAGE_TYPE.workflow, '请审批：采购申请 PR-20260312-0007（李娜）', JSON.stringify({ type: 2, id: 'PR-20260312-0007' })],
  ['msg-demo-inspect', 'chenjing', MESSAGE_TYPE.workflow, '来料检验待办：宏达五金拉链厂 5# 尼龙拉链 2000 条', JSON.stringify({ type: 2, id: 'IQC-20260313-0003' })],
  ['msg-demo-confirmed', 'lina', MESSAGE_TYPE.system, '采购订单 PO-20260310-0021 已由美伦织带有限公司确认', '<p>美伦织带有限公司已确认订单 <b>PO-20260310-0021</b>（25 mm 涤纶织带 3000 米），交期 3月20日。</p>'],
];

/**
 * Seeds believable notices and messages for the demo company (issue 14 item 3), unless KD_DEMO=0, on a fresh data
 * folder only (nothing when the first demo notice exists, so a deleted or withdrawn one is not brought back): two
 * released notices (a holiday notice to the whole company; new inspection rules to 采购部, 品管部 and the suppliers),
 * a draft (stocktake, 仓储部), two workflow to-dos and a system message. The administrator's bell is untouched
 * (it shows only the welcome notice).
 */
export default async function seedDemoMessages({ db }: SeedContext): Promise<void> {
  if (!demoEnabled()) return;
  if (await db.selectFrom('message').select('id').where('id', '=', DEMO_NOTICES.holiday).executeTakeFirst()) return;
  for (const [id, title, bodyText, audience, released] of NOTICES) {
    await db
      .insertInto('message')
      .values({
        id,
        type: MESSAGE_TYPE.notice,
        title,
        body_text: bodyText,
        enabled_mark: 0,
        audience_type: audience ? 1 : 0,
        to_organize_ids: JSON.stringify(audience?.orgs ?? []),
        to_role_ids: JSON.stringify(audience?.roles ?? []),
        created_by: SEED.adminUser,
        updated_by: SEED.adminUser,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    if (released) await releaseNotice(db, SEED.adminUser, id);
  }
  for (const [id, account, type, title, bodyText] of MESSAGES) {
    await sendMessage(db, [demoUserId(account)], { id, type, title, bodyText, createdBy: null });
  }
}
