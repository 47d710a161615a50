import { failWith, type MessageTable } from '../dictionary/localized-error';

/** Why a scheduled job was refused (issue 23 item 4); `{detail}` names the value. */
export type TaskErrorKey = 'badCron' | 'noRun' | 'noInterface' | 'noMethod' | 'duplicate' | 'notFound' | 'badTimes';

/** The refusals in each language (tw derived from zh). */
const table: MessageTable<TaskErrorKey> = {
  zh: {
    badCron: 'Cron 表达式不正确：{detail}',
    noRun: 'Cron 表达式在起止时间内不会执行',
    noInterface: '数据接口不存在：{detail}',
    noMethod: '内置方法不存在：{detail}',
    duplicate: '编码已存在：{detail}',
    notFound: '任务不存在',
    badTimes: '结束时间必须晚于开始时间',
  },
  en: {
    badCron: 'Invalid cron expression: {detail}',
    noRun: 'The cron expression never runs between the start and end times',
    noInterface: 'No such data interface: {detail}',
    noMethod: 'No such built-in method: {detail}',
    duplicate: 'The code already exists: {detail}',
    notFound: 'No such task',
    badTimes: 'The end time must be after the start time',
  },
  mas: {
    badCron: 'Ungkapan cron tidak sah: {detail}',
    noRun: 'Ungkapan cron tidak pernah berjalan antara masa mula dan tamat',
    noInterface: 'Antara muka data tidak wujud: {detail}',
    noMethod: 'Kaedah terbina dalam tidak wujud: {detail}',
    duplicate: 'Kod sudah wujud: {detail}',
    notFound: 'Tugas tidak wujud',
    badTimes: 'Masa tamat mesti selepas masa mula',
  },
};

/** A refusal as a LocalizedError (400, or 404 for notFound). */
export const fail = failWith(table, 'taskErrors');
