import i18next from 'i18next';

/**
 * Texts of the message drawer, the 'view message' dialog and the message centre (spec 000 §2, §8, §9; issue 14 items
 * 2–3) in the four languages, added to i18next's `translation` namespace under `messages`.
 */
export const MESSAGE_STRINGS = {
  zh: {
    messages: {
      drawerTitle: '站内消息',
      readAll: '全部已读',
      readAllConfirm: '确定把全部消息标记为已读吗？',
      center: '消息中心',
      empty: '暂无数据',
      noMore: '没有更多了',
      unread: '未读',
      viewTitle: '查看消息',
      creator: '发送人',
      time: '时间',
      tabs: { all: '全部', notice: '公告', workflow: '流程', system: '系统' },
      readFilter: { all: '全部', unread: '未读', read: '已读' },
      search: '搜索标题',
      title: '标题',
      type: '类型',
      state: '状态',
      read: '已读',
      markRead: '标记已读',
      remove: '删除',
      removeConfirm: '确定删除选中的 {{count}} 条消息吗？删除后只从您的消息中移除。',
      total: '共 {{total}} 条',
    },
  },
  en: {
    messages: {
      drawerTitle: 'In-site messages',
      readAll: 'Mark all read',
      readAllConfirm: 'Mark every message as read?',
      center: 'Message centre',
      empty: 'No data',
      noMore: 'No more messages',
      unread: 'Unread',
      viewTitle: 'View message',
      creator: 'From',
      time: 'Time',
      tabs: { all: 'All', notice: 'Notices', workflow: 'Workflow', system: 'System' },
      readFilter: { all: 'All', unread: 'Unread', read: 'Read' },
      search: 'Search titles',
      title: 'Title',
      type: 'Type',
      state: 'Status',
      read: 'Read',
      markRead: 'Mark read',
      remove: 'Delete',
      removeConfirm: 'Delete the {{count}} selected messages? They are removed from your messages only.',
      total: '{{total}} in all',
    },
  },
  tw: {
    messages: {
      drawerTitle: '站內消息',
      readAll: '全部已讀',
      readAllConfirm: '確定把全部消息標記為已讀嗎？',
      center: '消息中心',
      empty: '暫無資料',
      noMore: '沒有更多了',
      unread: '未讀',
      viewTitle: '查看消息',
      creator: '發送人',
      time: '時間',
      tabs: { all: '全部', notice: '公告', workflow: '流程', system: '系統' },
      readFilter: { all: '全部', unread: '未讀', read: '已讀' },
      search: '搜尋標題',
      title: '標題',
      type: '類型',
      state: '狀態',
      read: '已讀',
      markRead: '標記已讀',
      remove: '刪除',
      removeConfirm: '確定刪除選中的 {{count}} 條消息嗎？刪除後只從您的消息中移除。',
      total: '共 {{total}} 條',
    },
  },
  mas: {
    messages: {
      drawerTitle: 'Mesej dalam laman',
      readAll: 'Tandakan semua dibaca',
      readAllConfirm: 'Tandakan semua mesej sebagai telah dibaca?',
      center: 'Pusat mesej',
      empty: 'Tiada data',
      noMore: 'Tiada lagi mesej',
      unread: 'Belum dibaca',
      viewTitle: 'Lihat mesej',
      creator: 'Daripada',
      time: 'Masa',
      tabs: { all: 'Semua', notice: 'Notis', workflow: 'Aliran kerja', system: 'Sistem' },
      readFilter: { all: 'Semua', unread: 'Belum dibaca', read: 'Dibaca' },
      search: 'Cari tajuk',
      title: 'Tajuk',
      type: 'Jenis',
      state: 'Status',
      read: 'Dibaca',
      markRead: 'Tandakan dibaca',
      remove: 'Padam',
      removeConfirm: 'Padam {{count}} mesej yang dipilih? Ia hanya dibuang daripada mesej anda.',
      total: '{{total}} kesemuanya',
    },
  },
};

function addStrings() {
  for (const [lang, res] of Object.entries(MESSAGE_STRINGS)) i18next.addResourceBundle(lang, 'translation', res, true, false);
}
if (i18next.isInitialized) addStrings();
else i18next.on('initialized', addStrings);
