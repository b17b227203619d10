/** shared console pieces (components/Responsive, Sheet, LiveBadge, ListError, useLive), pt-BR. Same keys in all 16 files of this folder (tests/locales.test.ts). */
const messages: Record<string, string> = {
  'ui.search.placeholder': "Pesquisar",
  'ui.filters': "Filtros",
  'ui.filters.apply': "Ver resultados",
  'ui.filters.reset': "Limpar filtros",
  'ui.discard.title': "Descartar as alterações?",
  'ui.discard.content': "O que você digitou não foi salvo e será perdido se fechar agora.",
  'ui.discard.ok': "Descartar",
  'ui.discard.keep': "Continuar editando",
  'ui.list.failed': "Não foi possível carregar a lista.",
  'ui.list.offline': "Sem conexão com o servidor. Verifique a rede e tente novamente.",
  'ui.retry': "Tentar novamente",
  'ui.created': "Criado",
  'ui.sentForReview': "Enviado para revisão",
  'ui.live.paused': "Atualizações ao vivo pausadas: reconectando…",
};

export default messages;
