/** shared console pieces (components/Responsive, Sheet, LiveBadge, ListError, useLive), de-DE. Same keys in all 16 files of this folder (tests/locales.test.ts). */
const messages: Record<string, string> = {
  'ui.search.placeholder': "Suchen",
  'ui.filters': "Filter",
  'ui.filters.apply': "Ergebnisse anzeigen",
  'ui.filters.reset': "Filter zurücksetzen",
  'ui.discard.title': "Änderungen verwerfen?",
  'ui.discard.content': "Ihre Eingaben sind noch nicht gespeichert und gehen beim Schließen verloren.",
  'ui.discard.ok': "Verwerfen",
  'ui.discard.keep': "Weiter bearbeiten",
  'ui.list.failed': "Die Liste konnte nicht geladen werden.",
  'ui.list.offline': "Keine Verbindung zum Server. Prüfen Sie das Netzwerk und versuchen Sie es erneut.",
  'ui.retry': "Erneut versuchen",
  'ui.created': "Angelegt",
  'ui.sentForReview': "Zur Prüfung gesendet",
  'ui.live.paused': "Live-Aktualisierung pausiert: Verbindung wird wiederhergestellt …",
};

export default messages;
