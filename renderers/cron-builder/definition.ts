import { defineRenderer } from '../../src/engine/renderer';
import { baseColumn } from '../_shared/fieldProps';
import { commonProps, inspectorOf } from '../_shared/inspectors';
import { scaffoldOf } from '../_shared/scaffold';

/**
 * cronBuilder: the cron expression of a scheduled job (issue 23 items 4 and 6, JNPF `system/task`'s executeContent.cron).
 * A builder — every N minutes, hourly at a minute, daily / weekly on chosen weekdays / monthly on a day at a time, or a
 * custom expression — writes the six-field croner text (`sec min hour day month weekday`, seconds first, as the
 * scheduler reads it); the text stays editable. Under it the next 5 runs (the server's, GET /api/scheduletask/NextRuns,
 * shown in the scheduler's time zone and labelled with it; croner in the browser's zone, labelled so, when the server
 * cannot be reached; bounded by the record's `startField`/`endField`, default startTime/endTime, epoch ms) or the
 * server's own refusal text (invalid expression, or no run in the window). Value: string of at most 200 characters; the server checks it again (400).
 */
export default defineRenderer({
  kdKey: 'cronBuilder',
  label: 'Cron 生成器',
  icon: 'FieldTimeOutlined',
  group: 'advanced',
  scaffold: scaffoldOf('cronBuilder', 'Cron 表达式', 'KdCronBuilder', { defaultValue: '0 0 2 * * *' }, { startField: 'startTime', endField: 'endTime', readonly: false, disabled: false }),
  inspector: inspectorOf(commonProps, {
    startField: { type: 'string', title: '开始时间字段' },
    endField: { type: 'string', title: '结束时间字段' },
  }),
  toSchema: () => ({ type: 'string', maxLength: 200 }),
  toColumn: (field) => baseColumn(field, { cellStyle: { fontFamily: 'monospace' } }),
  component: () => import('./CronBuilder'),
});
