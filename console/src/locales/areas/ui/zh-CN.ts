/** shared console pieces (components/Responsive, Sheet, LiveBadge, ListError, useLive), zh-CN. Same keys in all 16 files of this folder (tests/locales.test.ts). */
const messages: Record<string, string> = {
  'ui.search.placeholder': "搜索",
  'ui.filters': "筛选",
  'ui.filters.apply': "查看结果",
  'ui.filters.reset': "清除筛选",
  'ui.discard.title': "放弃所做的修改？",
  'ui.discard.content': "您输入的内容尚未保存，现在关闭将会丢失。",
  'ui.discard.ok': "放弃",
  'ui.discard.keep': "继续编辑",
  'ui.list.failed': "列表加载失败。",
  'ui.list.offline': "无法连接服务器，请检查网络后重试。",
  'ui.retry': "重试",
  'ui.created': "已创建",
  'ui.sentForReview': "已提交审核",
  'ui.live.paused': "实时更新已暂停，正在重新连接…",
};

export default messages;
