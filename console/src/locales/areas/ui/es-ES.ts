/** shared console pieces (components/Responsive, Sheet, LiveBadge, ListError, useLive), es-ES. Same keys in all 16 files of this folder (tests/locales.test.ts). */
const messages: Record<string, string> = {
  'ui.search.placeholder': "Buscar",
  'ui.filters': "Filtros",
  'ui.filters.apply': "Ver resultados",
  'ui.filters.reset': "Quitar filtros",
  'ui.discard.title': "¿Descartar los cambios?",
  'ui.discard.content': "Lo que ha introducido no se ha guardado y se perderá si cierra ahora.",
  'ui.discard.ok': "Descartar",
  'ui.discard.keep': "Seguir editando",
  'ui.list.failed': "No se pudo cargar la lista.",
  'ui.list.offline': "Sin conexión con el servidor. Compruebe la red y vuelva a intentarlo.",
  'ui.retry': "Reintentar",
  'ui.created': "Creado",
  'ui.sentForReview': "Enviado a revisión",
  'ui.live.paused': "Actualizaciones en directo en pausa: reconectando…",
};

export default messages;
