/** shared console pieces (components/Responsive, Sheet, LiveBadge, ListError, useLive), ko-KR. Same keys in all 16 files of this folder (tests/locales.test.ts). */
const messages: Record<string, string> = {
  'ui.search.placeholder': "검색",
  'ui.filters': "필터",
  'ui.filters.apply': "결과 보기",
  'ui.filters.reset': "필터 지우기",
  'ui.discard.title': "변경 내용을 버리시겠습니까?",
  'ui.discard.content': "입력한 내용이 저장되지 않았으며 지금 닫으면 사라집니다.",
  'ui.discard.ok': "버리기",
  'ui.discard.keep': "계속 편집",
  'ui.list.failed': "목록을 불러오지 못했습니다.",
  'ui.list.offline': "서버에 연결할 수 없습니다. 네트워크를 확인한 후 다시 시도하세요.",
  'ui.retry': "다시 시도",
  'ui.created': "생성됨",
  'ui.sentForReview': "검토 요청됨",
  'ui.live.paused': "실시간 업데이트 일시 중지: 다시 연결하는 중…",
};

export default messages;
