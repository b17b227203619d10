/** shared console pieces (components/Responsive, Sheet, LiveBadge, ListError, useLive), ja-JP. Same keys in all 16 files of this folder (tests/locales.test.ts). */
const messages: Record<string, string> = {
  'ui.search.placeholder': "検索",
  'ui.filters': "絞り込み",
  'ui.filters.apply': "結果を表示",
  'ui.filters.reset': "絞り込みを解除",
  'ui.discard.title': "変更を破棄しますか？",
  'ui.discard.content': "入力した内容はまだ保存されていません。今閉じると失われます。",
  'ui.discard.ok': "破棄",
  'ui.discard.keep': "編集を続ける",
  'ui.list.failed': "一覧を読み込めませんでした。",
  'ui.list.offline': "サーバーに接続できません。ネットワークを確認してから再試行してください。",
  'ui.retry': "再試行",
  'ui.created': "作成しました",
  'ui.sentForReview': "審査に送信しました",
  'ui.live.paused': "ライブ更新を一時停止中：再接続しています…",
};

export default messages;
