/** shared console pieces (components/Responsive, Sheet, LiveBadge, ListError, useLive), ru-RU. Same keys in all 16 files of this folder (tests/locales.test.ts). */
const messages: Record<string, string> = {
  'ui.search.placeholder': "Поиск",
  'ui.filters': "Фильтры",
  'ui.filters.apply': "Показать результаты",
  'ui.filters.reset': "Сбросить фильтры",
  'ui.discard.title': "Отменить изменения?",
  'ui.discard.content': "Введённые данные не сохранены и будут потеряны, если закрыть сейчас.",
  'ui.discard.ok': "Отменить",
  'ui.discard.keep': "Продолжить",
  'ui.list.failed': "Не удалось загрузить список.",
  'ui.list.offline': "Нет связи с сервером. Проверьте сеть и повторите попытку.",
  'ui.retry': "Повторить",
  'ui.created': "Создано",
  'ui.sentForReview': "Отправлено на проверку",
  'ui.live.paused': "Обновления в реальном времени приостановлены: переподключение…",
};

export default messages;
