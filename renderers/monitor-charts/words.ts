/**
 * The monitor charts' own strings (spec 000 §9: zh default, en, tw, mas), picked by the current i18next language (zh
 * when unknown).
 */
export const MONITOR_CHART_STRINGS = {
  zh: {
    cpu: 'CPU 使用率',
    memory: '内存使用率',
    loopP99: '事件循环延迟 P99',
    rps: '每秒请求数',
    range: '最近 {{minutes}} 分钟，最低 {{min}}，最高 {{max}}',
    paused: '页面不可见时暂停刷新',
    waiting: '正在读取…',
    failed: '读取失败：{{msg}}',
  },
  en: {
    cpu: 'CPU usage',
    memory: 'Memory usage',
    loopP99: 'Event-loop delay p99',
    rps: 'Requests per second',
    range: 'Last {{minutes}} min, low {{min}}, high {{max}}',
    paused: 'Refresh pauses while the page is hidden',
    waiting: 'Reading…',
    failed: 'Reading failed: {{msg}}',
  },
  tw: {
    cpu: 'CPU 使用率',
    memory: '記憶體使用率',
    loopP99: '事件迴圈延遲 P99',
    rps: '每秒請求數',
    range: '最近 {{minutes}} 分鐘，最低 {{min}}，最高 {{max}}',
    paused: '頁面不可見時暫停重新整理',
    waiting: '正在讀取…',
    failed: '讀取失敗：{{msg}}',
  },
  mas: {
    cpu: 'Penggunaan CPU',
    memory: 'Penggunaan memori',
    loopP99: 'Kelewatan gelung peristiwa p99',
    rps: 'Permintaan sesaat',
    range: '{{minutes}} minit terakhir, terendah {{min}}, tertinggi {{max}}',
    paused: 'Muat semula dijeda semasa halaman tersembunyi',
    waiting: 'Membaca…',
    failed: 'Gagal membaca: {{msg}}',
  },
} as const;

/** A word of the charts. */
export type ChartWord = keyof (typeof MONITOR_CHART_STRINGS)['zh'];

/** `word` in `lang` (zh when unknown) with `{{name}}` placeholders filled from `vars`. */
export function chartWord(lang: string | undefined, word: ChartWord, vars: Record<string, string | number> = {}): string {
  const table = (MONITOR_CHART_STRINGS as Record<string, Record<ChartWord, string>>)[lang ?? 'zh'] ?? MONITOR_CHART_STRINGS.zh;
  return table[word].replace(/\{\{(\w+)\}\}/g, (_m, k: string) => String(vars[k] ?? ''));
}
