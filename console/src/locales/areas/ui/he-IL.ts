/** shared console pieces (components/Responsive, Sheet, LiveBadge, ListError, useLive), he-IL. Same keys in all 16 files of this folder (tests/locales.test.ts). */
const messages: Record<string, string> = {
  'ui.search.placeholder': "חיפוש",
  'ui.filters': "מסננים",
  'ui.filters.apply': "הצג תוצאות",
  'ui.filters.reset': "נקה מסננים",
  'ui.discard.title': "לבטל את השינויים?",
  'ui.discard.content': "מה שהזנת לא נשמר ויאבד אם תסגור עכשיו.",
  'ui.discard.ok': "בטל שינויים",
  'ui.discard.keep': "המשך לערוך",
  'ui.list.failed': "לא ניתן היה לטעון את הרשימה.",
  'ui.list.offline': "אין חיבור לשרת. בדקו את הרשת ונסו שוב.",
  'ui.retry': "נסה שוב",
  'ui.created': "נוצר",
  'ui.sentForReview': "נשלח לבדיקה",
  'ui.live.paused': "העדכונים החיים מושהים: מתחבר מחדש…",
};

export default messages;
