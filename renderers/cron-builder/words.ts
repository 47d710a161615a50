/**
 * The cron builder's own strings (spec 000 §9: zh default, en, tw, mas), picked by the current i18next language (zh
 * when unknown). `badCron` and `never` are the server's refusals word for word (server/src/modules/scheduler/
 * messages.ts badCron, noRun), so the form shows before saving what the server would answer. `weekdays` starts on
 * Sunday (croner's 0).
 */
export const CRON_BUILDER_STRINGS = {
  zh: {
    kind: '执行周期',
    minutes: '每隔 N 分钟',
    hourly: '每小时',
    daily: '每天',
    weekly: '每周',
    monthly: '每月',
    custom: '自定义',
    every: '每隔',
    minutesUnit: '分钟',
    atMinute: '第几分',
    hour: '时',
    minute: '分',
    day: '日',
    weekdaysLabel: '星期',
    weekdays: '周日,周一,周二,周三,周四,周五,周六',
    expression: 'Cron 表达式',
    next: '接下来 {{count}} 次执行',
    badCron: 'Cron 表达式不正确：{{detail}}',
    never: 'Cron 表达式在起止时间内不会执行',
    serverZone: '服务器时区 {{zone}}',
    localZone: '本机时区 {{zone}}（未连上服务器）',
  },
  en: {
    kind: 'Schedule',
    minutes: 'Every N minutes',
    hourly: 'Hourly',
    daily: 'Daily',
    weekly: 'Weekly',
    monthly: 'Monthly',
    custom: 'Custom',
    every: 'Every',
    minutesUnit: 'minutes',
    atMinute: 'At minute',
    hour: 'Hour',
    minute: 'Minute',
    day: 'Day',
    weekdaysLabel: 'Weekdays',
    weekdays: 'Sun,Mon,Tue,Wed,Thu,Fri,Sat',
    expression: 'Cron expression',
    next: 'Next {{count}} runs',
    badCron: 'Invalid cron expression: {{detail}}',
    never: 'The cron expression never runs between the start and end times',
    serverZone: 'Server time zone {{zone}}',
    localZone: 'This device’s time zone {{zone}} (server not reached)',
  },
  tw: {
    kind: '執行週期',
    minutes: '每隔 N 分鐘',
    hourly: '每小時',
    daily: '每天',
    weekly: '每週',
    monthly: '每月',
    custom: '自訂',
    every: '每隔',
    minutesUnit: '分鐘',
    atMinute: '第幾分',
    hour: '時',
    minute: '分',
    day: '日',
    weekdaysLabel: '星期',
    weekdays: '週日,週一,週二,週三,週四,週五,週六',
    expression: 'Cron 表示式',
    next: '接下來 {{count}} 次執行',
    badCron: 'Cron 表示式不正確：{{detail}}',
    never: 'Cron 表示式在起止時間內不會執行',
    serverZone: '伺服器時區 {{zone}}',
    localZone: '本機時區 {{zone}}（未連上伺服器）',
  },
  mas: {
    kind: 'Jadual',
    minutes: 'Setiap N minit',
    hourly: 'Setiap jam',
    daily: 'Setiap hari',
    weekly: 'Setiap minggu',
    monthly: 'Setiap bulan',
    custom: 'Tersuai',
    every: 'Setiap',
    minutesUnit: 'minit',
    atMinute: 'Pada minit',
    hour: 'Jam',
    minute: 'Minit',
    day: 'Hari',
    weekdaysLabel: 'Hari minggu',
    weekdays: 'Ahd,Isn,Sel,Rab,Kha,Jum,Sab',
    expression: 'Ungkapan cron',
    next: '{{count}} larian seterusnya',
    badCron: 'Ungkapan cron tidak sah: {{detail}}',
    never: 'Ungkapan cron tidak pernah berjalan antara masa mula dan tamat',
    serverZone: 'Zon waktu pelayan {{zone}}',
    localZone: 'Zon waktu peranti ini {{zone}} (pelayan tidak dihubungi)',
  },
} as const;

/** A word of the builder. */
export type CronWord = keyof (typeof CRON_BUILDER_STRINGS)['zh'];

/** `word` in `lang` (zh when unknown) with `{{name}}` placeholders filled from `vars`. */
export function cronWord(lang: string | undefined, word: CronWord, vars: Record<string, string | number> = {}): string {
  const table = (CRON_BUILDER_STRINGS as Record<string, Record<CronWord, string>>)[lang ?? 'zh'] ?? CRON_BUILDER_STRINGS.zh;
  return table[word].replace(/\{\{(\w+)\}\}/g, (_m, k: string) => String(vars[k] ?? ''));
}
