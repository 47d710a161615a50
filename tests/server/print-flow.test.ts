import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from './helpers';

/**
 * Flow-form print templates (issue 16 item 1; reference print-report-portal.md §1 operatorRecordList): a type-1
 * template prints a flow task for the people who may read it (its launcher, its handlers, CC targets, administrators;
 * anyone else 404), with the task's approval records (recalled ones left out) as `operatorRecordList` and as JNPF's
 * 5-column approval table (`approvalTable`, every cell escaped). The task rows are written straight into the
 * workflow tables (migration 0480), as the engine stores them.
 */

const P = '/api/system/printDev';
const PASSWORD = 'Pass@123';
let t: TestApp;
let admin: string;
let launcher: string;
let outsider: string;
let tpl: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  const a = await createUser(t.app, { account: 'flowstarter', password: PASSWORD, realName: '申请人' });
  await createUser(t.app, { account: 'flowoutsider', password: PASSWORD });
  launcher = await t.login('flowstarter', PASSWORD);
  outsider = await t.login('flowoutsider', PASSWORD);
  const db = t.app.db;
  await sql`insert into flow_engine_version (id, flow_id, version, flow_template_json, form_fields) values ('pv-1', 'pf-1', 1, '{}'::jsonb, '[]'::jsonb)`.execute(db);
  await sql`insert into flow_task (id, full_name, flow_id, flow_version_id, flow_code, flow_name, form_data, state_json, creator_user_id)
    values ('task-print-1', '采购申请 PR-001', 'pf-1', 'pv-1', 'purchase', '采购申请', '{"amount": 1200}'::jsonb, '{}'::jsonb, ${a})`.execute(db);
  const rec = (id: string, node: string, who: string, status: number, opinion: string, minutes: number, valid = 0) =>
    sql`insert into flow_task_record (id, task_id, node_code, node_name, handle_id, handle_status, handle_opinion, status, handle_time)
      values (${id}, 'task-print-1', ${node}, ${node}, ${who}, ${status}, ${opinion}, ${valid}, ${new Date(Date.UTC(2026, 10, 20, 8, minutes))})`.execute(db);
  await rec('r1', '开始', a, 2, '', 0);
  await rec('r2', '部门经理', 'user-admin', 1, '同意<script>x</script>', 5);
  await rec('r3', '财务', 'user-admin', 0, '撤回的意见', 6, -1);
  const made = await t.call('POST', P, {
    token: admin,
    payload: {
      fullName: '采购申请审批单',
      enCode: 'purchaseFlowPrint',
      type: 1,
      datasets: [{ sql: "select cast(@formId as text) as task_no, '采购申请' as flow" }],
      printTemplate: '<h1>{{ flow }} {{ task_no }}</h1><ol><li data-each="operatorRecordList" data-as="r">{{ r.nodeName }} {{ r.userName }} {{ r.handleOpinion }}</li></ol>{{ operatorRecordList | approvalTable }}',
    },
  });
  expect(made.code, made.msg).toBe(200);
  tpl = made.data.id;
}, 600_000);
afterAll(async () => {
  await t?.close();
});

describe('flow-form print', () => {
  it('prints the task with its approval records for its launcher; recalled records are left out; opinions are escaped', async () => {
    const res = await t.call('GET', `${P}/Data?id=${tpl}&formId=task-print-1`, { token: launcher });
    expect(res.code, res.msg).toBe(200);
    expect(res.data.operatorRecordList).toEqual([
      { nodeName: '开始', userName: '申请人/flowstarter', handleTime: Date.UTC(2026, 10, 20, 8, 0), handleStatus: 2, handleOpinion: '', signImg: '' },
      { nodeName: '部门经理', userName: expect.stringMatching(/\/admin$/), handleTime: Date.UTC(2026, 10, 20, 8, 5), handleStatus: 1, handleOpinion: '同意<script>x</script>', signImg: '' },
    ]);
    const html = res.data.html as string;
    expect(html).toContain('<h1>采购申请 task-print-1</h1>');
    expect(html).toContain('<li>开始 申请人/flowstarter </li>');
    expect(html).toContain('同意&lt;script&gt;x&lt;/script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).toContain('<th>节点</th><th>审批人</th><th>审批时间</th><th>结果</th><th>意见</th>');
    expect(html).toMatch(/<tr><td>部门经理<\/td><td>[^<]*\/admin<\/td><td>2026-11-20 \d\d:05<\/td><td>同意<\/td><td>同意&lt;script&gt;x&lt;\/script&gt;<\/td><\/tr>/);
    expect(html).not.toContain('撤回的意见');
  });

  it('answers 404 to someone with no part in the task, and for an unknown task; administrators may print it', async () => {
    expect(await t.call('GET', `${P}/Data?id=${tpl}&formId=task-print-1`, { token: outsider })).toMatchObject({ code: 404, msg: '打印模板不存在' });
    expect((await t.call('GET', `${P}/Data?id=${tpl}&formId=no-such-task`, { token: launcher })).code).toBe(404);
    expect((await t.call('GET', `${P}/Data?id=${tpl}&formId=task-print-1`, { token: admin })).code).toBe(200);
  });
});
