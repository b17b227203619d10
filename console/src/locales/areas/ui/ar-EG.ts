/** shared console pieces (components/Responsive, Sheet, LiveBadge, ListError, useLive), ar-EG. Same keys in all 16 files of this folder (tests/locales.test.ts). */
const messages: Record<string, string> = {
  'ui.search.placeholder': "بحث",
  'ui.filters': "عوامل التصفية",
  'ui.filters.apply': "عرض النتائج",
  'ui.filters.reset': "مسح عوامل التصفية",
  'ui.discard.title': "هل تريد تجاهل التغييرات؟",
  'ui.discard.content': "لم يتم حفظ ما أدخلته وسيضيع إذا أغلقت الآن.",
  'ui.discard.ok': "تجاهل",
  'ui.discard.keep': "متابعة التحرير",
  'ui.list.failed': "تعذّر تحميل القائمة.",
  'ui.list.offline': "لا يوجد اتصال بالخادم. تحقّق من الشبكة ثم أعد المحاولة.",
  'ui.retry': "إعادة المحاولة",
  'ui.created': "تم الإنشاء",
  'ui.sentForReview': "أُرسل للمراجعة",
  'ui.live.paused': "التحديثات المباشرة متوقفة: جارٍ إعادة الاتصال…",
};

export default messages;
