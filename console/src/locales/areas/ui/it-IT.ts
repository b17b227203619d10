/** shared console pieces (components/Responsive, Sheet, LiveBadge, ListError, useLive), it-IT. Same keys in all 16 files of this folder (tests/locales.test.ts). */
const messages: Record<string, string> = {
  'ui.search.placeholder': "Cerca",
  'ui.filters': "Filtri",
  'ui.filters.apply': "Mostra risultati",
  'ui.filters.reset': "Cancella filtri",
  'ui.discard.title': "Scartare le modifiche?",
  'ui.discard.content': "Quanto inserito non è stato salvato e andrà perso se chiudi ora.",
  'ui.discard.ok': "Scarta",
  'ui.discard.keep': "Continua a modificare",
  'ui.list.failed': "Impossibile caricare l’elenco.",
  'ui.list.offline': "Nessuna connessione al server. Controlla la rete e riprova.",
  'ui.retry': "Riprova",
  'ui.created': "Creato",
  'ui.sentForReview': "Inviato in revisione",
  'ui.live.paused': "Aggiornamenti in tempo reale in pausa: riconnessione…",
};

export default messages;
